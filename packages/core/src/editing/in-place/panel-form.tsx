import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'

import { ModalContent } from '../../ui/modal-content.tsx'

/**
 * The modal a settings panel opens in (club contact, program facts, card style): always open
 * while mounted, titled, and closing through `onClose` (Escape, Cancel, a click outside).
 *
 * @example
 * <PanelDialog title={label} onClose={onClose}><ClubContactFields … /></PanelDialog>
 */
export function PanelDialog({
  title,
  onClose,
  children,
}: {
  title: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="edit-dialog__overlay" />
        <ModalContent className="edit-dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          {children}
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * A panel form's last lines: the alert that values cannot be saved yet (while any control names
 * a problem), then Save (submits the form) and Cancel (closes the panel).
 *
 * @example
 * <PanelFormEnd save="Save contact details" problems={problems} />
 */
export function PanelFormEnd({
  save,
  problems = {},
}: {
  save: string
  problems?: Readonly<Record<string, string | undefined>>
}) {
  return (
    <>
      {Object.values(problems).some(Boolean) && (
        <p className="edit-problem" role="alert">
          Some values cannot be saved yet: see the notes above.
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary">
          {save}
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </>
  )
}

/** The ids of a panel control's hint and problem, as its `aria-describedby` names them (undefined for none). */
export function describedBy(controlId: string, hint: boolean, problem: string | undefined) {
  const ids = [hint ? `${controlId}-hint` : '', problem ? `${controlId}-problem` : '']
  return ids.filter(Boolean).join(' ') || undefined
}

/**
 * One control of a panel form with its label, hint and the problem that keeps it from being
 * saved (ids `${controlId}-hint` and `${controlId}-problem`, see describedBy).
 *
 * @example
 * <PanelField controlId={`${id}-phone`} label="Phone" hint="…" problem={problems.phone}>
 *   <input id={`${id}-phone`} aria-describedby={describedBy(`${id}-phone`, true, problems.phone)} … />
 * </PanelField>
 */
export function PanelField({
  controlId,
  label,
  hint,
  problem,
  children,
}: {
  controlId: string
  label: string
  hint?: string | undefined
  problem?: string | undefined
  children: ReactNode
}) {
  return (
    <p className="edit-field">
      <label htmlFor={controlId}>{label}</label>
      {children}
      {hint && <small id={`${controlId}-hint`}>{hint}</small>}
      {problem && (
        <span id={`${controlId}-problem`} className="edit-problem">
          {problem}
        </span>
      )}
    </p>
  )
}

/** What a panel form's check makes of its values: what to save, or the problem of each control. */
type Checked<Form> = { ok: true } | { ok: false; problems: Partial<Record<keyof Form, string>> }

/**
 * A panel form whose values are checked on Save (`check`): what cannot be stored is named
 * under its control (the first in `order` with a problem takes focus, so its message is read
 * out) and nothing typed is lost; what can is given to `onSave`. Changing a control clears
 * its problem. Controls have the ids `${id}-${name}`.
 *
 * @example
 * const { id, form, problems, set, submit } = usePanelForm(initial, readClubContact, FIELDS, (read) => onSave(read.contact))
 */
export function usePanelForm<Form extends object, Read extends Checked<Form>>(
  initial: Form,
  check: (form: Form) => Read,
  order: readonly (keyof Form & string)[],
  onSave: (read: Extract<Read, { ok: true }>) => void,
) {
  const id = useId()
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<Partial<Record<keyof Form, string>>>({})
  const set = <F extends keyof Form>(field: F, value: Form[F]) => {
    setForm((current) => ({ ...current, [field]: value }))
    setProblems((current) => ({ ...current, [field]: undefined }))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const read = check(form)
    if (!read.ok) {
      setProblems(read.problems)
      const first = order.find((name) => read.problems[name])
      if (first)
        event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus()
      return
    }
    onSave(read as Extract<Read, { ok: true }>)
  }
  return { id, form, problems, set, submit }
}
