/**
 * The auth controller against the local server's Auth and REST services, through the
 * unmodified supabase-js: real sign-in, staff status read from the database, events.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import {
  localOnly,
  SEEDED_PARENT,
  SEEDED_STAFF,
  startHarness,
  testClient,
} from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import { createBackendClient } from '../backend/client.ts'
import { createAuthController } from './auth-controller.ts'
import { WRONG_CURRENT_PASSWORD_MESSAGE } from './password-change.ts'
import { CODE_FORMAT_MESSAGE, WRONG_CODE_MESSAGE } from './two-factor.ts'
import type { AuthController, AuthControllerOptions } from './auth-controller.ts'
import type { AuthState } from './auth-state.ts'
import { RESET_NEEDS_EMAIL_MESSAGE } from './sign-in.ts'

let h: Harness
const stops: (() => void)[] = []

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function started(
  client: SupabaseClient = testClient(h.url, h.anonKey),
  options: Pick<AuthControllerOptions, 'recoveryAccessToken'> = {},
) {
  const notices = recordNotices()
  const logs = recordLogs()
  const controller = createAuthController(client, {
    notify: notices.notify,
    logger: logs.logger,
    ...options,
  })
  const events: string[] = []
  // Every state the controller published, in order.
  const states: AuthState[] = []
  controller.subscribe(() => {
    states.push(controller.getSnapshot())
    const event = controller.getSnapshot().lastEvent
    if (event && events.at(-1) !== event) events.push(event)
  })
  stops.push(controller.start())
  return { client, controller, notices, logs, events, states }
}

const settled = (controller: AuthController, expected: Record<string, unknown>) =>
  vi.waitFor(() => expect(controller.getSnapshot()).toMatchObject(expected), {
    timeout: 5000,
    interval: 10,
  })

/**
 * Waits for the staff check of a sign-in to answer, whatever it answers: the controller
 * publishes the SIGNED_IN event's state, then publishes it once more (the same event and
 * session) with the answer of `is_admin`. The positive witness a test waits for before it
 * looks at a staff status that must not have become true.
 */
const staffAnswered = (states: readonly AuthState[]) =>
  vi.waitFor(
    () => {
      const signedIn = states.filter((state) => state.lastEvent === 'SIGNED_IN')
      expect(signedIn.length, 'the staff check published its answer').toBeGreaterThanOrEqual(2)
      expect(signedIn[1]?.session).toBe(signedIn[0]?.session)
    },
    { timeout: 5000, interval: 10 },
  )

