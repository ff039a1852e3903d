import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import type { ClubContact } from '../../entities/home-content.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { useEditorServices } from './editor-services.ts'
import { clubContactForm, MAX_ADDRESS_LINES, readClubContact } from './club-contact-form.ts'
import type { ClubContactForm, ClubContactProblems } from './club-contact-form.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

const FIELDS = ['email', 'phone', 'mailingAddress'] as const

/**
 * The club's email, phone and mailing address (`content.contact`), shown on /contact, in the
 * footer, and where pages refer to them (the sponsor steps, giving by mail). Save stores the
 * three as one edit; a value that cannot be stored is named under its control and nothing
 * typed is lost. A detail left empty is not shown anywhere.
 *
 * @example
 * <EditablePanel contentKey="content" path={['contact']} panel="clubContact" label="Contact details">…</EditablePanel>
 */
export function ClubContactPanel({ contentKey, path, label, onClose }: ItemPanelProps) {
  const { read, applyEdits } = useEditorServices()
  const stored = read(contentKey, path) as ClubContact | undefined
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="edit-dialog__overlay" />
        <ModalContent className="edit-dialog" aria-describedby={undefined}>
          <Dialog.Title>{label}</Dialog.Title>
          <ClubContactFields
            initial={clubContactForm(stored)}
            onSave={(contact) => {
              applyEdits([{ target: { contentKey, path, kind: 'panel' }, value: contact }])
              onClose()
            }}
          />
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ClubContactFields({
  initial,
  onSave,
}: {
  initial: ClubContactForm
  onSave: (contact: ClubContact) => void
}) {
  const id = useId()
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<ClubContactProblems>({})
  const set = (field: keyof ClubContactForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }))
    setProblems((current) => ({ ...current, [field]: undefined }))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const read = readClubContact(form)
    if (!read.ok) {
      setProblems(read.problems)
      // The first control with a problem takes focus, so its message is read out.
      const first = FIELDS.find((field) => read.problems[field])
      if (first)
        event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus()
      return
    }
    onSave(read.contact)
  }
  const field = (name: keyof ClubContactForm, text: string, hint: string) => {
    const problem = problems[name]
    const controlId = `${id}-${name}`
    const described = [`${controlId}-hint`, problem ? `${controlId}-problem` : '']
      .filter(Boolean)
      .join(' ')
    const common = {
      id: controlId,
      value: form[name],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': described,
    } as const
    return (
      <p className="edit-field">
        <label htmlFor={controlId}>{text}</label>
        {name === 'mailingAddress' ? (
          <textarea
            {...common}
            rows={MAX_ADDRESS_LINES - 2}
            autoComplete="off"
            onChange={(event) => set(name, event.target.value)}
          />
        ) : (
          <input
            {...common}
            type={name === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            onChange={(event) => set(name, event.target.value)}
          />
        )}
        <small id={`${controlId}-hint`}>{hint}</small>
        {problem && (
          <span id={`${controlId}-problem`} className="edit-problem">
            {problem}
          </span>
        )}
      </p>
    )
  }
  return (
    <form className="edit-form" onSubmit={submit} noValidate>
      {field(
        'email',
        'Email',
        'Shown on Contact and in the footer; the sponsor page offers “Email us” only while it is set.',
      )}
      {field('phone', 'Phone', 'Shown on Contact and in the footer. Leave it empty for none.')}
      {field(
        'mailingAddress',
        'Mailing address',
        'One line per line, without the club’s name (the pages add it). While it is set, the Donate page explains how to give by mail.',
      )}
      {Object.values(problems).some(Boolean) && (
        <p className="edit-problem" role="alert">
          Some values cannot be saved yet: see the notes above.
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary">
          Save contact details
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </form>
  )
}
