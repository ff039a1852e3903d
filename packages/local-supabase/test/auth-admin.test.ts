/**
 * Auth admin API (service role only) and the email-link flows: password recovery and
 * magic links, whose messages the local server logs instead of mailing.
 */
import { randomUUID } from 'node:crypto'

import type { AuthChangeEvent } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const newEmail = () => `admin-${randomUUID()}@example.test`
const PASSWORD = 'admin-made-password'

let h: Harness
const logLines: string[] = []
beforeAll(async () => {
  h = await startHarness({ log: (line) => logLines.push(line) })
})
afterAll(() => h.stop())

describe('auth admin: who may call it', () => {
  it('should refuse the anon key with not_admin', async () => {
    const { data, error } = await h.anon.auth.admin.listUsers()
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('not_admin')
    expect(error?.message).toBe('User not allowed')
    expect(data.users).toEqual([])
  })

  it("should refuse a signed-in user's access token with not_admin", async () => {
    const { client } = await h.signedInUser()
    const token = (await client.auth.getSession()).data.session!.access_token
    const asUser = h.client(token)
    const list = await asUser.auth.admin.listUsers()
    expect(list.error?.code).toBe('not_admin')
    const create = await asUser.auth.admin.createUser({ email: newEmail(), password: PASSWORD })
    expect(create.error?.code).toBe('not_admin')
  })
})

