/** IMPORTANT: the editing-aware primitives and the edit-mode context. */
export { EditableImage, EditableRegion, EditableText } from '../editing/editable.tsx'
export { EditableHtml } from '../editing/editable-html.tsx'
export { EditingContext, useEditing } from '../editing/editing-context.ts'
export type { ContentPath, EditingContextValue, EditTarget } from '../editing/editing-context.ts'