describe('auth controller against the local server', () => {
  it('should sign the seeded staff user in, welcome them, and read staff status from the database', async () => {
    const { controller, notices, events } = started()
    await settled(controller, { status: 'signed-out', isStaff: false })

    await expect(controller.signIn(SEEDED_STAFF)).resolves.toEqual({ error: null })
    expect(notices.shown).toEqual([
      { title: 'Welcome back!', description: 'You have successfully logged in.' },
    ])
    await settled(controller, { status: 'signed-in', isStaff: true, role: 'director' })
    expect(controller.getSnapshot().user?.email).toBe(SEEDED_STAFF.email)
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN'])
  })

  it('should enrol TOTP, rise to aal2 with MFA_CHALLENGE_VERIFIED, and ask for the code at the next sign-in (issue 34 §3)', async () => {
    const member = await h.signedInUser()
    const added = await h.service.from('admin_users').insert({ user_id: member.id, role: 'editor' })
    expect(added.error).toBeNull()
    const { controller, events } = started()
    await controller.signIn({ email: member.email, password: member.password })
    await settled(controller, { status: 'signed-in', aal: 'aal1', nextAal: 'aal1' })

    const { enrolment, error } = await controller.enrollTotp()
    expect(error).toBeNull()
    expect(enrolment!.qrCode).toMatch(/^data:image\/svg\+xml/)
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment!.secret) })
    expect((await controller.verifyCode('12345', enrolment!.factorId)).error?.message).toBe(
      CODE_FORMAT_MESSAGE,
    )
    const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0')
    expect((await controller.verifyCode(wrong, enrolment!.factorId)).error?.message).toBe(
      WRONG_CODE_MESSAGE,
    )
    expect((await controller.verifyCode(totp.generate(), enrolment!.factorId)).error).toBeNull()
    await settled(controller, { aal: 'aal2', nextAal: 'aal2', lastEvent: 'MFA_CHALLENGE_VERIFIED' })
    expect(events).toContain('MFA_CHALLENGE_VERIFIED')
    const { factors } = await controller.listFactors()
    expect(factors).toMatchObject([{ id: enrolment!.factorId, status: 'verified' }])

    // A new password sign-in is aal1 with aal2 to reach; the code (of the verified factor) raises it.
    await controller.signOut()
    await controller.signIn({ email: member.email, password: member.password })
    await settled(controller, { status: 'signed-in', aal: 'aal1', nextAal: 'aal2' })
    expect((await controller.verifyCode(totp.generate())).error).toBeNull()
    await settled(controller, { aal: 'aal2' })
  })

  it("should read an editor's role from the database", async () => {
    const editor = await h.signedInUser()
    const added = await h.service.from('admin_users').insert({ user_id: editor.id, role: 'editor' })
    expect(added.error).toBeNull()
    const { controller } = started()
    await controller.signIn({ email: editor.email, password: editor.password })
    await settled(controller, { status: 'signed-in', isStaff: true, role: 'editor' })
  })

  it('should make an invited account staff when it signs in, consuming its invitation', async () => {
    const email = `invited-${crypto.randomUUID()}@example.test`
    const password = `pw-${crypto.randomUUID()}`
    const created = await h.service.auth.admin.createUser({ email, password, email_confirm: true })
    const id = created.data.user!.id
    const invited = await h.service
      .from('staff_invitations')
      .insert({ email, role: 'editor', user_id: id })
    expect(invited.error).toBeNull()
    const { controller } = started()
    await controller.signIn({ email, password })
    await settled(controller, { status: 'signed-in', isStaff: true, role: 'editor' })
    const row = await h.service.from('staff_invitations').select('accepted_at').eq('user_id', id)
    expect(row.data?.[0]?.accepted_at).toBeTruthy()
  })

  it('should not count an ordinary signed-in user as staff', async () => {
    const { controller, states } = started()
    await settled(controller, { status: 'signed-out' })
    await controller.signIn(SEEDED_PARENT)
    await settled(controller, { status: 'signed-in' })
    // Once the staff check has answered, it said no.
    await staffAnswered(states)
    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-in',
      isStaff: false,
      role: null,
    })
  })

  it('should report a wrong password as a failed sign-in with the service message', async () => {
    const { controller, notices } = started()
    const { error } = await controller.signIn({
      email: SEEDED_STAFF.email,
      password: 'wrong-password',
    })
    expect(error?.message).toBe('Invalid login credentials')
    expect(notices.shown).toEqual([
      { title: 'Sign in Failed', description: 'Invalid login credentials', variant: 'destructive' },
    ])
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-out', session: null })
  })

  it('should sign out, say so, and forget the staff status', async () => {
    const { controller, notices, events } = started()
    await controller.signIn(SEEDED_STAFF)
    await settled(controller, { isStaff: true })

    await expect(controller.signOut()).resolves.toEqual({ error: null })
    expect(notices.shown.at(-1)).toEqual({
      title: "You've been logged out.",
      description: 'You have successfully logged out.',
    })
    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-out',
      isStaff: false,
      user: null,
    })
    expect(events.at(-1)).toBe('SIGNED_OUT')
  })

  it('should start from an existing session, staying loading until the staff status is known', async () => {
    const client = testClient(h.url, h.anonKey)
    await client.auth.signInWithPassword(SEEDED_STAFF)
    const { controller } = started(client)
    expect(controller.getSnapshot().status).toBe('loading')
    await settled(controller, { status: 'signed-in', isStaff: true, lastEvent: 'INITIAL_SESSION' })
  })

  it('should follow a token refresh without losing the staff status', async () => {
    const { client, controller, events } = started()
    await controller.signIn(SEEDED_STAFF)
    await settled(controller, { isStaff: true })
    const before = controller.getSnapshot().session?.refresh_token
    expect(before).toBeTruthy()

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    await settled(controller, { lastEvent: 'TOKEN_REFRESHED', status: 'signed-in', isStaff: true })
    // The provider now holds the rotated session that supabase-js refreshed.
    expect(controller.getSnapshot().session?.refresh_token).toBe(
      refreshed.data.session?.refresh_token,
    )
    expect(controller.getSnapshot().session?.refresh_token).not.toBe(before)
    expect(events).toContain('TOKEN_REFRESHED')
  })

  it('should update the profile of a signed-in user and confirm it', async () => {
    const user = await h.signedInUser()
    const { controller, notices } = started(user.client)
    await settled(controller, { status: 'signed-in' })

    await expect(
      controller.updateProfile({ data: { display_name: 'Coach Pat' } }),
    ).resolves.toEqual({ error: null })
    expect(notices.shown.at(-1)).toEqual({
      title: 'Success!',
      description: 'Your profile has been updated.',
    })
    await settled(controller, { lastEvent: 'USER_UPDATED' })
    expect(controller.getSnapshot().user?.user_metadata.display_name).toBe('Coach Pat')
  })

  it('should say an email change waits for the link mailed to the new address', async () => {
    const user = await h.signedInUser()
    const { controller, notices } = started(user.client)
    await settled(controller, { status: 'signed-in' })
    const next = `moved-${Date.now()}@example.test`

    await expect(controller.updateProfile({ email: next })).resolves.toEqual({ error: null })
    expect(notices.shown.at(-1)).toEqual({
      title: 'Success!',
      description: `Your profile has been updated. To sign in with ${next}, follow the link we sent there.`,
    })
    // Until the link is followed, the account keeps signing in with its old address.
    await settled(controller, { lastEvent: 'USER_UPDATED' })
    expect(controller.getSnapshot().user?.email).toBe(user.email)
    expect(controller.getSnapshot().user?.new_email).toBe(next)
  })

  it('should report a refused profile update with the service message', async () => {
    const user = await h.signedInUser()
    const { controller, notices } = started(user.client)
    await settled(controller, { status: 'signed-in' })
    const { error } = await controller.updateProfile({ password: 'x' })
    expect(error).not.toBeNull()
    expect(notices.shown.at(-1)).toEqual({
      title: 'Update Failed',
      description: error?.message,
      variant: 'destructive',
    })
  })

  it('should sign a new user up without making them staff, and report a refused sign-up', async () => {
    const { controller, notices, states } = started()
    await settled(controller, { status: 'signed-out' })
    const email = `new-${Date.now()}@example.test`
    await expect(controller.signUp({ email, password: 'a-long-enough-password' })).resolves.toEqual(
      { error: null },
    )
    await settled(controller, { status: 'signed-in', user: { email } })
    await staffAnswered(states)
    expect(controller.getSnapshot()).toMatchObject({ status: 'signed-in', isStaff: false })

    const again = await controller.signUp({ email: 'not-an-email', password: 'x' })
    expect(again.error).not.toBeNull()
    expect(notices.shown.at(-1)).toEqual({
      title: 'Sign up Failed',
      description: again.error?.message,
      variant: 'destructive',
    })
  })
})

