import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import type { Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState } from 'react'
import type { FormEvent, KeyboardEvent, ReactNode } from 'react'

import { sanitizeHtml } from '../../html/sanitize.ts'
import { editAttributes } from '../editable.tsx'
import type { HtmlEditorProps } from '../editing-context.ts'
import { cleanEditorHtml } from './clean-html.ts'
import { useEditorServices } from './editor-services.ts'
import { checkLink } from './link-rules.ts'
import { targetLabel } from './target-label.ts'
import { paths } from '../../routing/public-paths.ts'

// Block elements may hold a div; inline ones (p, span) get a span so the markup stays valid.
const BLOCK_TAGS = new Set(['div', 'section', 'article', 'li', 'td', 'dd', 'blockquote'])

/**
 * Stored HTML edited with a small toolbar (bold, italic, link, bulleted list). Shown as the
 * site shows it, with an Edit button; Save stores the sanitized result, Escape or Cancel
 * leaves it as it was.
 *
 * @example
 * <EditingSurface editors={{ Html: HtmlEditor }} …><WeatherPolicyPage … /></EditingSurface>
 */
export function HtmlEditor({ target, html, as: Tag, elementProps }: HtmlEditorProps) {
  const [open, setOpen] = useState(false)
  const label = targetLabel(target)
  if (open) {
    return <RichTextForm target={target} html={html} label={label} onDone={() => setOpen(false)} />
  }
  const Inner = typeof Tag === 'string' && BLOCK_TAGS.has(Tag) ? 'div' : 'span'
  return (
    <Tag {...elementProps} {...editAttributes(true, target)}>
      <Inner dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      <button
        type="button"
        className="edit-chip"
        aria-label={`Edit ${label}`}
        onClick={(event) => {
          // Some HTML fields sit inside links; the button edits, it does not navigate.
          event.preventDefault()
          setOpen(true)
        }}
      >
        Edit
      </button>
    </Tag>
  )
}

function RichTextForm({
  target,
  html,
  label,
  onDone,
}: {
  target: HtmlEditorProps['target']
  html: string
  label: string
  onDone: () => void
}) {
  const { onEdit } = useEditorServices()
  // What the field held when it was opened: a save compares with it, not with newer text.
  const [openedWith] = useState(html)
  const editor = useEditor({
    extensions: [
      // Only what the sanitizer keeps: anything else would be dropped on save anyway.
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: false,
          isAllowedUri: (url) => checkLink(url).ok,
        },
      }),
    ],
    content: sanitizeHtml(html),
    autofocus: 'end',
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
  })

  const save = () => {
    const next = cleanEditorHtml(editor.getHTML())
    if (next !== openedWith) onEdit(target, next, openedWith)
    onDone()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onDone()
    }
  }

  return (
    <div
      className="edit-html"
      role="group"
      aria-label={`Editing ${label}`}
      {...editAttributes(true, target)}
      onKeyDown={onKeyDown}
    >
      <FormattingToolbar editor={editor} />
      <EditorContent editor={editor} className="edit-html__content" />
      <div className="edit-actions">
        <button type="button" className="btn btn--primary" onClick={save}>
          Save
        </button>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/**
 * Bold, italic, a bulleted list (`bulletList`, off where the text is a list already) and link.
 * The formatting buttons keep the focus in the text, so nothing typed is committed in between.
 */
export function FormattingToolbar({
  editor,
  bulletList = true,
}: {
  editor: Editor
  bulletList?: boolean
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
    }),
  })
  const [linking, setLinking] = useState(false)
  return (
    <div className="edit-html__toolbar" role="toolbar" aria-label="Formatting">
      <FormatButton pressed={active.bold} toggle={() => editor.chain().focus().toggleBold().run()}>
        <strong>B</strong>
        <span className="visually-hidden"> Bold</span>
      </FormatButton>
      <FormatButton
        pressed={active.italic}
        toggle={() => editor.chain().focus().toggleItalic().run()}
      >
        <em>I</em>
        <span className="visually-hidden"> Italic</span>
      </FormatButton>
      {bulletList && (
        <FormatButton
          pressed={active.bulletList}
          toggle={() => editor.chain().focus().toggleBulletList().run()}
        >
          • List<span className="visually-hidden"> (bulleted)</span>
        </FormatButton>
      )}
      <button
        type="button"
        aria-pressed={active.link}
        aria-expanded={linking}
        onClick={() => setLinking((open) => !open)}
      >
        Link
      </button>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </div>
  )
}

/**
 * A toolbar button that turns a format on or off (pressed while the selection has it). It
 * keeps the focus in the text, so nothing typed is committed in between.
 */
function FormatButton({
  pressed,
  toggle,
  children,
}: {
  pressed: boolean
  toggle: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={toggle}
    >
      {children}
    </button>
  )
}

/** Sets or removes the link on the selection; refuses what the site's link rules refuse. */
export function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId()
  const [address, setAddress] = useState(() => String(editor.getAttributes('link').href ?? ''))
  const [problem, setProblem] = useState<string | undefined>()
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const check = checkLink(address)
    if (!check.ok) {
      setProblem(check.message)
      return
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      setProblem('Select the words to link first.')
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: check.href }).run()
    onDone()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onDone()
  }
  return (
    <form className="edit-html__link" onSubmit={apply} noValidate>
      <label htmlFor={`${id}-href`}>Link address</label>
      <input
        id={`${id}-href`}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value)
          setProblem(undefined)
        }}
        placeholder={`${paths.programs()} or https://…`}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <button type="submit">Apply</button>
      <button type="button" onClick={remove}>
        Remove link
      </button>
      {problem && (
        <p id={`${id}-problem`} className="edit-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
