import type { ElementType } from 'react'

import { sanitizeHtml } from '../html/sanitize.ts'
import { useSlotEditor } from './editable.tsx'
import type { LocatedStringProps } from './editable.tsx'

// In its own module so that only pages with HTML fields load the sanitizer (DOMPurify).

/**
 * Stored HTML (list items, weather-policy sections, reminders). Always sanitized when
 * rendered: hostile markup in the database never runs. In edit mode with an Html editor
 * supplied, the editor renders it (and sanitizes what it saves the same way).
 *
 * @example
 * <EditableHtml as="li" contentKey="weatherPolicy" path={['sections', 0, 'items', 2]} html={item} />
 */
export function EditableHtml<T extends ElementType = 'div', Key extends string = string>({
  html,
  as,
  ...located
}: LocatedStringProps<T, Key> & { html: string }) {
  const { target, Editor, marks, elementProps } = useSlotEditor('Html', 'html', located)
  const Tag: ElementType = as ?? 'div'
  if (Editor) return <Editor target={target} html={html} as={Tag} elementProps={elementProps} />
  return (
    <Tag {...elementProps} {...marks} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
  )
}
