/**
 * Auth contract: sign-up, password sign-in, the user endpoints and GoTrue's error
 * shapes, driven by the unmodified supabase-js.
 */
import { randomUUID } from 'node:crypto'

import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js'
import type { AuthChangeEvent } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startLocalSupabase } from '../src/index.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const newEmail = () => `auth-${randomUUID()}@example.test`
const PASSWORD = 'correct-horse-battery'

function decodeClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())

describe('auth: sign-up, sign-in and the user', () => {
  it('should sign up with email and password and return a session and a confirmed user', async () => {
    const email = newEmail()
    const client = h.client()
    const { data, error } = await client.auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { display_name: 'New Parent' } },
    })
    expect(error).toBeNull()
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.refresh_token.length).toBeGreaterThanOrEqual(12)
    expect(data.session?.expires_in).toBe(3600)
    const user = data.user!
    expect(user.email).toBe(email)
    expect(user.phone).toBe('')
    expect(user.aud).toBe('authenticated')
    expect(user.role).toBe('authenticated')
    expect(user.email_confirmed_at).toBeTruthy()
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user.user_metadata).toMatchObject({
      display_name: 'New Parent',
      email,
      email_verified: true,
      sub: user.id,
    })
    expect(user.identities).toHaveLength(1)
    expect(user.identities?.[0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email,
    })
    expect(user.is_anonymous).toBe(false)
  })

  it('should put the GoTrue claims in the access token', async () => {
    const email = newEmail()
    const { data } = await h.client().auth.signUp({ email, password: PASSWORD })
    const claims = decodeClaims(data.session!.access_token)
    expect(claims).toMatchObject({
      iss: `${h.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    })
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    expect(claims.exp).toBe(data.session!.expires_at)
    expect(typeof claims.session_id).toBe('string')
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
  })

  it('should refuse a second sign-up with the same email as user_already_exists', async () => {
    const email = newEmail()
    await h.client().auth.signUp({ email, password: PASSWORD })
    const { data, error } = await h.client().auth.signUp({ email, password: PASSWORD })
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
    expect(data.session).toBeNull()
  })

  it('should refuse a password shorter than minimum_password_length with weak_password', async () => {
    const { error } = await h.client().auth.signUp({ email: newEmail(), password: 'short' })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length'])
    expect(error?.message).toMatch(/^Password should be at least \d+ characters\.$/)
  })

  it('should require a password on sign-up', async () => {
    const { error } = await h.client().auth.signUp({ email: newEmail(), password: '' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
    expect(error?.message).toBe('Signup requires a valid password')
  })

  it('should require an email or phone plus a password (client-side when both are missing, anonymous on the server)', async () => {
    // supabase-js refuses credentials with neither key before any request is made…
    const missing = await h.client().auth.signUp({ password: PASSWORD } as never)
    expect(missing.error?.message).toBe(
      'You must provide either an email or phone number and a password',
    )
    expect(missing.error?.status).toBe(400)
    // …and GoTrue treats an empty email and phone as an anonymous sign-in, which config.toml disables.
    const empty = await h.client().auth.signUp({ email: '', password: '' })
    expect(empty.error?.status).toBe(422)
    expect(empty.error?.code).toBe('anonymous_provider_disabled')
    const anonymous = await h.client().auth.signInAnonymously()
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled')
  })

  it('should sign up and in with a phone number (confirmed at once, stored without the +)', async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`
    const { data, error } = await h.client().auth.signUp({ phone, password: PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.phone).toBe(phone.slice(1))
    expect(data.user?.email).toBe('')
    expect(data.user?.phone_confirmed_at).toBeTruthy()
    expect(data.user?.app_metadata).toEqual({ provider: 'phone', providers: ['phone'] })
    const signIn = await h.client().auth.signInWithPassword({ phone, password: PASSWORD })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(data.user?.id)
  })

  it('should refuse a malformed email address', async () => {
    const { error } = await h.client().auth.signUp({ email: 'not an email', password: PASSWORD })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('email_address_invalid')
  })

  it.runIf(localOnly('signs in with the staff login from supabase/seed.sql'))(
    'should sign in with the seeded staff login (a pgcrypto bcrypt hash)',
    async () => {
      const client = h.client()
      const { data, error } = await client.auth.signInWithPassword({
        email: 'staff@club.local',
        password: 'club-staff-2026',
      })
      expect(error).toBeNull()
      expect(data.user?.id).toBe('00000000-0000-4000-8000-000000000001')
      expect(data.user?.user_metadata.display_name).toBe('Club Director')
      expect(data.user?.last_sign_in_at).toBeTruthy()
      expect(Date.now() - Date.parse(data.user!.last_sign_in_at!)).toBeLessThan(60_000)
      const me = await client.auth.getUser()
      expect(me.data.user?.email).toBe('staff@club.local')
    },
  )

  it.runIf(localOnly('reads the stored hash from the database'))(
    'should hash at the server’s bcrypt cost, and refuse a cost bcrypt does not have',
    async () => {
      const email = newEmail()
      const { data } = await h.client().auth.signUp({ email, password: PASSWORD })
      const stored = await h.local!.db.pg.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [data.user!.id],
      )
      // The harness's servers hash at bcrypt's least cost (the seeded logins, hashed at 10 by
      // supabase/seed.sql, verify at theirs: see the test above).
      expect(stored.rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$04\$/)
      expect(
        (await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error,
      ).toBeNull()
      await expect(startLocalSupabase({ bcryptCost: 3 })).rejects.toThrow(
        'bcryptCost must be a whole number from 4 to 31, not 3',
      )
    },
  )

  it('should refuse a wrong password and an unknown email alike with invalid_credentials', async () => {
    const email = newEmail()
    await h.client().auth.signUp({ email, password: PASSWORD })
    const wrong = await h.client().auth.signInWithPassword({ email, password: 'not-the-password' })
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.code).toBe('invalid_credentials')
    expect(wrong.error?.message).toBe('Invalid login credentials')
    const unknown = await h
      .client()
      .auth.signInWithPassword({ email: newEmail(), password: PASSWORD })
    expect(unknown.error?.code).toBe('invalid_credentials')
  })

  it('should sign in case-insensitively on the email and update last_sign_in_at', async () => {
    const email = newEmail()
    const signedUp = await h.client().auth.signUp({ email, password: PASSWORD })
    const first = signedUp.data.user!.last_sign_in_at!
    await new Promise((resolve) => setTimeout(resolve, 20))
    const { data, error } = await h
      .client()
      .auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD })
    expect(error).toBeNull()
    expect(Date.parse(data.user!.last_sign_in_at!)).toBeGreaterThan(Date.parse(first))
  })

  it('should return the signed-in user from getUser and refuse a client with no session', async () => {
    const { client, id, email } = await h.signedInUser()
    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id, email })
    // Without a session supabase-js sends the anon key, which has no `sub`.
    const anonymous = await h.anon.auth.getUser(h.anonKey)
    expect(anonymous.error?.status).toBe(403)
    expect(anonymous.error?.code).toBe('bad_jwt')
    expect(anonymous.error?.message).toBe('invalid claim: missing sub claim')
  })

  it('should update user metadata, merging keys and removing nulls', async () => {
    const { client } = await h.signedInUser()
    await client.auth.updateUser({ data: { display_name: 'Coach', team: 'U12' } })
    const { data, error } = await client.auth.updateUser({ data: { team: null, shirt: 7 } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Coach', shirt: 7 })
    expect(data.user?.user_metadata).not.toHaveProperty('team')
    const session = await client.auth.getSession()
    expect(session.data.session?.user.user_metadata.shirt).toBe(7)
  })

  it('should change the password, refuse the same password, and check the strength', async () => {
    const { client, email, password } = await h.signedInUser()
    const same = await client.auth.updateUser({ password })
    expect(same.error?.status).toBe(422)
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.message).toBe('New password should be different from the old password.')
    const weak = await client.auth.updateUser({ password: 'abc' })
    expect(weak.error?.code).toBe('weak_password')
    const changed = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(changed.error).toBeNull()
    const old = await h.client().auth.signInWithPassword({ email, password })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await h
      .client()
      .auth.signInWithPassword({ email, password: 'a-brand-new-password' })
    expect(fresh.error).toBeNull()
  })

  it('should keep the email until the change is confirmed, and refuse one that is taken with email_exists', async () => {
    const { client, email } = await h.signedInUser()
    const other = await h.signedInUser()
    const taken = await client.auth.updateUser({ email: other.email })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
    const target = newEmail()
    const { data, error } = await client.auth.updateUser({ email: target })
    expect(error).toBeNull()
    // GoTrue mails a link to the new address (test/auth-mail.test.ts follows it).
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(target)
    expect(data.user?.email_change_sent_at).toBeTruthy()
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(email)
  })

  it('should fire SIGNED_IN, USER_UPDATED, TOKEN_REFRESHED and SIGNED_OUT through onAuthStateChange', async () => {
    const email = newEmail()
    await h.client().auth.signUp({ email, password: PASSWORD })
    const client = h.client()
    const events: AuthChangeEvent[] = []
    client.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    await vi.waitFor(() => expect(events).toContain('INITIAL_SESSION'))
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    expect((await client.auth.updateUser({ data: { seen: true } })).error).toBeNull()
    expect((await client.auth.refreshSession()).error).toBeNull()
    expect((await client.auth.signOut()).error).toBeNull()
    await vi.waitFor(() =>
      expect(events).toEqual([
        'INITIAL_SESSION',
        'SIGNED_IN',
        'USER_UPDATED',
        'TOKEN_REFRESHED',
        'SIGNED_OUT',
      ]),
    )
  })

  it('should answer GET /settings in GoTrue shape', async () => {
    const res = await fetch(`${h.url}/auth/v1/settings`, { headers: { apikey: h.anonKey } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      external: { email: true, anonymous_users: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    })
  })
})

