import { describe, expect, it } from 'vitest'

import { documentOfRow, documentsOf, heldVersionOf, rowsToRead } from './public-forms.ts'

const row = (key: string, version = 1) => ({ key, value: { key }, version, updatedAt: '' })

describe('documents read in the form their pages show', () => {
  it('should ask for the public row beside the document, leaving out what is held in either', () => {
    expect(rowsToRead(['alerts', 'teams'])).toEqual({
      keys: ['alerts', 'teams', 'publicTeams'],
      held: {},
    })
    // Held whole: both rows share its version.
    expect(rowsToRead(['teams'], { teams: 4, alerts: 2 })).toEqual({
      keys: ['teams', 'publicTeams'],
      held: { teams: 4, publicTeams: 4 },
    })
    // Held as visitors see it: the whole row is asked for afresh (a staff session reads it).
    expect(rowsToRead(['teams'], { publicTeams: 4 })).toEqual({
      keys: ['teams', 'publicTeams'],
      held: { publicTeams: 4 },
    })
    expect(heldVersionOf({ publicTeams: 4 }, 'teams')).toBe(4)
    expect(heldVersionOf({ teams: 5, publicTeams: 4 }, 'teams')).toBe(5)
    expect(heldVersionOf({}, 'alerts')).toBeUndefined()
  })

  it('should answer the whole document when it came, else the public form, marked', () => {
    expect(documentsOf([row('alerts'), row('publicTeams', 3)])).toEqual([
      row('alerts'),
      { ...row('publicTeams', 3), key: 'teams', form: 'public' },
    ])
    expect(documentsOf([row('publicTeams', 3), row('teams', 3)])).toEqual([row('teams', 3)])
    expect(documentOfRow('publicTeams')).toEqual({ key: 'teams', form: 'public' })
    expect(documentOfRow('alerts')).toEqual({ key: 'alerts' })
  })
})
