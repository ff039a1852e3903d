/**
 * Multi-factor authentication (TOTP) through the unmodified supabase-js `auth.mfa` API:
 * GoTrue's shapes and error codes, the `aal`/`amr` claims, MFA_CHALLENGE_VERIFIED, refresh at
 * aal2, unenrolling, an RLS policy on `auth.jwt()->>'aal'`, and the reauthentication nonce
 * (reference: functions-mail-push-mfa.md §5). Codes come from the enrolled secret via otpauth.
 */
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type Amr = { method: string; timestamp: number }

function claimsOf(token: string): { aal: string; amr: Amr[]; session_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    aal: string
    amr: Amr[]
    session_id: string
  }
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('client has no session')
  return data.session.access_token
}

/** The code an authenticator app would show now for `secret`. */
function codeFor(secret: string): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate()
}

/** A six-digit code that is not valid in the previous, current or next 30 s step. */
function wrongCodeFor(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) })
  const now = Date.now()
  const valid = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: now + step * 30_000 })))
  for (let n = 0; ; n += 1) {
    const candidate = String(
      (Number(totp.generate({ timestamp: now })) + 1 + n) % 1_000_000,
    ).padStart(6, '0')
    if (!valid.has(candidate)) return candidate
  }
}

/** Enrols a TOTP factor for a client; returns its id and secret. */
async function enrol(client: SupabaseClient, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  return { factorId: data.id, secret: data.totp.secret }
}

/** A signed-in user with a verified factor, at aal2. */
async function userAtAal2() {
  const user = await h.signedInUser()
  const factor = await enrol(user.client, 'Phone')
  const { error } = await user.client.auth.mfa.challengeAndVerify({
    factorId: factor.factorId,
    code: codeFor(factor.secret),
  })
  if (error) throw error
  return { ...user, ...factor }
}

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = h.client()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return client
}

describe('auth mfa: enrolment', () => {
  it('should enrol a TOTP factor with GoTrue’s shape: id, type, friendly_name, QR code, secret, uri', async () => {
    const { client, email } = await h.signedInUser()
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'My phone',
      issuer: 'Club Admin',
    })
    expect(error).toBeNull()
    if (!data) throw new Error('no enrolment')
    expect(data.id).toMatch(UUID)
    expect(data.type).toBe('totp')
    expect(data.friendly_name).toBe('My phone')
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    // supabase-js prefixes GoTrue's SVG document; the document must not cut that URL at a '#'.
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s>]/)
    expect(data.totp.qr_code).not.toContain('#')
    const [label, query] = data.totp.uri.replace(/^otpauth:\/\/totp\//, '').split('?')
    expect(data.totp.uri.startsWith('otpauth://totp/')).toBe(true)
    expect(decodeURIComponent(label ?? '')).toBe(`Club Admin:${email}`)
    const uri = new URLSearchParams(query)
    expect(uri.get('secret')).toBe(data.totp.secret)
    expect(uri.get('issuer')).toBe('Club Admin')
  })

  it('should list an unverified factor in `all` only, and leave the session at aal1 with amr password', async () => {
    const { client } = await h.signedInUser()
    const { factorId } = await enrol(client)
    const listed = await client.auth.mfa.listFactors()
    expect(listed.error).toBeNull()
    expect(listed.data?.all).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'unverified' }),
    ])
    expect(listed.data?.totp).toEqual([])

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
    const claims = claimsOf(await accessToken(client))
    expect(claims.aal).toBe('aal1')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password'])
  })

  it('should refuse a second factor with the same friendly name (422 mfa_factor_name_conflict)', async () => {
    const { client } = await h.signedInUser()
    await enrol(client, 'Phone')
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('mfa_factor_name_conflict')
  })

  it('should refuse to enrol another factor from an aal1 session once one is verified (403 insufficient_aal)', async () => {
    const { email, password } = await userAtAal2()
    const aal1 = await signIn(email, password)
    const { error } = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('insufficient_aal')
  })
})

