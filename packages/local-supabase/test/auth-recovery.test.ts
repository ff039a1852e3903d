/**
 * Password recovery as an app uses it, with the unmodified supabase-js: `resetPasswordForEmail`
 * → the message in the local outbox → the link (`GET /verify`) or the code (`POST /verify`) →
 * PASSWORD_RECOVERY → `updateUser({ password })`. Also what recovery must never reveal.
 */
import { randomUUID } from 'node:crypto'

import type { AuthChangeEvent } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type OutboxMessage = {
  to: string
  type: string
  subject: string
  text: string
  action_link: string
  email_otp: string
  redirect_to: string
  sent_at: string
}

const newEmail = () => `recover-${randomUUID()}@example.test`
const SITE = 'http://127.0.0.1:4173/admin-login'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())
afterEach(() => {
  vi.useRealTimers()
})

async function outbox(email: string, key = h.serviceRoleKey): Promise<Response> {
  return fetch(`${h.url}/auth/v1/local/outbox?email=${encodeURIComponent(email)}`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  })
}

/** The newest message the server "sent" to `email`. */
async function lastMessage(email: string): Promise<OutboxMessage> {
  const response = await outbox(email)
  expect(response.status).toBe(200)
  const { messages } = (await response.json()) as { messages: OutboxMessage[] }
  const message = messages[0]
  if (!message) throw new Error(`nothing was sent to ${email}`)
  return message
}

/** How many messages the server "sent" to `email`. */
async function sentCount(email: string): Promise<number> {
  const { messages } = (await (await outbox(email)).json()) as { messages: unknown[] }
  return messages.length
}

