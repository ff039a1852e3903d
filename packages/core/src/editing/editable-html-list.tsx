import type { ComponentPropsWithoutRef } from 'react'

import { sanitizeHtml } from '../html/sanitize.ts'
import { editAttributes } from './editable.tsx'
import type { Located } from './editable.tsx'
import { useEditing } from './editing-context.ts'

type EditableHtmlListProps = Located & {
  /** The stored items, each an HTML fragment (sanitized when rendered). */
  items: readonly string[]
  /** Most items the document may hold: the editor refuses a further bullet. */
  maxItems?: number | undefined
  /** What the editor's text box is called (default: from the path). */
  label?: string | undefined
} & Omit<ComponentPropsWithoutRef<'ul'>, 'children' | 'dangerouslySetInnerHTML'>

/**
 * A bulleted list whose items are stored HTML (a news list block). Visitors get a `<ul>` of
 * sanitized items; in edit mode with an HtmlList editor supplied, the whole list is one rich
 * text box typed in place: Enter starts a new bullet, and the items are stored as an array
 * (`path` names the array).
 *
 * @example
 * <EditableHtmlList contentKey="newsPosts" path={[0, 'content', 3, 'items']} items={block.items} />
 */
export function EditableHtmlList({
  contentKey,
  path,
  items,
  maxItems,
  label,
  ...rest
}: EditableHtmlListProps) {
  const { isEditing, editors } = useEditing()
  const Editor = isEditing ? editors?.HtmlList : undefined
  const target = { contentKey, path, kind: 'htmlList' as const }
  if (Editor) {
    return (
      <Editor target={target} items={items} maxItems={maxItems} label={label} elementProps={rest} />
    )
  }
  return (
    <ul {...rest} {...editAttributes(isEditing, target)}>
      {items.map((item, index) => (
        // Items are HTML strings without ids: their place is who they are.
        <li key={index} dangerouslySetInnerHTML={{ __html: sanitizeHtml(item) }} />
      ))}
    </ul>
  )
}
