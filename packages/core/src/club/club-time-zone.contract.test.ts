import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { CLUB_TIME_ZONE } from './club-time.ts'

// One club time zone: the pages' (club-time.ts) and the database's, whose triggers decide what
// "today" is for families' alerts (public.club_time_zone(), migration 20261206008000).

describe('the club time zone', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h?.stop())

  it('should be the same in the database as on the pages', async () => {
    const { data, error } = await h.anon.rpc('club_time_zone')
    expect(error).toBeNull()
    expect(data).toBe(CLUB_TIME_ZONE)
  })
})
