import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { PROGRAM_FACTS } from '../../club/club-facts.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import { SelectField, TextField } from '../shared/form-controls.tsx'
import { tidyText } from './roster-rules.ts'
import { isProgram } from './team-rules.ts'

const PROGRAM_OPTIONS = PROGRAM_SLUGS.map((slug) => ({
  value: slug,
  label: PROGRAM_FACTS[slug].name,
}))

/** The rosters screen's form that adds a team: its name and program. */
export function AddTeamForm({ onAdd }: { onAdd(name: string, programSlug: ProgramSlug): void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [program, setProgram] = useState<ProgramSlug>('select')
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (tidyText(name) === '') {
      setError('Give the new team a name.')
      return
    }
    onAdd(name, program)
    setName('')
    setError(undefined)
  }
  return (
    <form
      className="rosters-editor__add-team"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h4 id={`${id}-title`}>Add a team</h4>
      <div className="rosters-editor__row">
        <TextField
          label="New team name"
          hint="Its page address is made from the name, such as /team/select-15u."
          value={name}
          error={error}
          onChange={(value) => {
            setName(value)
            if (error) setError(undefined)
          }}
        />
        <SelectField
          label="Program of the new team"
          value={program}
          options={PROGRAM_OPTIONS}
          onChange={(value) => (isProgram(value) ? setProgram(value) : undefined)}
        />
      </div>
      <div className="editor-actions">
        <button type="submit" className="btn btn--outline btn--small" data-control="new-team">
          Add team
        </button>
      </div>
    </form>
  )
}
