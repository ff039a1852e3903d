/**
 * Auth with stricter settings than config.toml: sign-ups disabled and no refresh-token
 * reuse window, so a reused token revokes its whole family (wire contract §2.5).
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

describe.runIf(
  localOnly('starts the server with enable_signup = false and refresh_token_reuse_interval = 0'),
)('auth: strict settings', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ signupEnabled: false, refreshTokenReuseInterval: 0 })
  })
  afterAll(() => h.stop())

  const refreshWith = (refresh_token: string) => h.client().auth.refreshSession({ refresh_token })

  it('should refuse sign-ups with signup_disabled', async () => {
    const { data, error } = await h.client().auth.signUp({
      email: `strict-${randomUUID()}@example.test`,
      password: 'long-enough-password',
    })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('signup_disabled')
    expect(error?.message).toBe('Signups not allowed for this instance')
    expect(data.user).toBeNull()
  })

  it('should still let the service role create users who can then sign in', async () => {
    const { client, id } = await h.signedInUser()
    expect((await client.auth.getUser()).data.user?.id).toBe(id)
  })

  it('should still return the current token when its parent is presented, even without a window', async () => {
    const { client } = await h.signedInUser()
    const first = (await client.auth.getSession()).data.session!.refresh_token
    const second = (await refreshWith(first)).data.session!.refresh_token
    const again = await refreshWith(first)
    expect(again.error).toBeNull()
    expect(again.data.session?.refresh_token).toBe(second)
  })

  it('should refuse a reused token with refresh_token_already_used and revoke the whole family', async () => {
    const { client } = await h.signedInUser()
    const first = (await client.auth.getSession()).data.session!.refresh_token
    const second = (await refreshWith(first)).data.session!.refresh_token
    const third = (await refreshWith(second)).data.session!.refresh_token
    const reused = await refreshWith(first)
    expect(reused.error?.status).toBe(400)
    expect(reused.error?.code).toBe('refresh_token_already_used')
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used')
    // The family is revoked: even the newest token no longer refreshes.
    const newest = await refreshWith(third)
    expect(newest.error?.code).toBe('refresh_token_already_used')
    const revoked = await h.local!.db.pg.query<{ revoked: boolean }>(
      'select revoked from auth.refresh_tokens where token = any($1::text[])',
      [[first, second, third]],
    )
    expect(revoked.rows.map((row) => row.revoked)).toEqual([true, true, true])
  })
})
