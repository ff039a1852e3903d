import { useLayoutEffect, useRef } from 'react'
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react'

import { editAttributes } from '../editable.tsx'
import type { TextEditorProps } from '../editing-context.ts'
import { useEditorServices } from './editor-services.ts'
import { targetLabel } from './target-label.ts'

/** Line breaks and runs of spaces typed into a one-line field read as one space. */
function plainText(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Plain text typed in place: the page's own element becomes editable (plaintext-only, so
 * pasted formatting never arrives). Enter or leaving the field commits; Escape puts the
 * stored text back. Nothing is saved while typing, so a word is one save, not one per key.
 *
 * @example
 * <EditingSurface editors={{ Text: TextEditor }} …><HomePage … /></EditingSurface>
 */
export function TextEditor({ target, value, as: Tag, elementProps }: TextEditorProps) {
  const { onEdit } = useEditorServices()
  const ref = useRef<HTMLElement>(null)
  // What the field showed when focus arrived: a commit compares with it, not with a value
  // that changed under the editor's fingers.
  const startValue = useRef(value)

  // The element's text is written here rather than as React children: typing changes the DOM
  // behind React's back, and React reconciling its own text node would move or lose the caret.
  useLayoutEffect(() => {
    const element = ref.current
    if (element && element.ownerDocument.activeElement !== element) element.textContent = value
  }, [value])

  const commit = () => {
    const element = ref.current
    if (!element) return
    const text = plainText(element.textContent ?? '')
    if (text !== startValue.current) onEdit(target, text, startValue.current)
    else element.textContent = value
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      event.currentTarget.blur()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.currentTarget.textContent = startValue.current
      event.currentTarget.blur()
    }
  }

  // Editable text inside a link (quick links, cards) must take the click, not follow the link.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault()
    event.stopPropagation()
  }

  const className = [elementProps.className, 'edit-text'].filter(Boolean).join(' ')
  // A heading stays a heading, named by its text, so the page's outline reads the same while
  // editing (an editable heading is announced as editable); other text becomes a textbox.
  const isHeading = typeof Tag === 'string' && /^h[1-6]$/.test(Tag)
  const role = isHeading
    ? {}
    : { role: 'textbox', 'aria-label': `Edit ${targetLabel(target)}`, 'aria-multiline': false }
  return (
    <Tag
      {...elementProps}
      {...editAttributes(true, target)}
      ref={ref}
      className={className}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      {...role}
      spellCheck
      onFocus={(event: FocusEvent<HTMLElement>) => {
        startValue.current = value
        // Read by the presence strip: did someone else's save move this very field?
        event.currentTarget.dataset.editFrom = value
      }}
      onBlur={commit}
      onKeyDown={onKeyDown}
      onClick={onClick}
    />
  )
}
