/**
 * "Require two-factor for staff" (supabase/migrations/*_staff_two_factor.sql; issue 34 §3):
 * while it is on, the database refuses staff writes from an aal1 session and allows them at
 * aal2; while it is off, aal1 writes go through. Only a director at aal2 changes the setting.
 * Driven by the unmodified supabase-js over real HTTP; codes come from the secret via otpauth.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Signed = Awaited<ReturnType<Harness['signedInUser']>>

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()

/** Enrols and verifies a TOTP factor; the client's session is aal2 afterwards. */
async function enrol(client: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error) throw enrolled.error
  const { id: factorId, totp } = enrolled.data
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId,
    code: codeFor(totp.secret),
  })
  if (verified.error) throw verified.error
  return { factorId, secret: totp.secret }
}

describe.skipIf(isHosted)('staff two-factor requirement', () => {
  let h: Harness
  let director: Signed
  let directorSecret: { factorId: string; secret: string }

  async function saveAlerts(client: SupabaseClient, value: unknown) {
    const { data: stored } = await h.service
      .from('website_content')
      .select('version')
      .eq('key', 'alerts')
      .maybeSingle()
    return client
      .from('website_content')
      .upsert(
        {
          key: 'alerts',
          value,
          base_version: (stored as { version: number } | null)?.version ?? 0,
        },
        { onConflict: 'key' },
      )
      .select('key')
  }

  const setRequired = (client: SupabaseClient, on: boolean) =>
    client
      .from('staff_security')
      .update({ two_factor_required: on })
      .eq('id', true)
      .select('two_factor_required')

  beforeAll(async () => {
    h = await startHarness()
    director = await h.signedInUser({ staff: true })
    directorSecret = await enrol(director.client)
  })
  beforeEach(async () => {
    // Each case starts with the requirement off (the cases run in a random order).
    const { error } = await h.service
      .from('staff_security')
      .update({ two_factor_required: false })
      .eq('id', true)
    expect(error).toBeNull()
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('should let an aal1 staff session write while two-factor is not required', async () => {
    const editor = await h.signedInUser({ staff: true })
    expect((await h.anon.rpc('two_factor_required')).data).toBe(false)
    const { data, error } = await saveAlerts(editor.client, [])
    expect(error).toBeNull()
    expect(data).toEqual([{ key: 'alerts' }])
  })

  it('should refuse to turn the requirement on from an aal1 session, even a director’s', async () => {
    const other = await h.signedInUser({ staff: true })
    const { data, error } = await setRequired(other.client, true)
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect((await h.anon.rpc('two_factor_required')).data).toBe(false)
  })

  it('should refuse aal1 staff writes while required and allow them at aal2', async () => {
    const member = await h.signedInUser({ staff: true })
    const { data: turnedOn, error: turnError } = await setRequired(director.client, true)
    expect(turnError).toBeNull()
    expect(turnedOn).toEqual([{ two_factor_required: true }])
    expect((await h.anon.rpc('two_factor_required')).data).toBe(true)

    // aal1: refused by RLS, and the document is unchanged.
    const stored = () =>
      h.service.from('website_content').select('value').eq('key', 'alerts').maybeSingle()
    const before = (await stored()).data
    const refused = await saveAlerts(member.client, [{ forged: true }])
    expect(refused.error?.code).toBe('42501')
    expect((await stored()).data).toEqual(before)
    expect((await member.client.rpc('is_admin')).data).toBe(false)
    // The admin still learns the role, to send them to enrolment.
    expect((await member.client.rpc('staff_role')).data).toBe('director')

    // The same member at aal2 writes again.
    await enrol(member.client)
    const allowed = await saveAlerts(member.client, [])
    expect(allowed.error).toBeNull()
    expect(allowed.data).toEqual([{ key: 'alerts' }])

    // A director's password-only session cannot switch it off either.
    const again = h.client()
    await again.auth.signInWithPassword({ email: director.email, password: director.password })
    expect((await setRequired(again, false)).data).toEqual([])
    expect((await h.anon.rpc('two_factor_required')).data).toBe(true)
    // …until it passes the second factor.
    const challenge = await again.auth.mfa.challengeAndVerify({
      factorId: directorSecret.factorId,
      code: codeFor(directorSecret.secret),
    })
    expect(challenge.error).toBeNull()
    expect((await setRequired(again, false)).data).toEqual([{ two_factor_required: false }])
    const passwordOnly = await h.signedInUser({ staff: true })
    expect((await saveAlerts(passwordOnly.client, [])).error).toBeNull()
  })

  it('should keep the setting from anyone who is not staff', async () => {
    const member = await h.signedInUser()
    const { data } = await member.client.from('staff_security').select('two_factor_required')
    expect(data).toEqual([])
  })
})
