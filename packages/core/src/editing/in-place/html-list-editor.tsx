import { EditorContent, Node, mergeAttributes, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FocusEvent, KeyboardEvent } from 'react'

import { sanitizeHtml } from '../../html/sanitize.ts'
import { editAttributes } from '../editable.tsx'
import type { HtmlListEditorProps } from '../editing-context.ts'
import { cleanEditorHtml } from './clean-html.ts'
import { useEditorServices } from './editor-services.ts'
import { FormattingToolbar } from './html-editor.tsx'
import { checkLink } from './link-rules.ts'
import { targetLabel } from './target-label.ts'

/** How long typing pauses before a form surface is given the items (see `commitWhileTyping`). */
const IDLE_COMMIT_MS = 400

// The whole document is one bulleted list: there is nowhere to type but a bullet, and Enter
// in a bullet always makes the next one.
const ListDocument = Node.create({ name: 'doc', topNode: true, content: 'bulletList' })

/** Sent by the list's text box when Enter is refused because the list is full. */
const LIST_FULL_EVENT = 'club-list-full'

// A bullet holds one paragraph (no nested lists: the site's list items are flat). Tab and
// Shift+Tab are left to the browser, so they move the focus as everywhere else. Enter makes
// the next bullet unless the list holds its most (the box's `data-max-items`) already.
const BulletItem = Node.create({
  name: 'listItem',
  content: 'paragraph',
  defining: true,
  parseHTML: () => [{ tag: 'li' }],
  renderHTML: ({ HTMLAttributes }) => ['li', mergeAttributes(HTMLAttributes), 0],
  addKeyboardShortcuts() {
    return {
      Enter: () => {
        const dom = this.editor.view.dom
        const max = Number(dom.getAttribute('data-max-items') ?? Infinity)
        if ((this.editor.state.doc.firstChild?.childCount ?? 0) >= max) {
          dom.dispatchEvent(new CustomEvent(LIST_FULL_EVENT, { bubbles: true }))
          return true
        }
        return this.editor.commands.splitListItem(this.name)
      },
    }
  },
})

const EXTENSIONS = [
  ListDocument,
  BulletItem,
  // Only what the sanitizer keeps: anything else would be dropped on save anyway.
  StarterKit.configure({
    document: false,
    listItem: false,
    orderedList: false,
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // The document is a list: no paragraph is added after it.
    trailingNode: false,
    link: { openOnClick: false, autolink: false, isAllowedUri: (url) => checkLink(url).ok },
  }),
]

/**
 * The stored items as the editor's document: one bullet per item, each sanitized first, so
 * hostile markup in the database never reaches the editor either.
 *
 * @example
 * itemsToEditorHtml(['Fee: <strong>$150</strong>']) // '<ul><li><p>Fee: <strong>$150</strong></p></li></ul>'
 */
export function itemsToEditorHtml(items: readonly string[]): string {
  const shown = items.length === 0 ? [''] : items
  return `<ul>${shown.map((item) => `<li><p>${sanitizeHtml(item)}</p></li>`).join('')}</ul>`
}

/**
 * The editor's HTML back as stored items: one per bullet, each through the site's sanitizer
 * (cleanEditorHtml), blank bullets left out.
 *
 * @example
 * editorHtmlToItems('<ul><li><p>One</p></li><li><p></p></li><li><p>Two</p></li></ul>') // ['One', 'Two']
 */
export function editorHtmlToItems(
  html: string,
  document: Document = globalThis.document,
): string[] {
  const holder = document.createElement('div')
  holder.innerHTML = sanitizeHtml(html)
  const list = holder.querySelector('ul')
  if (!list) return []
  return [...list.children]
    .filter((child) => child.tagName === 'LI')
    .map((item) => cleanEditorHtml(item.innerHTML))
    .filter((item) => !isBlankItem(item))
}

function isBlankItem(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  )
}

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/**
 * A stored list of HTML items typed in place as one rich-text box (Tiptap): click and type,
 * Enter starts a new bullet, Backspace at a bullet's start joins it to the one before, Bold,
 * Italic and Link from the small toolbar (or Ctrl/⌘+B, Ctrl/⌘+I). There is no Edit or Save:
 * leaving the box stores the items (blank bullets dropped), Escape puts back what it held.
 * With `commitWhileTyping` (a form, where nothing is stored until its Save) the items
 * are also handed on after each pause in typing.
 *
 * The editor is made with the first render and keeps what is typed: a newer stored list is
 * taken only while the box does not have the focus, so no keystroke is ever overwritten.
 *
 * @example
 * <EditingSurface editors={{ HtmlList: HtmlListEditor }} …><NewsArticlePage … /></EditingSurface>
 */
