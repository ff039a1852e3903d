import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { teamViews } from './team-views.ts'

// One projection of the teams for the pages that show them: what the database derives for
// stored teams (public.team_views, migration 20261207000300_team_views.sql) is what core makes
// of the built-in teams (team-views.ts), view by view.

describe('the views of the teams', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h?.stop())

  it('should be the same in the database as in core, for every view of the sample teams', async () => {
    const teams = DEFAULT_CONTENT.teams
    const { data, error } = await h.anon.rpc('team_views', { public_teams: teams })
    expect(error).toBeNull()
    const stored = Object.fromEntries(
      (data as { key: string; value: unknown }[]).map((row) => [row.key, row.value]),
    )
    const core: Record<string, unknown> = teamViews(teams)
    expect(Object.keys(stored).sort()).toEqual(Object.keys(core).sort())
    for (const key of Object.keys(core)) expect(stored[key], key).toEqual(core[key])
  })
})