/** Follows a link without following its redirect; returns where it sends the browser. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location') ?? '')
}

describe.runIf(localOnly('reads the local outbox, which a hosted project does not have'))(
  'auth: password recovery through the outbox',
  () => {
    it('should answer a known and an unknown address the same, and mail only the known one', async () => {
      const { email } = await h.signedInUser()
      const unknown = newEmail()
      const known = await h.anon.auth.resetPasswordForEmail(email, { redirectTo: SITE })
      const stranger = await h.anon.auth.resetPasswordForEmail(unknown, { redirectTo: SITE })
      expect(known).toEqual({ data: {}, error: null })
      expect(stranger).toEqual(known)

      const message = await lastMessage(email)
      expect(message).toMatchObject({ to: email, type: 'recovery', redirect_to: SITE })
      expect(message.subject).toBe('Reset your password')
      expect(message.email_otp).toMatch(/^\d{6}$/)
      expect(message.text).toContain(message.action_link)
      expect(message.action_link).toMatch(
        new RegExp(`^${h.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=recovery&redirect_to=`),
      )
      expect(await sentCount(unknown)).toBe(0)
    })

    it('should limit each address to one request a minute, whether or not it has an account', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2030-01-01T12:00:00Z'))
      const { email } = await h.signedInUser()
      const unknown = newEmail()
      for (const address of [email, unknown]) {
        expect((await h.anon.auth.resetPasswordForEmail(address)).error).toBeNull()
      }
      vi.setSystemTime(new Date('2030-01-01T12:00:20Z'))
      const again = await h.anon.auth.resetPasswordForEmail(email)
      const strangerAgain = await h.anon.auth.resetPasswordForEmail(unknown.toUpperCase())
      expect(again.error?.status).toBe(429)
      expect(again.error?.code).toBe('over_email_send_rate_limit')
      expect(again.error?.message).toBe(
        'For security purposes, you can only request this after 40 seconds.',
      )
      expect(strangerAgain.error?.status).toBe(again.error?.status)
      expect(strangerAgain.error?.code).toBe(again.error?.code)
      expect(strangerAgain.error?.message).toBe(again.error?.message)
      expect(await sentCount(email)).toBe(1)

      vi.setSystemTime(new Date('2030-01-01T12:01:01Z'))
      expect((await h.anon.auth.resetPasswordForEmail(email)).error).toBeNull()
      expect(await sentCount(email)).toBe(2)
    })

    it('should let only the service role read the outbox', async () => {
      const { email } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email)
      const anon = await outbox(email, h.anonKey)
      expect(anon.status).toBe(403)
      expect(((await anon.json()) as { error_code: string }).error_code).toBe('not_admin')
      const member = await h.signedInUser()
      const session = await member.client.auth.getSession()
      const token = session.data.session?.access_token ?? ''
      const asUser = await fetch(`${h.url}/auth/v1/local/outbox`, {
        headers: { apikey: h.anonKey, authorization: `Bearer ${token}` },
      })
      expect(asUser.status).toBe(403)
    })

    it('should reset the password through the mailed link, once, and end the old sessions', async () => {
      const { email, password, client: oldDevice } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email, { redirectTo: SITE })
      const { action_link: link } = await lastMessage(email)

      const landing = await follow(link)
      expect(`${landing.origin}${landing.pathname}`).toBe(SITE)
      const fragment = new URLSearchParams(landing.hash.slice(1))
      expect(fragment.get('type')).toBe('recovery')
      expect(fragment.get('token_type')).toBe('bearer')

      // What supabase-js does with the fragment in a browser (detectSessionInUrl).
      const browser = h.client()
      const started = await browser.auth.setSession({
        access_token: fragment.get('access_token') ?? '',
        refresh_token: fragment.get('refresh_token') ?? '',
      })
      expect(started.error).toBeNull()
      expect(started.data.user?.email).toBe(email)
      const updated = await browser.auth.updateUser({ password: 'a-brand-new-password' })
      expect(updated.error).toBeNull()

      const fresh = await h.client().auth.signInWithPassword({
        email,
        password: 'a-brand-new-password',
      })
      expect(fresh.error).toBeNull()
      const stale = await h.client().auth.signInWithPassword({ email, password })
      expect(stale.error?.code).toBe('invalid_credentials')
      // The device that was signed in before the reset is signed out.
      const old = await oldDevice.auth.getUser()
      expect(old.error?.name).toBe('AuthSessionMissingError')
      expect(old.data.user).toBeNull()

      const reused = new URLSearchParams((await follow(link)).hash.slice(1))
      expect(reused.get('error_code')).toBe('otp_expired')
      expect(reused.get('error_description')).toBe('Email link is invalid or has expired')
      expect(reused.get('access_token')).toBeNull()
    })

    it('should fire PASSWORD_RECOVERY for the mailed code and refuse the same password', async () => {
      const { email, password } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email)
      const { email_otp: code } = await lastMessage(email)
      const client = h.client()
      const events: AuthChangeEvent[] = []
      client.auth.onAuthStateChange((event) => {
        events.push(event)
      })
      const verified = await client.auth.verifyOtp({ email, token: code, type: 'recovery' })
      expect(verified.error).toBeNull()
      await vi.waitFor(() => expect(events).toContain('PASSWORD_RECOVERY'))
      const same = await client.auth.updateUser({ password })
      expect(same.error?.code).toBe('same_password')
    })

    it('should send a tampered or foreign link back with an error, never a session', async () => {
      const { email } = await h.signedInUser()
      await h.anon.auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' })
      const message = await lastMessage(email)
      // A redirect outside the allowed origins falls back to the site URL.
      expect(message.redirect_to).toBe(h.local?.config.siteUrl)
      const tampered = new URL(message.action_link)
      tampered.searchParams.set('token', '0'.repeat(56))
      const landing = await follow(tampered.toString())
      const fragment = new URLSearchParams(landing.hash.slice(1))
      expect(fragment.get('error')).toBe('access_denied')
      expect(fragment.get('error_code')).toBe('otp_expired')
      expect(fragment.get('access_token')).toBeNull()
    })
  },
)

describe('auth: password recovery on any server', () => {
  it('should refuse a request without an email', async () => {
    const { error } = await h.anon.auth.resetPasswordForEmail('')
    expect(error?.status).toBe(400)
  })

  it('should answer {} for an address nobody registered', async () => {
    expect(await h.anon.auth.resetPasswordForEmail(newEmail())).toEqual({ data: {}, error: null })
  })
})
