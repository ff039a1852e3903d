import type { ComponentPropsWithoutRef, ElementType } from 'react'

import { sanitizeHtml } from '../html/sanitize.ts'
import { editAttributes } from './editable.tsx'
import type { Located } from './editable.tsx'
import { useEditing } from './editing-context.ts'

// In its own module so that only pages with HTML fields load the sanitizer (DOMPurify).
type EditableHtmlProps<T extends ElementType> = Located & {
  html: string
  as?: T
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'>

/**
 * Stored HTML (list items, weather-policy sections, reminders). Always sanitized when
 * rendered: hostile markup in the database never runs.
 */
export function EditableHtml<T extends ElementType = 'div'>({
  contentKey,
  path,
  html,
  as,
  ...rest
}: EditableHtmlProps<T>) {
  const { isEditing } = useEditing()
  const Tag: ElementType = as ?? 'div'
  return (
    <Tag
      {...rest}
      {...editAttributes(isEditing, { contentKey, path, kind: 'html' })}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  )
}
