import type { ClubContact } from '../../entities/home-content.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { useEditorServices } from './editor-services.ts'
import { clubContactForm, MAX_ADDRESS_LINES, readClubContact } from './club-contact-form.ts'
import type { ClubContactForm } from './club-contact-form.ts'
import { describedBy, PanelDialog, PanelField, PanelFormEnd, usePanelForm } from './panel-form.tsx'

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
    <PanelDialog title={label} onClose={onClose}>
      <ClubContactFields
        initial={clubContactForm(stored)}
        onSave={(contact) => {
          applyEdits([{ target: { contentKey, path, kind: 'panel' }, value: contact }])
          onClose()
        }}
      />
    </PanelDialog>
  )
}

function ClubContactFields({
  initial,
  onSave,
}: {
  initial: ClubContactForm
  onSave: (contact: ClubContact) => void
}) {
  const { id, form, problems, set, submit } = usePanelForm(
    initial,
    readClubContact,
    FIELDS,
    (read) => onSave(read.contact),
  )
  const field = (name: keyof ClubContactForm, text: string, hint: string) => {
    const problem = problems[name]
    const controlId = `${id}-${name}`
    const common = {
      id: controlId,
      value: form[name],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': describedBy(controlId, true, problem),
    } as const
    return (
      <PanelField controlId={controlId} label={text} hint={hint} problem={problem}>
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
      </PanelField>
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
      <PanelFormEnd save="Save contact details" problems={problems} />
    </form>
  )
}
