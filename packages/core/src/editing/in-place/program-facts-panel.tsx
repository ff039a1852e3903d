import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import type { ProgramPage } from '../../entities/program-content.ts'
import type { EditChange } from './edit-saver.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { useEditorServices } from './editor-services.ts'
import { programFactsForm, readProgramFacts, registrationWithDeadline } from './program-facts.ts'
import type { ProgramFactsForm, ProgramFactsProblems } from './program-facts.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

/**
 * A program's facts for the program finder (programsContent[slug]): the last day to register
 * and who the program is for (the youngest and oldest age on the season's age cutoff). Save
 * stores both as one edit; a value that cannot be stored is named under its control and
 * nothing typed is lost.
 *
 * @example
 * <EditablePanel contentKey="programsContent" path={['select']} panel="programFacts" label="Ages and deadline">…</EditablePanel>
 */
export function ProgramFactsPanel({ contentKey, path, label, onClose }: ItemPanelProps) {
  const { read, applyEdits } = useEditorServices()
  const page = read(contentKey, path) as ProgramPage | undefined
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="edit-dialog__overlay" />
        <ModalContent className="edit-dialog" aria-describedby={undefined}>
          <Dialog.Title>{page ? `${label}: ${page.name}` : label}</Dialog.Title>
          {page ? (
            <ProgramFactsFields
              initial={programFactsForm(page)}
              onSave={(facts) => {
                const changes: EditChange[] = [
                  {
                    target: { contentKey, path: [...path, 'registration'], kind: 'panel' },
                    value: registrationWithDeadline(page.registration, facts.deadline),
                  },
                  {
                    target: { contentKey, path: [...path, 'eligibility'], kind: 'panel' },
                    value: facts.eligibility,
                  },
                ]
                applyEdits(changes)
                onClose()
              }}
            />
          ) : (
            <p>This program is no longer stored.</p>
          )}
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ProgramFactsFields({
  initial,
  onSave,
}: {
  initial: ProgramFactsForm
  onSave: (facts: { deadline: string; eligibility: ProgramPage['eligibility'] }) => void
}) {
  const id = useId()
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<ProgramFactsProblems>({})
  const set = <F extends keyof ProgramFactsForm>(field: F, value: ProgramFactsForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }))
    setProblems((current) => ({ ...current, [field]: undefined }))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const read = readProgramFacts(form)
    if (!read.ok) {
      setProblems(read.problems)
      // The first control with a problem takes focus, so its message is read out.
      const first = (['deadline', 'minAge', 'maxAge', 'ageCutoff'] as const).find(
        (field) => read.problems[field],
      )
      if (first)
        event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus()
      return
    }
    onSave(read.facts)
  }
  const field = (
    name: keyof ProgramFactsProblems,
    text: string,
    input: { type: 'date' | 'text'; hint?: string; disabled?: boolean },
  ) => {
    const problem = problems[name]
    const described = [
      input.hint ? `${id}-${name}-hint` : '',
      problem ? `${id}-${name}-problem` : '',
    ]
      .filter(Boolean)
      .join(' ')
    return (
      <p className="edit-field">
        <label htmlFor={`${id}-${name}`}>{text}</label>
        <input
          id={`${id}-${name}`}
          type={input.type}
          inputMode={input.type === 'text' ? 'numeric' : undefined}
          value={form[name]}
          disabled={input.disabled}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
        />
        {input.hint && <small id={`${id}-${name}-hint`}>{input.hint}</small>}
        {problem && (
          <span id={`${id}-${name}-problem`} className="edit-problem">
            {problem}
          </span>
        )}
      </p>
    )
  }
  return (
    <form className="edit-form" onSubmit={submit} noValidate>
      {field('deadline', 'Registration deadline', {
        type: 'date',
        hint: 'The last day to register. Leave it empty when there is none.',
      })}
      <fieldset className="edit-field">
        <legend>Who the program is for</legend>
        <label>
          <input
            type="checkbox"
            checked={form.statesAges}
            onChange={(event) => set('statesAges', event.target.checked)}
          />{' '}
          State the ages (the program finder suggests the program only then)
        </label>
        {field('minAge', 'Youngest age', { type: 'text', disabled: !form.statesAges })}
        {field('maxAge', 'Oldest age', { type: 'text', disabled: !form.statesAges })}
        {field('ageCutoff', 'Age cutoff date', {
          type: 'date',
          hint: 'Players’ ages are counted on this day (e.g. April 30 of the season).',
          disabled: !form.statesAges,
        })}
      </fieldset>
      {Object.values(problems).some(Boolean) && (
        <p className="edit-problem" role="alert">
          Some values cannot be saved yet: see the notes above.
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary">
          Save ages and deadline
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </form>
  )
}
