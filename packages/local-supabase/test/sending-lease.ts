import { expect } from 'vitest'

import type { Harness } from './harness.ts'

/**
 * Takes the family alerts' sending lease for `run`, as another sending run would, for up to
 * `seconds`. A sending run that an earlier test's saves started (their webhook calls the
 * function) may hold it still, for longer on a busy machine: the lease is taken once that run
 * lets it go, as a second run's would be.
 */
export async function takeSendingLease(h: Harness, run: string, seconds = 60): Promise<void> {
  await expect
    .poll(async () => (await h.service.rpc('family_alerts_lease', { run, seconds })).data, {
      timeout: 60_000,
    })
    .toBe(true)
}
