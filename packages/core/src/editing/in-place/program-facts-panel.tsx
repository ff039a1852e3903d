import type { ProgramPage } from '../../entities/program-content.ts'
import type { EditChange } from './edit-saver.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { useEditorServices } from './editor-services.ts'
import { programFactsForm, readProgramFacts, registrationWithDeadline } from './program-facts.ts'
import type { ProgramFactsForm, ProgramFactsProblems } from './program-facts.ts'
import { describedBy, PanelDialog, PanelField, PanelFormEnd, usePanelForm } from './panel-form.tsx'

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
    <PanelDialog title={page ? `${label}: ${page.name}` : label} onClose={onClose}>
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
    </PanelDialog>
  )
}

/** The controls, in the order a problem among them takes focus. */
const FIELDS = ['deadline', 'minAge', 'maxAge', 'ageCutoff'] as const

function ProgramFactsFields({
  initial,
  onSave,
}: {
  initial: ProgramFactsForm
  onSave: (facts: { deadline: string; eligibility: ProgramPage['eligibility'] }) => void
}) {
  const { id, form, problems, set, submit } = usePanelForm(
    initial,
    readProgramFacts,
    FIELDS,
    (read) => onSave(read.facts),
  )
  const field = (
    name: keyof ProgramFactsProblems,
    text: string,
    input: { type: 'date' | 'text'; hint?: string; disabled?: boolean },
  ) => {
    const problem = problems[name]
    const controlId = `${id}-${name}`
    return (
      <PanelField controlId={controlId} label={text} hint={input.hint} problem={problem}>
        <input
          id={controlId}
          type={input.type}
          inputMode={input.type === 'text' ? 'numeric' : undefined}
          value={form[name]}
          disabled={input.disabled}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(controlId, Boolean(input.hint), problem)}
        />
      </PanelField>
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
      <PanelFormEnd save="Save ages and deadline" problems={problems} />
    </form>
  )
}
