import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { builtInDocument } from './built-in-documents.ts'
import { isDocumentKey, viewSourceOf } from './content-key-list.ts'
import type { DocumentKey } from './content-keys.ts'
import { teamCoaches } from './team-views.ts'

// One projection of a team page's coaches: what the database derives from the stored teams and
// staff (public.team_coaches, migration 20261207000900_team_coaches.sql) is what core makes of
// the built-in ones (team-views.ts), row by row, and what the store shows while none is stored
// (builtInDocument).

describe("the teams' coaches rows", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h?.stop())

  it('should be the same in the database as in core, for every sample team', async () => {
    const { teams, staff } = DEFAULT_CONTENT
    // Some coach of the samples must show, or the comparison proves little.
    expect(Object.values(teams).some((team) => team.coaches.length > 0)).toBe(true)
    const { data, error } = await h.anon.rpc('team_coaches', { teams, staff })
    expect(error).toBeNull()
    const rows = data as { key: string; value: unknown }[]
    const core: Record<string, unknown> = teamCoaches(teams, staff)
    expect(rows.map((row) => row.key).sort()).toEqual(Object.keys(core).sort())
    for (const row of rows) {
      expect(row.value, row.key).toEqual(core[row.key])
      // Named after `staff` by core and the database alike.
      expect(viewSourceOf(row.key), row.key).toBe('staff')
      const { data: named } = await h.anon.rpc('derived_content_source', { content_key: row.key })
      expect(named, row.key).toBe('staff')
      expect(isDocumentKey(row.key), row.key).toBe(true)
      expect(builtInDocument(DEFAULT_CONTENT, row.key as DocumentKey), row.key).toEqual(row.value)
    }
    expect(rows.some((row) => (row.value as unknown[]).length > 0)).toBe(true)
  })

  it('should be the same for coaches named twice, in their own order, or naming nobody', async () => {
    const [first, second] = DEFAULT_CONTENT.staff
    const team = { ...DEFAULT_CONTENT.teams['flash-12u']! }
    const teams = {
      odd: { ...team, id: 'odd', coaches: [second!.id, 'nobody', first!.id, second!.id] },
    }
    // A member listed twice: the first of its id is the card.
    const staff = [...DEFAULT_CONTENT.staff, { ...first!, name: 'Someone Else' }]
    const { data, error } = await h.anon.rpc('team_coaches', { teams, staff })
    expect(error).toBeNull()
    expect(data).toEqual([{ key: 'coaches/odd', value: [second, first] }])
    expect(teamCoaches(teams, staff)).toEqual({ 'coaches/odd': [second, first] })
  })
})