describe('auth mfa: challenge and verify', () => {
  it('should answer a challenge with its id, type and expiry (300 s)', async () => {
    const { client } = await h.signedInUser()
    const { factorId } = await enrol(client)
    const before = Math.floor(Date.now() / 1000)
    const { data, error } = await client.auth.mfa.challenge({ factorId })
    expect(error).toBeNull()
    expect(data).toMatchObject({ type: 'totp' })
    expect(data?.id).toMatch(UUID)
    expect(data?.expires_at).toBeGreaterThanOrEqual(before + 299)
    expect(data?.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 301)
  })

  it('should refuse a wrong code with 422 mfa_verification_failed and stay at aal1', async () => {
    const { client } = await h.signedInUser()
    const { factorId, secret } = await enrol(client)
    const challenge = await client.auth.mfa.challenge({ factorId })
    if (!challenge.data) throw challenge.error
    const { data, error } = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data.id,
      code: wrongCodeFor(secret),
    })
    expect(data).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('mfa_verification_failed')
    expect(claimsOf(await accessToken(client)).aal).toBe('aal1')
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.all[0]?.status).toBe('unverified')
  })

  it('should raise the session from aal1 to aal2 with amr totp, fire MFA_CHALLENGE_VERIFIED, and verify the factor', async () => {
    const { client } = await h.signedInUser()
    const { factorId, secret } = await enrol(client, 'Phone')
    const sessionBefore = claimsOf(await accessToken(client)).session_id
    const events: AuthChangeEvent[] = []
    const { data: listener } = client.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    try {
      const challenge = await client.auth.mfa.challenge({ factorId })
      if (!challenge.data) throw challenge.error
      const { data, error } = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data.id,
        code: codeFor(secret),
      })
      expect(error).toBeNull()
      expect(data).toMatchObject({ token_type: 'bearer', user: { factors: [{ id: factorId }] } })
      expect(events).toContain('MFA_CHALLENGE_VERIFIED')
    } finally {
      listener.subscription.unsubscribe()
    }

    const claims = claimsOf(await accessToken(client))
    expect(claims.aal).toBe('aal2')
    expect(claims.session_id).toBe(sessionBefore)
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password'])
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect(aal.data?.currentAuthenticationMethods[0]).toMatchObject({ method: 'totp' })
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.totp).toEqual([
      expect.objectContaining({ id: factorId, status: 'verified', friendly_name: 'Phone' }),
    ])
  })

  it('should keep aal2 across a refresh, and refuse the refresh token issued at aal1', async () => {
    const { client } = await h.signedInUser()
    const { factorId, secret } = await enrol(client)
    const { data: before } = await client.auth.getSession()
    const aal1Refresh = before.session?.refresh_token ?? ''
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
    expect(verified.error).toBeNull()

    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const claims = claimsOf(data.session?.access_token ?? '')
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry) => entry.method)).toContain('totp')

    const stale = await h.client().auth.refreshSession({ refresh_token: aal1Refresh })
    expect(stale.error?.status).toBe(400)
    expect(stale.data.session).toBeNull()
  })

  it('should sign in at aal1 with nextLevel aal2 once a factor is verified, and end the other aal1 sessions', async () => {
    const { email, password } = await h.signedInUser()
    const other = await signIn(email, password)
    const first = await signIn(email, password)
    const { factorId, secret } = await enrol(first)
    const verified = await first.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
    expect(verified.error).toBeNull()

    // The device still at aal1 was signed out by the verification (its refresh tokens went with it).
    const gone = await other.auth.refreshSession()
    expect(gone.error?.code).toBe('refresh_token_not_found')

    const next = await signIn(email, password)
    const aal = await next.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  })

  it('should refuse a challenge that was already used', async () => {
    const { client } = await h.signedInUser()
    const { factorId, secret } = await enrol(client)
    const challenge = await client.auth.mfa.challenge({ factorId })
    if (!challenge.data) throw challenge.error
    const code = codeFor(secret)
    const first = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
    expect(first.error).toBeNull()
    const again = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
    expect(again.error?.status).toBe(422)
    expect(again.error?.code).toBe('mfa_ip_address_mismatch')
  })

  it('should answer 404 mfa_factor_not_found for a factor that is not the caller’s', async () => {
    const owner = await h.signedInUser()
    const { factorId } = await enrol(owner.client)
    const stranger = await h.signedInUser()
    const { error } = await stranger.client.auth.mfa.challenge({ factorId })
    expect(error?.status).toBe(404)
    expect(error?.code).toBe('mfa_factor_not_found')
  })

  it('should answer 422 mfa_factor_not_found for an unknown challenge id', async () => {
    const { client } = await h.signedInUser()
    const { factorId, secret } = await enrol(client)
    const { error } = await client.auth.mfa.verify({
      factorId,
      challengeId: crypto.randomUUID(),
      code: codeFor(secret),
    })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('mfa_factor_not_found')
  })

  describe.runIf(localOnly('ages a challenge in the database'))('expiry', () => {
    it('should refuse an expired challenge with 422 mfa_challenge_expired, even with the right code', async () => {
      const { client } = await h.signedInUser()
      const { factorId, secret } = await enrol(client)
      const challenge = await client.auth.mfa.challenge({ factorId })
      if (!challenge.data) throw challenge.error
      await h.local?.db.pg.query(
        `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
        [challenge.data.id],
      )
      const { error } = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data.id,
        code: codeFor(secret),
      })
      expect(error?.status).toBe(422)
      expect(error?.code).toBe('mfa_challenge_expired')
      expect(claimsOf(await accessToken(client)).aal).toBe('aal1')
    })
  })
})

describe('auth mfa: unenrol', () => {
  it('should refuse to unenrol a verified factor from an aal1 session (422 insufficient_aal)', async () => {
    const { email, password, factorId } = await userAtAal2()
    const aal1 = await signIn(email, password)
    const { error } = await aal1.auth.mfa.unenroll({ factorId })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('insufficient_aal')
    const listed = await aal1.auth.mfa.listFactors()
    expect(listed.data?.totp.map((factor) => factor.id)).toEqual([factorId])
  })

  it('should unenrol from an aal2 session, answering {id}, and drop the session to aal1 at its next refresh', async () => {
    const { client, factorId } = await userAtAal2()
    const { data, error } = await client.auth.mfa.unenroll({ factorId })
    expect(error).toBeNull()
    expect(data).toEqual({ id: factorId })

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const claims = claimsOf(refreshed.data.session?.access_token ?? '')
    expect(claims.aal).toBe('aal1')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password'])
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.all).toEqual([])
  })

  it('should let an unverified factor be unenrolled at aal1', async () => {
    const { client } = await h.signedInUser()
    const { factorId } = await enrol(client)
    const { data, error } = await client.auth.mfa.unenroll({ factorId })
    expect(error).toBeNull()
    expect(data).toEqual({ id: factorId })
  })

  it('should let the service role list and delete a user’s factors (lost-phone recovery)', async () => {
    const { id, email, password, factorId } = await userAtAal2()
    const listed = await h.service.auth.admin.mfa.listFactors({ userId: id })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors.map((factor) => [factor.id, factor.status])).toEqual([
      [factorId, 'verified'],
    ])
    const deleted = await h.service.auth.admin.mfa.deleteFactor({ id: factorId, userId: id })
    expect(deleted.error).toBeNull()
    const after = await h.service.auth.admin.mfa.listFactors({ userId: id })
    expect(after.data?.factors).toEqual([])

    const next = await signIn(email, password)
    const aal = await next.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
  })
})

describe.runIf(localOnly('creates a table and policies of its own'))(
  'auth mfa: row-level security on the aal claim',
  () => {
    it('should let a restrictive policy on auth.jwt()->>aal refuse an aal1 write and accept it at aal2', async () => {
      await h.local?.db.pg.exec(`
        create table if not exists public.mfa_probe (id bigint generated always as identity primary key, note text);
        alter table public.mfa_probe enable row level security;
        drop policy if exists "anyone signed in" on public.mfa_probe;
        create policy "anyone signed in" on public.mfa_probe for all to authenticated using (true) with check (true);
        drop policy if exists "second factor" on public.mfa_probe;
        create policy "second factor" on public.mfa_probe as restrictive for insert to authenticated
          with check ((select auth.jwt() ->> 'aal') = 'aal2');
      `)
      const { client } = await h.signedInUser()
      const { factorId, secret } = await enrol(client)

      const refused = await client.from('mfa_probe').insert({ note: 'at aal1' })
      expect(refused.error?.code).toBe('42501')

      const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
      expect(verified.error).toBeNull()
      const accepted = await client.from('mfa_probe').insert({ note: 'at aal2' }).select('note')
      expect(accepted.error).toBeNull()
      expect(accepted.data).toEqual([{ note: 'at aal2' }])
    })
  },
)

describe('auth mfa: password changes', () => {
  it('should refuse a password change from an aal1 session once a factor is verified (401 insufficient_aal)', async () => {
    const { email, password } = await userAtAal2()
    const aal1 = await signIn(email, password)
    const { error } = await aal1.auth.updateUser({ password: `${password}-new` })
    expect(error?.status).toBe(401)
    expect(error?.code).toBe('insufficient_aal')
    // The old password still works.
    await signIn(email, password)
  })

  describe.runIf(localOnly('turns on secure_password_change and reads the local outbox'))(
    'with secure_password_change',
    () => {
      type Message = { type: string; subject: string; text: string; email_otp: string }

      async function lastMessage(email: string): Promise<Message | undefined> {
        const response = await fetch(
          `${h.url}/auth/v1/local/outbox?email=${encodeURIComponent(email)}`,
          { headers: { apikey: h.serviceRoleKey, authorization: `Bearer ${h.serviceRoleKey}` } },
        )
        const { messages } = (await response.json()) as { messages: Message[] }
        return messages[0]
      }

      it('should ask a day-old session for the nonce /reauthenticate sends, accept it once, and refuse a wrong one', async () => {
        const config = h.local?.config
        if (!config) throw new Error('no local server')
        config.securePasswordChange = true
        try {
          const { client, email, password } = await h.signedInUser()
          const { session_id } = claimsOf(await accessToken(client))
          await h.local?.db.pg.query(
            `update auth.sessions set created_at = now() - interval '25 hours' where id = $1`,
            [session_id],
          )

          const without = await client.auth.updateUser({ password: `${password}-1` })
          expect(without.error?.status).toBe(400)
          expect(without.error?.code).toBe('reauthentication_needed')

          const sent = await client.auth.reauthenticate()
          expect(sent.error).toBeNull()
          const message = await lastMessage(email)
          expect(message?.type).toBe('reauthentication')
          const nonce = message?.email_otp ?? ''
          expect(nonce).toMatch(/^\d{6}$/)
          expect(message?.subject).toBe(`${nonce} is your verification code`)
          expect(message?.text).toContain(nonce)

          const wrong = await client.auth.updateUser({
            password: `${password}-1`,
            nonce: nonce === '000000' ? '111111' : '000000',
          })
          expect(wrong.error?.status).toBe(422)
          expect(wrong.error?.code).toBe('reauthentication_not_valid')

          const changed = await client.auth.updateUser({ password: `${password}-1`, nonce })
          expect(changed.error).toBeNull()
          await signIn(email, `${password}-1`)

          const reused = await client.auth.updateUser({ password: `${password}-2`, nonce })
          expect(reused.error?.code).toBe('reauthentication_not_valid')
        } finally {
          config.securePasswordChange = false
        }
      })

      it('should let a session signed in within the day change its password without a nonce', async () => {
        const config = h.local?.config
        if (!config) throw new Error('no local server')
        config.securePasswordChange = true
        try {
          const { client, email, password } = await h.signedInUser()
          const { error } = await client.auth.updateUser({ password: `${password}-1` })
          expect(error).toBeNull()
          await signIn(email, `${password}-1`)
        } finally {
          config.securePasswordChange = false
        }
      })
    },
  )
})
