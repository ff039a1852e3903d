/**
 * IMPORTANT: admin only. The editing UI of /admin/edit/* (Tiptap, dnd-kit, Radix Dialog):
 * the editors the editable primitives delegate to, the provider that wires them to the
 * content store, and the edit bar. The public site never imports this entry;
 * src/editing/ui-boundary.test.ts and eslint.config.js check it.
 */
export {
  DEFAULT_EDITORS,
  DEFAULT_ITEM_PANELS,
  EditingProvider,
  EditingSurface,
} from '../editing/ui/editing-provider.tsx'
export type {
  EditingOptions,
  EditingProviderProps,
  EditingSurfaceProps,
} from '../editing/ui/editing-provider.tsx'
export { EditBar, PREVIEW_WIDTHS, saveStatusText } from '../editing/ui/edit-bar.tsx'
export type { EditBarProps } from '../editing/ui/edit-bar.tsx'
export {
  currentEditState,
  EDIT_COMMAND_EVENT,
  EDIT_STATE_EVENT,
  isTypingTarget,
  sendEditCommand,
} from '../editing/ui/edit-commands.ts'
export type { EditCommand, EditState } from '../editing/ui/edit-commands.ts'
export { createEditSaver } from '../editing/ui/edit-saver.ts'
export type { EditChange, EditSaver, EditSaverOptions } from '../editing/ui/edit-saver.ts'
export type { EditorServices, ItemPanelProps } from '../editing/ui/editor-services.ts'
export { TextEditor } from '../editing/ui/text-editor.tsx'
export { HtmlEditor } from '../editing/ui/html-editor.tsx'
export { cleanEditorHtml } from '../editing/ui/clean-html.ts'
export { ImageEditor } from '../editing/ui/image-editor.tsx'
export { LinkEditor, linkFieldsOf } from '../editing/ui/link-editor.tsx'
export type { LinkFields } from '../editing/ui/link-editor.tsx'
export { checkLink, siteRoutes } from '../editing/ui/link-rules.ts'
export type { LinkCheck, RouteOption } from '../editing/ui/link-rules.ts'
export { ListEditor, listOps } from '../editing/ui/list-editor.tsx'
export { ProgramCardPanel } from '../editing/ui/program-card-panel.tsx'
export { PanelEditor, REGION_PANELS } from '../editing/ui/panel-editor.tsx'
export { ProgramFactsPanel } from '../editing/ui/program-facts-panel.tsx'
export { programFactsForm, readProgramFacts } from '../editing/ui/program-facts.ts'
export type { ProgramFacts, ProgramFactsForm } from '../editing/ui/program-facts.ts'
export type { CardStyle } from '../editing/ui/program-card-panel.tsx'
export { targetLabel } from '../editing/ui/target-label.ts'
