import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { parseDocument, type ContentIssue } from './parse-document.ts'
import { MAX_SCHEDULE_ENTRIES, type Teams } from './team.ts'

function parseTeams(stored: unknown): { value: Teams; issues: ContentIssue[] } {
  const issues: ContentIssue[] = []
  const value = parseDocument('teams', stored, DEFAULT_CONTENT.teams, (issue) => issues.push(issue))
  return { value, issues }
}

const stored = (): Teams => structuredClone(DEFAULT_CONTENT.teams) as Teams

describe('team schedules', () => {
  it('should accept a team stored before schedules existed, without an issue', () => {
    const teams = stored()
    delete teams['big-train-12u']?.schedule
    const { value, issues } = parseTeams(teams)
    expect(issues).toEqual([])
    expect(value['big-train-12u']?.schedule).toBeUndefined()
  })

  it('should drop only a malformed entry that the sample content cannot repair', () => {
    const teams = stored()
    const schedule = teams['big-train-12u']?.schedule ?? []
    const count = schedule.length
    // A new entry (no sample entry shares its id) with no usable date.
    schedule[1] = { ...(schedule[1] as NonNullable<(typeof schedule)[1]>), id: 'added-game' }
    ;(schedule[1] as unknown as Record<string, unknown>).date = 'next Tuesday'
    const { value, issues } = parseTeams(teams)
    expect(value['big-train-12u']?.schedule).toHaveLength(count - 1)
    expect(issues.map((issue) => [issue.path, issue.action])).toEqual([
      ['teams["big-train-12u"].schedule[1]', 'dropped'],
    ])
  })

  it('should clear a bad optional field of a new entry instead of dropping the entry', () => {
    const teams = stored()
    const first = teams['select-13u']?.schedule?.[0] as unknown as Record<string, unknown>
    first.id = 'added-game'
    first.time = '25:99'
    first.fieldId = 'javascript:alert(1)'
    first.homeAway = 'sideways'
    const { value } = parseTeams(teams)
    const entry = value['select-13u']?.schedule?.[0]
    expect(entry).toMatchObject({ time: '', fieldId: '', homeAway: 'neutral' })
  })

  it('should keep at most the maximum number of entries per team', () => {
    const teams = stored()
    const team = teams['flash-12u']
    const template = team?.schedule?.[0]
    if (!team || !template) throw new Error('no sample entry')
    team.schedule = Array.from({ length: MAX_SCHEDULE_ENTRIES + 5 }, (_, i) => ({
      ...template,
      id: `e${i}`,
    }))
    expect(parseTeams(teams).value['flash-12u']?.schedule).toHaveLength(MAX_SCHEDULE_ENTRIES)
  })

  it('should drop a repeated entry id', () => {
    const teams = stored()
    const schedule = teams['flash-18u']?.schedule ?? []
    const count = schedule.length
    schedule.push({ ...(schedule[0] as NonNullable<(typeof schedule)[0]>) })
    expect(parseTeams(teams).value['flash-18u']?.schedule).toHaveLength(count)
  })
})
