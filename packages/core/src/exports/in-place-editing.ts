/**
 * IMPORTANT: admin only. The editing UI of /admin/edit/* (Tiptap, dnd-kit, Radix Dialog):
 * the editors the editable primitives delegate to, the provider that wires them to the
 * content store, and the edit bar. The public site never imports this entry;
 * src/editing/in-place-boundary.test.ts and eslint.config.js check it.
 */
export {
  DEFAULT_EDITORS,
  DEFAULT_ITEM_PANELS,
  EditingProvider,
  EditingSurface,
} from '../editing/in-place/editing-provider.tsx'
export type {
  EditingOptions,
  EditingProviderProps,
  EditingSurfaceProps,
} from '../editing/in-place/editing-provider.tsx'
export { EditBar, PREVIEW_WIDTHS, saveStatusText } from '../editing/in-place/edit-bar.tsx'
export type { EditBarProps } from '../editing/in-place/edit-bar.tsx'
export {
  currentEditState,
  EDIT_COMMAND_EVENT,
  EDIT_STATE_EVENT,
  isTypingTarget,
  sendEditCommand,
} from '../editing/in-place/edit-commands.ts'
export type { EditCommand, EditState } from '../editing/in-place/edit-commands.ts'
export { createEditSaver } from '../editing/in-place/edit-saver.ts'
export type { EditChange, EditSaver, EditSaverOptions } from '../editing/in-place/edit-saver.ts'
export type { EditorServices, ItemPanelProps } from '../editing/in-place/editor-services.ts'
export { TextEditor } from '../editing/in-place/text-editor.tsx'
export { HtmlEditor } from '../editing/in-place/html-editor.tsx'
export { cleanEditorHtml } from '../editing/in-place/clean-html.ts'
export { ImageEditor } from '../editing/in-place/image-editor.tsx'
export { LinkEditor, linkFieldsOf } from '../editing/in-place/link-editor.tsx'
export type { LinkFields } from '../editing/in-place/link-editor.tsx'
export { checkLink, siteRoutes } from '../editing/in-place/link-rules.ts'
export type { LinkCheck, RouteOption } from '../editing/in-place/link-rules.ts'
export { ListEditor, listOps } from '../editing/in-place/list-editor.tsx'
export { ProgramCardPanel } from '../editing/in-place/program-card-panel.tsx'
export { PanelEditor, REGION_PANELS } from '../editing/in-place/panel-editor.tsx'
export { ProgramFactsPanel } from '../editing/in-place/program-facts-panel.tsx'
export { programFactsForm, readProgramFacts } from '../editing/in-place/program-facts.ts'
export type { ProgramFacts, ProgramFactsForm } from '../editing/in-place/program-facts.ts'
export type { CardStyle } from '../editing/in-place/program-card-panel.tsx'
export { targetLabel } from '../editing/in-place/target-label.ts'
