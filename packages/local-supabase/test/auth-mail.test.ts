/**
 * Account email over SMTP, as GoTrue sends it with `[auth.email.smtp]`: the unmodified
 * supabase-js over real HTTP, nodemailer to a real mail catcher (MailDev, read through its
 * REST API), and each message's link followed to the session it gives. Also what happens
 * when the mail server is down (GoTrue's 500, and nothing stored).
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isRedirectAllowed } from '../src/auth/redirect.ts'
import { startMailCatcher } from '../src/mail/catcher.ts'
import type { MailCatcher } from '../src/mail/catcher.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Caught = {
  subject: string
  to: { address: string }[]
  from: { address: string; name: string }[]
  headers: Record<string, string>
  html: string
  text: string
}

/** A page of the site (a loopback address, which GoTrue's allow-list accepts on any port). */
const SITE = 'http://127.0.0.1:4173/admin-login'
const newEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`

describe("auth: where a link may land (GoTrue's IsRedirectURLValid)", () => {
  const config = {
    siteUrl: 'https://club.example',
    additionalRedirectUrls: ['http://localhost:5173/**', 'https://*.club.example/admin-login'],
  }
  it.each([
    ['https://club.example/admin-login', true],
    ['http://club.example/admin-login', false],
    ['https://club.example:8443/admin-login', false],
    ['https://club.example.evil.example/', false],
    ['https://evil.example/?next=https://club.example', false],
    ['http://localhost:5173/admin-login', true],
    ['http://localhost:5174/admin-login', false],
    ['https://www.club.example/admin-login', true],
    ['https://a.b.club.example/admin-login', false],
    ['http://127.0.0.1:9999/admin-login', true],
    ['http://10.0.0.1/admin-login', false],
    ['javascript:alert(1)', false],
  ])('%s: %s', (url, allowed) => {
    expect(isRedirectAllowed(config, url)).toBe(allowed)
  })
})

describe.runIf(localOnly('sends to its own mail catcher'))('auth: account email over SMTP', () => {
  let h: Harness
  let mail: MailCatcher

  beforeAll(async () => {
    mail = await startMailCatcher()
    h = await startHarness({
      smtp: {
        host: mail.smtpHost,
        port: mail.smtpPort,
        adminEmail: 'accounts@club.example',
        // A configured name is one header line, whatever it holds.
        senderName: 'Club website\r\nBcc: attacker@evil.example',
      },
    })
  }, 60_000)
  afterAll(async () => {
    await h?.stop()
    await mail?.stop()
  })

  /** The emails the catcher holds for `address` once there are `count` (MailDev stores them a moment after accepting). */
  async function mailTo(address: string, count = 1): Promise<Caught[]> {
    const read = async () => {
      const response = await fetch(`${mail.url}/email`)
      expect(response.ok).toBe(true)
      return ((await response.json()) as Caught[]).filter((email) =>
        email.to.some((to) => to.address === address),
      )
    }
    await expect
      .poll(async () => (await read()).length, { timeout: 10_000, interval: 100 })
      .toBeGreaterThanOrEqual(count)
    return read()
  }

  /** The `/verify` link of an email: in its text, and the same (escaped) in its HTML. */
  function linkIn(email: Caught): string {
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(email.text)?.[1]
    if (!link) throw new Error(`no link in "${email.subject}"`)
    expect(email.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    return link
  }

  /** Follows a link as a browser would; returns where it lands and the session in its fragment. */
  async function follow(link: string) {
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    return { location, fragment: new URLSearchParams(location.hash.slice(1)) }
  }

  /** The user an access token belongs to (GoTrue's `GET /user`). */
  async function userOf(accessToken: string) {
    const { data, error } = await h.client().auth.getUser(accessToken)
    expect(error).toBeNull()
    return data.user
  }

  it('should mail a password recovery link that signs in for a new password', async () => {
    const { email } = await h.signedInUser()
    const sent = await h.anon.auth.resetPasswordForEmail(email, { redirectTo: SITE })
    expect(sent).toEqual({ data: {}, error: null })
    const [message] = await mailTo(email)
    expect(message?.subject).toBe('Reset your password')
    expect(message?.from).toEqual([
      { address: 'accounts@club.example', name: 'Club website Bcc: attacker@evil.example' },
    ])
    expect(message?.headers.bcc).toBeUndefined()
    expect(message?.text).toContain('Sent from http://127.0.0.1:4173')
    const { location, fragment } = await follow(linkIn(message!))
    expect(`${location.origin}${location.pathname}`).toBe(SITE)
    expect(fragment.get('type')).toBe('recovery')

    const client = h.client()
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    })
    expect(session.error).toBeNull()
    expect((await client.auth.updateUser({ password: 'a-recovered-password' })).error).toBeNull()
    const signIn = await h
      .client()
      .auth.signInWithPassword({ email, password: 'a-recovered-password' })
    expect(signIn.error).toBeNull()
  })

  it('should mail a magic link, sending a link elsewhere to the site instead', async () => {
    const email = newEmail('magic')
    const sent = await h.anon.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    })
    expect(sent.error).toBeNull()
    const [message] = await mailTo(email)
    expect(message?.subject).toBe('Your sign-in link')
    expect(message?.text).toMatch(/Or enter this code: \d{6}/)
    const link = linkIn(message!)
    expect(new URL(link).searchParams.get('redirect_to')).toBe(h.local?.config.siteUrl)
    const { location, fragment } = await follow(link)
    expect(location.origin).toBe(new URL(h.local?.config.siteUrl ?? '').origin)
    expect(fragment.get('type')).toBe('magiclink')
    expect((await userOf(fragment.get('access_token') ?? ''))?.email).toBe(email)
  })

  it('should escape what a request puts into an email', async () => {
    const { email } = await h.signedInUser()
    const hostile = `${SITE}?next="><img src=x onerror=alert(1)>`
    expect(
      (await h.anon.auth.resetPasswordForEmail(email, { redirectTo: hostile })).error,
    ).toBeNull()
    const [message] = await mailTo(email)
    expect(message?.html).not.toContain('<img')
    expect(message?.html).not.toContain('"><')
    const { location } = await follow(linkIn(message!))
    expect(location.searchParams.get('next')).toBe('"><img src=x onerror=alert(1)>')
  })

  it('should mail an email change to the new and the current address, and change it once a link is followed', async () => {
    const { client, email } = await h.signedInUser()
    const target = newEmail('moved')
    const { data, error } = await client.auth.updateUser(
      { email: target },
      { emailRedirectTo: SITE },
    )
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(target)
    const [toNew] = await mailTo(target)
    const [toCurrent] = await mailTo(email)
    expect(toNew?.subject).toBe('Confirm your new email address')
    expect(toNew?.text).toContain(`confirm ${target} as your new email address`)
    expect(toCurrent?.subject).toBe('Confirm your new email address')

    const { fragment } = await follow(linkIn(toNew!))
    expect(fragment.get('type')).toBe('email_change')
    const changed = await userOf(fragment.get('access_token') ?? '')
    expect(changed?.email).toBe(target)
    expect(changed?.new_email).toBeUndefined()
    expect(changed?.identities?.[0]?.identity_data?.email).toBe(target)
    // Used up: the other address's link no longer changes anything.
    expect((await follow(linkIn(toCurrent!))).fragment.get('error_code')).toBe('otp_expired')
  })

  it('should invite by email (service role only), and sign the invitee in from the link', async () => {
    const email = newEmail('invited')
    const refused = await h.anon.auth.admin.inviteUserByEmail(email)
    expect(refused.error?.status).toBe(403)

    const { data, error } = await h.service.auth.admin.inviteUserByEmail(email, {
      redirectTo: SITE,
      data: { display_name: 'Coach <b>Pat</b>' },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.user_metadata).toEqual({ display_name: 'Coach <b>Pat</b>' })

    const [message] = await mailTo(email)
    expect(message?.subject).toBe("You've been invited")
    const { location, fragment } = await follow(linkIn(message!))
    expect(`${location.origin}${location.pathname}`).toBe(SITE)
    expect(fragment.get('type')).toBe('invite')
    const invitee = await userOf(fragment.get('access_token') ?? '')
    expect(invitee?.email).toBe(email)
    expect(invitee?.email_confirmed_at).toBeTruthy()

    // A confirmed account is not invited again.
    const again = await h.service.auth.admin.inviteUserByEmail(email)
    expect(again.error?.status).toBe(422)
    expect(again.error?.code).toBe('email_exists')
  })

  it('should generate an invite link without mailing it', async () => {
    const email = newEmail('generated')
    const { data, error } = await h.service.auth.admin.generateLink({ type: 'invite', email })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('invite')
    const { fragment } = await follow(data.properties?.action_link ?? '')
    expect(fragment.get('type')).toBe('invite')
    const response = await fetch(`${mail.url}/email`)
    const caught = (await response.json()) as Caught[]
    expect(caught.some((one) => one.to.some((to) => to.address === email))).toBe(false)
  })

  describe('with the mail server down', () => {
    beforeAll(() => mail.stop())
    afterAll(() => mail.start())

    it('should answer recovery with GoTrue 500 and store no link, then send once it is back', async () => {
      const { email } = await h.signedInUser()
      const failed = await h.anon.auth.resetPasswordForEmail(email, { redirectTo: SITE })
      // supabase-js reports any 5xx as retryable, with GoTrue's message.
      expect(failed.error?.name).toBe('AuthRetryableFetchError')
      expect(failed.error?.status).toBe(500)
      expect(failed.error?.message).toBe('Error sending recovery email')
      const { data } = await h.service.auth.admin.listUsers({ perPage: 1000 })
      expect(data.users.find((user) => user.email === email)?.recovery_sent_at).toBeUndefined()

      await mail.start()
      try {
        // Nothing was sent, so the address may ask again at once.
        expect(
          (await h.anon.auth.resetPasswordForEmail(email, { redirectTo: SITE })).error,
        ).toBeNull()
        const [message] = await mailTo(email)
        expect((await follow(linkIn(message!))).fragment.get('type')).toBe('recovery')
      } finally {
        await mail.stop()
      }
    })

    it('should answer an invitation with GoTrue 500 and leave no account behind', async () => {
      const email = newEmail('unsent')
      const { error } = await h.service.auth.admin.inviteUserByEmail(email)
      expect(error?.status).toBe(500)
      expect(error?.message).toBe('Error sending invite email')
      // On the wire: GoTrue's unversioned error shape and its code.
      const response = await fetch(`${h.url}/auth/v1/invite`, {
        method: 'POST',
        headers: {
          apikey: h.serviceRoleKey,
          authorization: `Bearer ${h.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email }),
      })
      expect(response.status).toBe(500)
      expect(response.headers.get('x-sb-error-code')).toBe('unexpected_failure')
      expect(await response.json()).toEqual({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error sending invite email',
      })
      const { data } = await h.service.auth.admin.listUsers({ perPage: 1000 })
      expect(data.users.some((user) => user.email === email)).toBe(false)
    })

    it('should answer a magic link and an email change with GoTrue 500', async () => {
      const otp = await h.anon.auth.signInWithOtp({ email: newEmail('nomail') })
      expect(otp.error?.status).toBe(500)
      expect(otp.error?.message).toBe('Error sending magic link email')
      const { client, email } = await h.signedInUser()
      const change = await client.auth.updateUser({ email: newEmail('nochange') })
      expect(change.error?.status).toBe(500)
      expect(change.error?.message).toBe('Error sending email change email')
      const { data } = await client.auth.getUser()
      expect(data.user?.email).toBe(email)
      expect(data.user?.new_email).toBeUndefined()
    })
  })
})
