import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { isSampleDetail } from '../../defaults/club-details.ts'
import { editAttributes } from '../editable.tsx'
import type { ContentPath, LinkEditorProps } from '../editing-context.ts'
import type { EditChange } from './edit-saver.ts'
import { useEditorServices } from './editor-services.ts'
import { checkLink } from './link-rules.ts'
import type { RouteOption } from './link-rules.ts'
import { targetLabel } from './target-label.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

// The names link and button objects use across the content documents, most specific first.
const LINK_FIELDS = ['buttonLink', 'link', 'href', 'url'] as const
const TEXT_FIELDS = ['buttonText', 'text'] as const

/** Which stored fields a link region edits: the link itself, and its text when stored beside it. */
export type LinkFields = { linkPath: ContentPath; textPath?: ContentPath | undefined }

/**
 * The link (and text) fields of the value at `path`: the path itself when it holds a string,
 * else the first known link and text fields of the object there; undefined when there is none.
 *
 * @example
 * linkFieldsOf({ buttonText: 'Join', buttonLink: '/programs' }, ['hero'])
 * // { linkPath: ['hero', 'buttonLink'], textPath: ['hero', 'buttonText'] }
 */
export function linkFieldsOf(value: unknown, path: ContentPath): LinkFields | undefined {
  if (typeof value === 'string') return { linkPath: path }
  if (value === null || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  const link = LINK_FIELDS.find((field) => typeof record[field] === 'string')
  if (!link) return undefined
  const text = TEXT_FIELDS.find((field) => typeof record[field] === 'string')
  return { linkPath: [...path, link], textPath: text ? [...path, text] : undefined }
}

/**
 * A link region in edit mode: the page's link as it is, and an "Edit link" button that opens
 * a dialog with the link's text (when stored with it), a picker of the site's pages and an
 * address field checked against the site's link rules.
 *
 * @example
 * <EditingSurface editors={{ Link: LinkEditor }} …><HomePage … /></EditingSurface>
 */
export function LinkEditor({ target, children }: LinkEditorProps) {
  const { read } = useEditorServices()
  const [open, setOpen] = useState(false)
  const fields = linkFieldsOf(read(target.contentKey, target.path), target.path)
  const label = targetLabel(target)
  // A sample address (example.org) is marked, so staff replace it before families rely on it.
  const sample = fields
    ? isSampleDetail(String(read(target.contentKey, fields.linkPath) ?? ''))
    : false
  return (
    <span className="edit-link" {...editAttributes(true, target)}>
      {children}
      {sample && <span className="edit-sample">Sample — replace me</span>}
      {fields && (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="edit-chip" aria-label={`Edit link: ${label}`}>
            Link
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="edit-dialog__overlay" />
            <ModalContent className="edit-dialog" aria-describedby={undefined}>
              <Dialog.Title>Edit link</Dialog.Title>
              <LinkForm target={target} fields={fields} onDone={() => setOpen(false)} />
            </ModalContent>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </span>
  )
}

function LinkForm({
  target,
  fields,
  onDone,
}: {
  target: LinkEditorProps['target']
  fields: LinkFields
  onDone: () => void
}) {
  const { read, applyEdits, routes } = useEditorServices()
  const id = useId()
  const [text, setText] = useState(() =>
    fields.textPath ? String(read(target.contentKey, fields.textPath) ?? '') : '',
  )
  const [address, setAddress] = useState(() =>
    String(read(target.contentKey, fields.linkPath) ?? ''),
  )
  const [problem, setProblem] = useState<string | undefined>()
  const chosen = routes.find((route) => route.path === address)?.path ?? ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const check = checkLink(address)
    if (!check.ok) {
      setProblem(check.message)
      return
    }
    if (fields.textPath && text.trim() === '') {
      setProblem('The link needs its text.')
      return
    }
    const changes: EditChange[] = [
      { target: { ...target, path: fields.linkPath }, value: check.href },
    ]
    if (fields.textPath) {
      changes.push({
        target: { ...target, path: fields.textPath, kind: 'text' },
        value: text.trim(),
      })
    }
    applyEdits(changes)
    onDone()
  }

  return (
    <form className="edit-form" onSubmit={submit} noValidate>
      {fields.textPath && (
        <p className="edit-field">
          <label htmlFor={`${id}-text`}>Text</label>
          <input id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} />
        </p>
      )}
      <p className="edit-field">
        <label htmlFor={`${id}-page`}>Page on this site</label>
        <RouteSelect
          id={`${id}-page`}
          routes={routes}
          value={chosen}
          onChange={(path) => {
            setAddress(path)
            setProblem(undefined)
          }}
        />
      </p>
      <p className="edit-field">
        <label htmlFor={`${id}-href`}>Link address</label>
        <input
          id={`${id}-href`}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value)
            setProblem(undefined)
          }}
          aria-invalid={problem !== undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <small id={`${id}-hint`}>
          A page of this site (/programs), or an https://, mailto: or tel: address.
          {isSampleDetail(address) && (
            <strong className="edit-sample">
              {' '}
              Sample — replace me: this is sample content, not the club’s address.
            </strong>
          )}
        </small>
      </p>
      {problem && (
        <p id={`${id}-problem`} className="edit-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary">
          Save link
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </form>
  )
}

function RouteSelect({
  id,
  routes,
  value,
  onChange,
}: {
  id: string
  routes: readonly RouteOption[]
  value: string
  onChange: (path: string) => void
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => {
        if (event.target.value) onChange(event.target.value)
      }}
    >
      <option value="">Another address (below)</option>
      {routes.map((route) => (
        <option key={route.path} value={route.path}>
          {route.label}
        </option>
      ))}
    </select>
  )
}