describe('auth: error shapes on the wire', () => {
  const signIn = (headers: Record<string, string>, body: string) =>
    fetch(`${h.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json', ...headers },
      body,
    })
  const wrongPassword = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-it-is' })

  it('should use {code, message} and echo the version headers when X-Supabase-Api-Version is sent', async () => {
    const res = await signIn({ 'x-supabase-api-version': '2024-01-01' }, wrongPassword)
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
  })

  it('should use the legacy {code: status, error_code, msg} shape without the header', async () => {
    const res = await signIn({}, wrongPassword)
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBeNull()
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('should refuse a malformed JSON body with bad_json', async () => {
    const res = await signIn({ 'x-supabase-api-version': '2024-01-01' }, '{"email":')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'bad_json',
      message: 'Could not parse request body as JSON',
    })
  })

  it('should refuse a field of the wrong JSON type with bad_json, as GoTrue decodes it', async () => {
    const versioned = { 'x-supabase-api-version': '2024-01-01' }
    for (const body of [
      { email: 5, password: 'whatever-it-is' },
      { email: 'a@b.test', password: [] },
    ]) {
      const res = await signIn(versioned, JSON.stringify(body))
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'bad_json' })
    }
  })

  it('should answer OAuth-style errors for the token endpoint', async () => {
    const missing = await fetch(`${h.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
    const unknown = await fetch(`${h.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ error: 'unsupported_grant_type' })
  })

  it('should answer 401 no_authorization when no token at all is sent', async () => {
    const res = await fetch(`${h.url}/auth/v1/user`, {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
  })

  it('should answer an unknown auth path with 404 in the same shape', async () => {
    const res = await fetch(`${h.url}/auth/v1/nope`, { headers: { apikey: h.anonKey } })
    expect(res.status).toBe(404)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ code: 404, error_code: 'not_found' })
  })

  it('should refuse resending confirmations with a clear 4xx (sign-ups are confirmed at once)', async () => {
    const { error } = await h.client().auth.resend({ type: 'signup', email: newEmail() })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('not_supported_locally')
  })
})
