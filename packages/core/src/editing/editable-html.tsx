import type { ComponentPropsWithoutRef, ElementType } from 'react'

import { sanitizeHtml } from '../html/sanitize.ts'
import { editAttributes } from './editable.tsx'
import type { Located } from './editable.tsx'
import { useEditing } from './editing-context.ts'

// In its own module so that only pages with HTML fields load the sanitizer (DOMPurify).
type EditableHtmlProps<T extends ElementType, Key extends string> = Located<Key> & {
  html: string
  as?: T
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'>

/**
 * Stored HTML (list items, weather-policy sections, reminders). Always sanitized when
 * rendered: hostile markup in the database never runs. In edit mode with an Html editor
 * supplied, the editor renders it (and sanitizes what it saves the same way).
 *
 * @example
 * <EditableHtml as="li" contentKey="weatherPolicy" path={['sections', 0, 'items', 2]} html={item} />
 */
export function EditableHtml<T extends ElementType = 'div', Key extends string = string>({
  contentKey,
  path,
  html,
  as,
  ...rest
}: EditableHtmlProps<T, Key>) {
  const { isEditing, editors } = useEditing()
  const Editor = isEditing ? editors?.Html : undefined
  const Tag: ElementType = as ?? 'div'
  if (Editor) {
    return (
      <Editor
        target={{ contentKey, path, kind: 'html' }}
        html={html}
        as={Tag}
        elementProps={rest}
      />
    )
  }
  return (
    <Tag
      {...rest}
      {...editAttributes(isEditing, { contentKey, path, kind: 'html' })}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  )
}