const REDIRECT = 'http://127.0.0.1:4173/admin-login'

/** The recovery link the local server "mailed" to `email` (its outbox, service role only). */
async function mailedLink(email: string): Promise<string> {
  const response = await fetch(`${h.url}/auth/v1/local/outbox?email=${encodeURIComponent(email)}`, {
    headers: { apikey: h.serviceRoleKey, authorization: `Bearer ${h.serviceRoleKey}` },
  })
  const { messages } = (await response.json()) as { messages: { action_link: string }[] }
  const link = messages[0]?.action_link
  if (!link) throw new Error(`no message for ${email}`)
  return link
}

/** Follows the link as a browser would; returns the fragment of the page it lands on. */
async function landOn(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' })
  return new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1))
}

describe('auth controller: password recovery', () => {
  it('should answer a reset request the same for any address, and notice nothing', async () => {
    const { controller, notices } = started()
    await settled(controller, { status: 'signed-out' })
    const stranger = `nobody-${Date.now()}@example.test`
    await expect(controller.requestPasswordReset(stranger, REDIRECT)).resolves.toEqual({
      error: null,
    })
    const user = await h.signedInUser()
    await expect(controller.requestPasswordReset(user.email, REDIRECT)).resolves.toEqual({
      error: null,
    })
    expect(notices.shown).toEqual([])
  })

  it('should refuse a reset request without an address, and report a refused one', async () => {
    const { controller, notices } = started()
    const empty = await controller.requestPasswordReset('  ', REDIRECT)
    expect(empty.error?.message).toBe(RESET_NEEDS_EMAIL_MESSAGE)
    const address = `twice-${Date.now()}@example.test`
    await controller.requestPasswordReset(address, REDIRECT)
    const again = await controller.requestPasswordReset(address, REDIRECT)
    expect(again.error?.message).toMatch(/only request this after \d+ seconds/)
    expect(notices.shown.at(-1)).toEqual({
      title: 'Reset Failed',
      description: again.error?.message,
      variant: 'destructive',
    })
  })

  it.runIf(localOnly('ages a session in the local database'))(
    'should change the password only with the current one, and ask an old sign-in for the emailed code',
    async () => {
      const user = await h.signedInUser()
      const client = createBackendClient(
        { url: h.url, anonKey: h.anonKey },
        { persistSession: false, autoRefreshToken: false, storageKey: 'password-change-test' },
      )
      const { controller } = started(client)
      await controller.signIn({ email: user.email, password: user.password })
      await settled(controller, { status: 'signed-in' })
      const canSignIn = async (password: string) =>
        !(
          await testClient(h.url, h.anonKey).auth.signInWithPassword({
            email: user.email,
            password,
          })
        ).error

      const wrong = await controller.changePassword({
        currentPassword: 'not-it',
        newPassword: 'changed-once-2026',
      })
      expect(wrong).toEqual({ outcome: 'failed', error: new Error(WRONG_CURRENT_PASSWORD_MESSAGE) })
      // The check's own sign-in leaves this session as it was.
      await expect(controller.checkCurrentPassword(user.password)).resolves.toEqual({ error: null })
      expect(controller.getSnapshot().status).toBe('signed-in')
      await expect(
        controller.changePassword({
          currentPassword: user.password,
          newPassword: 'changed-once-2026',
        }),
      ).resolves.toEqual({ outcome: 'changed', error: null })
      expect(await canSignIn('changed-once-2026')).toBe(true)

      // A day later the auth service wants the code it mails (secure_password_change).
      const sessionId = (
        JSON.parse(
          Buffer.from(
            (controller.getSnapshot().session?.access_token ?? '').split('.')[1] ?? '',
            'base64url',
          ).toString(),
        ) as { session_id: string }
      ).session_id
      await h.local!.db.pg.query(
        `update auth.sessions set created_at = now() - interval '25 hours' where id = $1`,
        [sessionId],
      )
      await expect(
        controller.changePassword({
          currentPassword: 'changed-once-2026',
          newPassword: 'changed-twice-2026',
        }),
      ).resolves.toEqual({ outcome: 'code-sent', error: null })
      const outbox = await fetch(
        `${h.url}/auth/v1/local/outbox?email=${encodeURIComponent(user.email)}`,
        { headers: { apikey: h.serviceRoleKey, authorization: `Bearer ${h.serviceRoleKey}` } },
      )
      const [message] = (
        (await outbox.json()) as { messages: { type: string; email_otp: string }[] }
      ).messages
      expect(message?.type).toBe('reauthentication')
      const bad = await controller.changePassword({
        newPassword: 'changed-twice-2026',
        code: message?.email_otp === '000000' ? '111111' : '000000',
      })
      expect(bad.outcome).toBe('failed')
      expect(bad.error?.message).toMatch(/^That code did not work or has expired\./)
      await expect(
        controller.changePassword({
          newPassword: 'changed-twice-2026',
          code: message?.email_otp ?? '',
        }),
      ).resolves.toEqual({ outcome: 'changed', error: null })
      expect(await canSignIn('changed-twice-2026')).toBe(true)
    },
  )

  it.runIf(localOnly('reads the recovery link from the local outbox'))(
    'should treat the session of a recovery link as recovery until a new password is set',
    async () => {
      const user = await h.signedInUser()
      const { controller: requester } = started()
      await requester.requestPasswordReset(user.email, REDIRECT)
      const fragment = await landOn(await mailedLink(user.email))
      const accessToken = fragment.get('access_token') ?? ''
      expect(fragment.get('type')).toBe('recovery')

      // The page opened from the link: supabase-js signs the fragment's session in, and the
      // controller knows it by its token even though no PASSWORD_RECOVERY reached it.
      const client = testClient(h.url, h.anonKey)
      const { controller, notices } = started(client, { recoveryAccessToken: accessToken })
      await client.auth.setSession({
        access_token: accessToken,
        refresh_token: fragment.get('refresh_token') ?? '',
      })
      await settled(controller, { status: 'signed-in', passwordRecovery: true })

      await expect(controller.setNewPassword('set-after-recovery')).resolves.toEqual({
        error: null,
      })
      expect(controller.getSnapshot()).toMatchObject({
        status: 'signed-in',
        passwordRecovery: false,
      })
      expect(notices.shown.at(-1)).toEqual({
        title: 'Password updated',
        description: 'Your new password is set.',
      })
      const again = testClient(h.url, h.anonKey)
      const signedIn = await again.auth.signInWithPassword({
        email: user.email,
        password: 'set-after-recovery',
      })
      expect(signedIn.error).toBeNull()
    },
  )

  it('should follow PASSWORD_RECOVERY from a recovery code, and forget it on sign-out', async () => {
    const user = await h.signedInUser()
    const { data, error } = await h.service.auth.admin.generateLink({
      type: 'recovery',
      email: user.email,
    })
    expect(error).toBeNull()
    const { client, controller } = started()
    await settled(controller, { status: 'signed-out' })
    await client.auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' })
    await settled(controller, { passwordRecovery: true, status: 'signed-in' })
    await controller.signOut()
    expect(controller.getSnapshot()).toMatchObject({
      status: 'signed-out',
      passwordRecovery: false,
    })
  })

  it('should not count an ordinary sign-in as recovery', async () => {
    const { controller } = started(undefined, { recoveryAccessToken: 'some-other-token' })
    await controller.signIn(SEEDED_STAFF)
    await settled(controller, { status: 'signed-in', isStaff: true })
    expect(controller.getSnapshot().passwordRecovery).toBe(false)
  })

  it('should refuse a new password without a session, and report a refused one', async () => {
    const { controller, notices } = started()
    await settled(controller, { status: 'signed-out' })
    const none = await controller.setNewPassword('whatever-password')
    expect(none.error).not.toBeNull()
    expect(notices.shown.at(-1)?.title).toBe('Update Failed')

    const user = await h.signedInUser()
    const signedIn = started(user.client)
    await settled(signedIn.controller, { status: 'signed-in' })
    const same = await signedIn.controller.setNewPassword(user.password)
    expect(same.error?.message).toBe('New password should be different from the old password.')
    expect(signedIn.notices.shown.at(-1)).toEqual({
      title: 'Update Failed',
      description: same.error?.message,
      variant: 'destructive',
    })
  })
})