describe('auth admin: managing users with the service role', () => {
  it('should create a confirmed user with metadata who can sign in', async () => {
    const email = newEmail()
    const { data, error } = await h.service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: 'Made By Admin' },
      app_metadata: { club_role: 'coach' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], club_role: 'coach' },
      user_metadata: { display_name: 'Made By Admin', email_verified: true },
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.identities?.[0]?.provider).toBe('email')
    const signIn = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.app_metadata.club_role).toBe('coach')
  })

  it('should leave a user created without email_confirm unable to sign in until confirmed', async () => {
    const email = newEmail()
    const created = await h.service.auth.admin.createUser({ email, password: PASSWORD })
    expect(created.data.user?.email_confirmed_at).toBeUndefined()
    const refused = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
    expect(refused.error?.code).toBe('email_not_confirmed')
    await h.service.auth.admin.updateUserById(created.data.user!.id, { email_confirm: true })
    expect(
      (await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull()
  })

  it('should refuse to create a second user with the same email (email_exists)', async () => {
    const email = newEmail()
    await h.service.auth.admin.createUser({ email, password: PASSWORD })
    const { error } = await h.service.auth.admin.createUser({
      email: email.toUpperCase(),
      password: PASSWORD,
    })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('email_exists')
  })

  it('should list users newest first with pagination', async () => {
    const first = await h.service.auth.admin.createUser({ email: newEmail(), password: PASSWORD })
    const second = await h.service.auth.admin.createUser({ email: newEmail(), password: PASSWORD })
    const { data, error } = await h.service.auth.admin.listUsers({ page: 1, perPage: 1 })
    expect(error).toBeNull()
    if (!('aud' in data)) throw new Error('listUsers returned no page')
    expect(data.users).toHaveLength(1)
    expect(data.users[0]?.id).toBe(second.data.user?.id)
    expect(data.aud).toBe('authenticated')
    expect(data.total).toBeGreaterThanOrEqual(2)
    expect(data.nextPage).toBe(2)
    const all = await h.service.auth.admin.listUsers({ perPage: 1000 })
    const ids = all.data.users.map((user) => user.id)
    expect(ids).toContain(first.data.user?.id)
    expect(all.data.users.every((user) => Array.isArray(user.identities))).toBe(true)
  })

  it('should get a user by id, and answer user_not_found for a missing one', async () => {
    const created = await h.service.auth.admin.createUser({ email: newEmail(), password: PASSWORD })
    const got = await h.service.auth.admin.getUserById(created.data.user!.id)
    expect(got.data.user?.email).toBe(created.data.user?.email)
    const missing = await h.service.auth.admin.getUserById(randomUUID())
    expect(missing.error?.status).toBe(404)
    expect(missing.error?.code).toBe('user_not_found')
  })

  it("should refuse another user's phone number, from the admin API and from the account itself (phone_exists)", async () => {
    const phone = `1555${String(Date.now()).slice(-7)}`
    const owner = await h.service.auth.admin.createUser({ phone, password: PASSWORD })
    expect(owner.error).toBeNull()
    const { client, id } = await h.signedInUser()
    const byAdmin = await h.service.auth.admin.updateUserById(id, { phone })
    expect(byAdmin.error?.status).toBe(422)
    expect(byAdmin.error?.code).toBe('phone_exists')
    const byUser = await client.auth.updateUser({ phone })
    expect(byUser.error?.status).toBe(422)
    expect(byUser.error?.code).toBe('phone_exists')
    expect((await h.service.auth.admin.getUserById(id)).data.user?.phone).toBeFalsy()
  })

  it('should update metadata, email and password, and end the sessions on a password change', async () => {
    const { client, id } = await h.signedInUser()
    const email = newEmail()
    const { data, error } = await h.service.auth.admin.updateUserById(id, {
      email,
      password: 'the-admin-reset-it',
      user_metadata: { nickname: 'Ace' },
      app_metadata: { club_role: 'treasurer' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      user_metadata: { nickname: 'Ace' },
      app_metadata: { club_role: 'treasurer', provider: 'email' },
    })
    expect((await client.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
    const signIn = await h
      .client()
      .auth.signInWithPassword({ email, password: 'the-admin-reset-it' })
    expect(signIn.error).toBeNull()
  })

  it('should keep the app_metadata of the update that gives a phone-only user an email', async () => {
    const phone = `1556${String(Date.now()).slice(-7)}`
    const created = await h.service.auth.admin.createUser({ phone, phone_confirm: true })
    expect(created.error).toBeNull()
    const email = newEmail()
    const { data, error } = await h.service.auth.admin.updateUserById(created.data.user!.id, {
      email,
      app_metadata: { club_role: 'coach' },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.app_metadata).toMatchObject({ club_role: 'coach' })
    expect(data.user?.app_metadata.providers).toEqual(expect.arrayContaining(['phone', 'email']))
  })

  it('should ban a user for a duration and lift the ban with "none"', async () => {
    const { email, password, id } = await h.signedInUser()
    const banned = await h.service.auth.admin.updateUserById(id, { ban_duration: '24h' })
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000)
    const refused = await h.client().auth.signInWithPassword({ email, password })
    expect(refused.error?.code).toBe('user_banned')
    await h.service.auth.admin.updateUserById(id, { ban_duration: 'none' })
    expect((await h.client().auth.signInWithPassword({ email, password })).error).toBeNull()
  })

  it('should delete a user, after which their token and id are refused', async () => {
    const { client, id } = await h.signedInUser()
    const token = (await client.auth.getSession()).data.session!.access_token
    const { error } = await h.service.auth.admin.deleteUser(id)
    expect(error).toBeNull()
    expect((await h.service.auth.admin.getUserById(id)).error?.code).toBe('user_not_found')
    const res = await fetch(`${h.url}/auth/v1/user`, {
      headers: {
        apikey: h.anonKey,
        authorization: `Bearer ${token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    })
  })

  it('should soft-delete a user, freeing the email', async () => {
    const { id, email } = await h.signedInUser()
    expect((await h.service.auth.admin.deleteUser(id, true)).error).toBeNull()
    const got = await h.service.auth.admin.getUserById(id)
    expect(got.data.user?.deleted_at).toBeTruthy()
    expect(got.data.user?.email).toBe('')
    const again = await h.service.auth.admin.createUser({ email, password: PASSWORD })
    expect(again.error).toBeNull()
  })
})

describe('auth: password recovery and magic links', () => {
  /** The last link the server logged for an address: `{ link, code }`. */
  function loggedLink(email: string) {
    const line = logLines.filter((entry) => entry.includes(` for ${email}: `)).at(-1)
    const match = line ? /: (\S+) \(code (\d{6})\)$/.exec(line) : null
    if (!match) throw new Error(`no link logged for ${email}`)
    return { link: match[1] ?? '', code: match[2] ?? '' }
  }

  it('should answer {} for any address and log a link only for a known one', async () => {
    const unknown = newEmail()
    const before = logLines.length
    expect(await h.anon.auth.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null })
    expect(logLines.slice(before).some((line) => line.includes(unknown))).toBe(false)
    if (!localOnly('reads the recovery link from the server log')) return
    const { email } = await h.signedInUser()
    expect((await h.anon.auth.resetPasswordForEmail(email)).error).toBeNull()
    const { link } = loggedLink(email)
    expect(link).toMatch(
      new RegExp(`^${h.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=recovery&redirect_to=`),
    )
  })

  it.runIf(localOnly('reads the recovery code from the server log'))(
    'should sign in with the recovery code (PASSWORD_RECOVERY) and let the user set a new password',
    async () => {
      const { email } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email)
      const { code } = loggedLink(email)
      const client = h.client()
      const events: AuthChangeEvent[] = []
      client.auth.onAuthStateChange((event) => {
        events.push(event)
      })
      const verified = await client.auth.verifyOtp({ email, token: code, type: 'recovery' })
      expect(verified.error).toBeNull()
      expect(verified.data.user?.email).toBe(email)
      await vi.waitFor(() => expect(events).toContain('PASSWORD_RECOVERY'))
      expect((await client.auth.updateUser({ password: 'recovered-password' })).error).toBeNull()
      expect(
        (await h.client().auth.signInWithPassword({ email, password: 'recovered-password' })).error,
      ).toBeNull()
      // The code is single-use.
      const reused = await h.client().auth.verifyOtp({ email, token: code, type: 'recovery' })
      expect(reused.error?.status).toBe(403)
      expect(reused.error?.code).toBe('otp_expired')
    },
  )

  it.runIf(localOnly('follows the logged recovery link'))(
    'should redirect the recovery link to the site with the session in the fragment, once',
    async () => {
      const { email } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' })
      const { link } = loggedLink(email)
      const first = await fetch(link, { redirect: 'manual' })
      expect(first.status).toBe(303)
      const location = new URL(first.headers.get('location') ?? '')
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/reset')
      const fragment = new URLSearchParams(location.hash.slice(1))
      expect(fragment.get('type')).toBe('recovery')
      expect(fragment.get('token_type')).toBe('bearer')
      const user = await h.client().auth.getUser(fragment.get('access_token') ?? '')
      expect(user.data.user?.email).toBe(email)
      const second = await fetch(link, { redirect: 'manual' })
      const failed = new URLSearchParams(
        new URL(second.headers.get('location') ?? '').hash.slice(1),
      )
      expect(failed.get('error_code')).toBe('otp_expired')
    },
  )

  it('should generate a recovery link for the service role and verify it by token hash', async () => {
    const { email } = await h.signedInUser()
    const { data, error } = await h.service.auth.admin.generateLink({ type: 'recovery', email })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('recovery')
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(data.user?.email).toBe(email)
    const verified = await h
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.access_token).toBeTruthy()
  })

  it.runIf(localOnly('reads the magic-link code from the server log'))(
    'should sign a new address up and in with a magic-link code',
    async () => {
      const email = newEmail()
      const sent = await h.anon.auth.signInWithOtp({
        email,
        options: { data: { display_name: 'Via Link' } },
      })
      expect(sent.error).toBeNull()
      const { code } = loggedLink(email)
      const { data, error } = await h.client().auth.verifyOtp({ email, token: code, type: 'email' })
      expect(error).toBeNull()
      expect(data.user?.email_confirmed_at).toBeTruthy()
      expect(data.user?.user_metadata.display_name).toBe('Via Link')
      const refused = await h.anon.auth.signInWithOtp({
        email: newEmail(),
        options: { shouldCreateUser: false },
      })
      expect(refused.error?.code).toBe('otp_disabled')
    },
  )
})
