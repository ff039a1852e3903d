/** IMPORTANT: the editing-aware primitives and the edit-mode context. */
export { EditableImage, EditablePanel, EditableRegion, EditableText } from '../editing/editable.tsx'
export { EditableHtml } from '../editing/editable-html.tsx'
export { EditableHtmlList } from '../editing/editable-html-list.tsx'
export { EditableList } from '../editing/editable-list.tsx'
export { EditingContext, useEditing } from '../editing/editing-context.ts'
export type {
  ContentPath,
  EditKind,
  EditingContextValue,
  EditorSlots,
  EditTarget,
  ElementProps,
  HtmlEditorProps,
  HtmlListEditorProps,
  ImageEditorProps,
  LinkEditorProps,
  ListEditorProps,
  PanelEditorProps,
  TextEditorProps,
} from '../editing/editing-context.ts'
export { getAtPath, setAtPath } from '../editing/set-at-path.ts'