export function HtmlListEditor({
  target,
  items,
  maxItems,
  label,
  elementProps,
  commitWhileTyping = false,
}: HtmlListEditorProps & { commitWhileTyping?: boolean }) {
  const { onEdit } = useEditorServices()
  const name = label ?? targetLabel(target)
  const [problem, setProblem] = useState<string | undefined>()
  const group = useRef<HTMLDivElement>(null)
  // What the list held when the focus arrived: a commit compares with it (and names it as the
  // value the edit started from), not with a list that changed under the editor's fingers.
  const startItems = useRef(items)
  const focused = useRef(false)
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef({ items, maxItems, onEdit })
  useLayoutEffect(() => {
    latest.current = { items, maxItems, onEdit }
  })

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: itemsToEditorHtml(items),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        // The list's own aria-describedby and the like describe the text box.
        ...Object.fromEntries(
          Object.entries(elementProps).filter(
            (entry): entry is [string, string] =>
              /^aria-/.test(entry[0]) && typeof entry[1] === 'string',
          ),
        ),
        'aria-label': `Edit ${name}`,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(maxItems === undefined ? {} : { 'data-max-items': String(maxItems) }),
        class: ['edit-html-list__content', elementProps.className].filter(Boolean).join(' '),
      },
    },
    onUpdate: () => {
      setProblem(undefined)
      if (!commitWhileTyping) return
      clearTimeout(idle.current)
      idle.current = setTimeout(() => commit(false), IDLE_COMMIT_MS)
    },
  })

  function currentItems(): string[] {
    return editorHtmlToItems(editor.getHTML(), group.current?.ownerDocument)
  }

  /** Hands the items on when they changed; `final` when the focus has left the box. */
  function commit(final: boolean) {
    clearTimeout(idle.current)
    const { maxItems: max, onEdit: save } = latest.current
    const next = currentItems()
    if (max !== undefined && next.length > max) {
      // Kept in the box, never cut: the editor removes what it chooses.
      setProblem(`A list holds at most ${max} items; this one has ${next.length}. Remove some.`)
      return
    }
    const from = startItems.current
    if (!sameItems(next, from)) {
      save(target, next, from)
      if (!final) startItems.current = next
    }
  }

  // A newer stored list (someone's save, undo) replaces the box's text only while nobody is
  // typing in it; what is typed is never overwritten.
  useEffect(() => {
    if (focused.current || editor.isDestroyed) return
    if (
      !sameItems(
        currentItems(),
        items.filter((item) => !isBlankItem(item)),
      )
    ) {
      editor.commands.setContent(itemsToEditorHtml(items), { emitUpdate: false })
    }
    startItems.current = items
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentItems reads the editor
  }, [items, editor])

  useEffect(() => () => clearTimeout(idle.current), [])

  useEffect(() => {
    const box = group.current
    const full = () => setProblem(`A list holds at most ${latest.current.maxItems ?? 0} items.`)
    box?.addEventListener(LIST_FULL_EVENT, full)
    return () => box?.removeEventListener(LIST_FULL_EVENT, full)
  }, [])

  const onFocus = () => {
    if (focused.current) return
    focused.current = true
    startItems.current = latest.current.items
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Moving between the box, its toolbar and the link form is not leaving it.
    if (group.current?.contains(event.relatedTarget as globalThis.Node | null)) return
    focused.current = false
    commit(true)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    clearTimeout(idle.current)
    editor.commands.setContent(itemsToEditorHtml(startItems.current), { emitUpdate: false })
    setProblem(undefined)
    editor.view.dom.blur()
  }

  return (
    <div
      ref={group}
      className="edit-html-list"
      role="group"
      aria-label={`${name}: bulleted list`}
      {...editAttributes(true, target)}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <FormattingToolbar editor={editor} bulletList={false} />
      <EditorContent editor={editor} />
      {problem && (
        <p className="edit-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
