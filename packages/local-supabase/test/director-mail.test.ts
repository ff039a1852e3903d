// The director's email notifications (supabase/functions/director-mail and the outbox of
// supabase/migrations/20261206000500_director_mail_outbox.sql), end to end on real parts: the
// project's migrations on the local backend, the function in real Deno through the unmodified
// supabase-js `functions.invoke`, nodemailer over SMTP, and a real catcher (MailDev) read
// through its REST API.
import { randomUUID } from 'node:crypto'

import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startMailCatcher } from '../src/mail/catcher.ts'
import type { MailCatcher } from '../src/mail/catcher.ts'
import { nextDigestAt } from '../../../supabase/functions/director-mail/digest-time.ts'
import { PROGRAM_NAMES, programLabel } from '../../../supabase/functions/_shared/programs.ts'
import { PROGRAM_FACTS, programName } from '../../core/src/club/club-facts.ts'
import {
  headerText,
  plainAddress,
  siteLink,
  siteOrigin,
} from '../../../supabase/functions/director-mail/safe.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const SITE = 'https://club.example'
const DIRECTOR = 'director@club.example'
const PER_MINUTE = 2

type Caught = {
  id: string
  subject: string
  to: { address: string }[]
  from: { address: string; name: string }[]
  replyTo?: { address: string; name: string }[]
  headers: Record<string, string>
  html: string
  text: string
}

describe.runIf(localOnly('runs the function against its own mail catcher'))('director-mail', () => {
  let h: Harness
  let mail: MailCatcher
  const inbox = async (): Promise<Caught[]> => {
    const response = await fetch(`${mail.url}/email`)
    expect(response.ok).toBe(true)
    return (await response.json()) as Caught[]
  }
  /** The inbox once it holds `count` emails (MailDev stores one a moment after accepting it). */
  const caught = async (count: number) => {
    await expect
      .poll(async () => (await inbox()).length, { timeout: 10_000, interval: 100 })
      .toBeGreaterThanOrEqual(count)
    return inbox()
  }
  const run = async (body: Record<string, unknown> = {}) => {
    const { data, error } = await h.service.functions.invoke('director-mail', { body })
    if (error instanceof FunctionsHttpError)
      throw new Error(`director-mail answered ${await (error.context as Response).text()}`)
    if (error) throw error
    return data as {
      sent: number
      failed: number
      retrying: number
      skipped: number
      waiting: number
    }
  }
  const store = async (key: string, value: unknown) => {
    await h.service.from('website_content').delete().eq('key', key)
    const { error } = await h.service
      .from('website_content')
      .insert({ key, value, base_version: 0 })
    if (error) throw error
  }
  const sql = (statements: string) => h.local!.db.runAsAdmin((tx) => tx.exec(statements))
  const settings = (notifications: Record<string, unknown> = {}) =>
    store('adminSettings', {
      notifications: {
        emailOnNewRegistration: true,
        emailOnFormSubmission: true,
        delivery: 'immediate',
        digestHour: 7,
        email: '',
        ...notifications,
      },
    })
  const submit = async (fields: Record<string, unknown> = {}) => {
    const row = {
      kind: 'registration-interest',
      name: 'Jordan Family',
      email: `family-${randomUUID()}@example.test`,
      phone: '301-555-0100',
      message: 'Child: Sam Rivera, age 8, second season.',
      program: 'recreation',
      ...fields,
    }
    const { error } = await h.anon.from('form_submissions').insert(row)
    if (error) throw error
    return row
  }
  const outbox = async () => {
    const { data, error } = await h.service
      .from('mail_outbox')
      .select('*')
      .order('created_at', { ascending: true })
    if (error) throw error
    return data as {
      status: string
      attempts: number
      last_error: string | null
      next_attempt_at: string
      recipient: string | null
    }[]
  }

  beforeAll(async () => {
    mail = await startMailCatcher()
    h = await startHarness({
      functions: {
        env: {
          SMTP_HOST: mail.smtpHost,
          SMTP_PORT: String(mail.smtpPort),
          SMTP_SECURE: 'false',
          MAIL_FROM: 'Club website <notifications@club.example>',
          SITE_URL: SITE,
          CLUB_NAME: 'Youth Baseball & Softball Club',
          MAIL_PER_MINUTE: String(PER_MINUTE),
        },
      },
    })
    // The function is called here, with the time given where a test needs it; the webhook
    // and the cron job that call it on their own have a test of their own (last below).
    await sql(`alter table public.form_submissions disable trigger form_submissions_webhook_mail;
      select cron.unschedule('director-mail');`)
    // The first call starts Deno and fetches the function's npm packages (a cold start).
    await run()
  }, 180_000)
  afterAll(async () => {
    await h?.stop()
    await mail?.stop()
  })
  beforeEach(async () => {
    await mail.start()
    await fetch(`${mail.url}/email/all`, { method: 'DELETE' })
    await h.service.from('mail_outbox').delete().not('id', 'is', null)
    await h.service.from('form_submissions').delete().not('id', 'is', null)
    await store('adminProfile', { displayName: 'Director', email: DIRECTOR, phone: '' })
    await settings()
  })

  it('should email the director a new registration interest, with Reply-To the family and a link to the inbox', async () => {
    const sent = await submit()
    expect(await outbox()).toMatchObject([{ status: 'pending', attempts: 0 }])

    expect(await run()).toMatchObject({ sent: 1, failed: 0, retrying: 0 })
    const [email, ...more] = await caught(1)
    expect(more).toHaveLength(0)
    expect(email!.to).toEqual([expect.objectContaining({ address: DIRECTOR })])
    expect(email!.from[0]).toMatchObject({ address: 'notifications@club.example' })
    expect(email!.replyTo).toEqual([{ address: sent.email, name: 'Jordan Family' }])
    expect(email!.subject).toBe(
      'Youth Baseball & Softball Club: Registration interest from Jordan Family',
    )
    for (const part of [email!.html, email!.text]) {
      expect(part).toContain('Child: Sam Rivera, age 8, second season.')
      expect(part).toContain(sent.email)
      expect(part).toContain('301-555-0100')
      // The program by its name, as the site names it, never its slug.
      expect(part).toContain('Recreation Baseball')
      expect(part).toContain(`${SITE}/admin/communications#message-`)
    }
    // Dark mode and narrow screens.
    expect(email!.html).toContain('prefers-color-scheme: dark')
    expect(email!.html).toContain('max-width:600px')

    const [row] = await outbox()
    expect(row).toMatchObject({ status: 'sent', attempts: 1, recipient: DIRECTOR })
    // Nothing more is due: a second run sends nothing.
    expect(await run()).toMatchObject({ sent: 0 })
    expect(await inbox()).toHaveLength(1)
  })

  it('should send to the address set in Settings over the profile’s, and contact messages too', async () => {
    await settings({ email: 'inbox@club.example' })
    await submit({ kind: 'contact', program: null, message: 'Are the fields open?' })
    expect(await run()).toMatchObject({ sent: 1 })
    const [email] = await caught(1)
    expect(email!.to[0]!.address).toBe('inbox@club.example')
    expect(email!.subject).toContain('Contact message from Jordan Family')
  })

  it('should send nothing, and say why, while the kind’s switch is off', async () => {
    await settings({ emailOnNewRegistration: false })
    await submit()
    await submit({ kind: 'contact', program: null, message: 'Hello' })
    expect(await run()).toMatchObject({ sent: 1, skipped: 1 })
    const emails = await caught(1)
    expect(emails.map((email) => email.subject)).toEqual([
      expect.stringContaining('Contact message'),
    ])
    const rows = await outbox()
    expect(rows.map((row) => row.status).sort()).toEqual(['sent', 'skipped'])
    expect(rows.find((row) => row.status === 'skipped')!.last_error).toBe(
      'Not sent: “Email me about new registrations” was off.',
    )
  })

  it('should keep the submission while mail is down, retry after a wait, and send it once when the server is back', async () => {
    await mail.stop()
    const sent = await submit()
    const stored = await h.service.from('form_submissions').select('email').eq('email', sent.email)
    expect(stored.data).toHaveLength(1)

    expect(await run()).toMatchObject({ sent: 0, retrying: 1 })
    const [failed] = await outbox()
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i)
    const retryAt = new Date(failed!.next_attempt_at)
    expect(retryAt.getTime()).toBeGreaterThan(Date.now())
    // Not due yet: a run now does not try again.
    expect(await run()).toMatchObject({ sent: 0, retrying: 0 })

    await mail.start()
    expect(await run({ now: retryAt.toISOString() })).toMatchObject({ sent: 1 })
    expect(await run({ now: new Date(retryAt.getTime() + 3_600_000).toISOString() })).toMatchObject(
      { sent: 0 },
    )
    const emails = await caught(1)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.replyTo?.[0]?.address).toBe(sent.email)
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }])
  })

  it('should mark a notification failed after its last try, for the director to see', async () => {
    await mail.stop()
    await submit()
    let now = Date.now()
    for (let attempt = 1; attempt <= 10; attempt++) {
      await run({ now: new Date(now).toISOString() })
      const [row] = await outbox()
      expect(row!.attempts).toBe(attempt)
      if (attempt < 10) {
        expect(row!.status).toBe('pending')
        now = new Date(row!.next_attempt_at).getTime()
      } else expect(row!.status).toBe('failed')
    }
    // Nothing is tried after that.
    expect(await run({ now: new Date(now + 86_400_000).toISOString() })).toMatchObject({
      sent: 0,
      retrying: 0,
      failed: 0,
    })
  }, 60_000)

  it('should gather the day’s submissions into one digest at the chosen hour', async () => {
    await settings({ delivery: 'digest', digestHour: 7 })
    const names = ['Avery Family', 'Blake Family', 'Casey Family']
    for (const name of names) await submit({ name })
    expect(await run()).toMatchObject({ sent: 0, waiting: 3 })
    expect(await inbox()).toHaveLength(0)

    // The cron job's run at 7:00 in the club's time zone, the next morning at the latest.
    const next = new Date(Date.now() + 26 * 3_600_000)
    expect(await run({ now: next.toISOString() })).toMatchObject({ sent: 3 })
    const emails = await caught(1)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.subject).toBe(
      'Youth Baseball & Softball Club: 3 new messages from the website',
    )
    for (const name of names) expect(emails[0]!.text).toContain(name)
    // Three families: a reply cannot go to one of them.
    expect(emails[0]!.replyTo ?? []).toEqual([])
    expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
  })

  it(`should send at most ${PER_MINUTE} emails a minute, and the rest after`, async () => {
    for (let i = 0; i < PER_MINUTE + 1; i++) await submit()
    expect(await run()).toMatchObject({ sent: PER_MINUTE, waiting: 1 })
    expect(await caught(PER_MINUTE)).toHaveLength(PER_MINUTE)
    expect(await run({ now: new Date(Date.now() + 61_000).toISOString() })).toMatchObject({
      sent: 1,
    })
    expect(await caught(PER_MINUTE + 1)).toHaveLength(PER_MINUTE + 1)
  })

  it('should escape form text in the email and keep line breaks out of its headers', async () => {
    // The database refuses a name with a line break (a header injection)...
    const injected = await h.anon.from('form_submissions').insert({
      kind: 'contact',
      name: 'Eve\r\nBcc: victim@example.test',
      email: 'eve@example.test',
      message: 'hi',
    })
    expect(injected.error?.message).toContain('form_submissions_name_plain')
    // ...and markup in any field arrives as text.
    await submit({
      kind: 'contact',
      program: null,
      name: 'Eve <script>alert(1)</script>',
      message: '<img src=x onerror=alert(1)> <a href="https://evil.example">click</a>',
    })
    expect(await run()).toMatchObject({ sent: 1 })
    const [email] = await caught(1)
    expect(email!.html).not.toContain('<script>')
    expect(email!.html).not.toContain('<img src=x')
    expect(email!.html).not.toContain('href="https://evil.example"')
    expect(email!.html).toContain('&lt;script&gt;')
    expect(email!.headers.bcc).toBeUndefined()
    // Every link leads to the club's own site.
    const links = [...email!.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link!.startsWith(`${SITE}/`)).toBe(true)
  })

  it('should run for the service role only', async () => {
    const { error } = await h.anon.functions.invoke('director-mail', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect(((error as FunctionsHttpError).context as Response).status).toBe(403)
  })

  it('should let staff read the outbox, and nobody but the service role write it', async () => {
    await submit()
    const staff = await h.signedInUser({ staff: true })
    const member = await h.signedInUser()
    expect((await staff.client.from('mail_outbox').select('status')).data).toEqual([
      { status: 'pending' },
    ])
    expect((await member.client.from('mail_outbox').select('status')).data).toEqual([])
    expect((await h.anon.from('mail_outbox').select('status')).error).not.toBeNull()
    const forged = await staff.client
      .from('mail_outbox')
      .insert({ idempotency_key: 'x', kind: 'contact' })
    expect(forged.error).not.toBeNull()
    const changed = await staff.client
      .from('mail_outbox')
      .update({ status: 'sent' })
      .not('id', 'is', null)
    expect(changed.error).not.toBeNull()
    expect((await outbox())[0]!.status).toBe('pending')
  })

  it('should be called by the webhook on a new submission, and send it with nobody calling', async () => {
    await sql('alter table public.form_submissions enable trigger form_submissions_webhook_mail')
    try {
      const sent = await submit()
      await expect
        .poll(async () => (await inbox()).map((email) => email.replyTo?.[0]?.address), {
          timeout: 20_000,
          interval: 250,
        })
        .toEqual([sent.email])
      expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1 }])
    } finally {
      await sql('alter table public.form_submissions disable trigger form_submissions_webhook_mail')
    }
  }, 30_000)

  it('should make a notification waiting for the digest due again when the settings change', async () => {
    await settings({ delivery: 'digest', digestHour: 7 })
    await submit()
    expect(await run()).toMatchObject({ sent: 0, waiting: 1 })
    const [waiting] = await outbox()
    expect(new Date(waiting!.next_attempt_at).getTime()).toBeGreaterThan(Date.now())

    await settings({ delivery: 'immediate' })
    const [due] = await outbox()
    expect(new Date(due!.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now())
    expect(await run()).toMatchObject({ sent: 1 })
    expect((await caught(1))[0]!.subject).toContain('Registration interest from Jordan Family')
  })
})

describe('director-mail’s checks of hostile values', () => {
  it('should keep headers to one line and addresses to one plain address', () => {
    expect(headerText('Eve\r\nBcc: victim@example.test')).toBe('Eve Bcc: victim@example.test')
    expect(headerText('a\u2028b\u0000c')).toBe('a b c')
    expect(plainAddress('family@example.test')).toBe('family@example.test')
    for (const bad of [
      'family@example.test\r\nBcc: x@y.z',
      'Name <family@example.test>',
      'a@b',
      'a,b@example.test',
      '',
      42,
    ])
      expect(plainAddress(bad)).toBeUndefined()
  })

  it('should link only to the club’s own site', () => {
    const origin = siteOrigin('https://club.example/some/page')
    expect(origin).toBe('https://club.example')
    expect(siteLink(origin, '/admin/communications#message-1')).toBe(
      'https://club.example/admin/communications#message-1',
    )
    for (const path of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/a b'])
      expect(siteLink(origin, path)).toBeUndefined()
    for (const url of [
      'javascript:alert(1)',
      'ftp://club.example',
      'https://u:p@club.example',
      'nonsense',
    ])
      expect(siteOrigin(url)).toBeUndefined()
  })

  it('should name each program as the site does', () => {
    expect(PROGRAM_NAMES).toEqual(
      Object.fromEntries(
        Object.keys(PROGRAM_FACTS).map((slug) => [slug, programName(slug as never)]),
      ),
    )
    expect(programLabel('flash-softball')).toBe('Flash Fastpitch Softball')
    // Not one of the club's programs: what the family sent, as it was.
    expect(programLabel('<b>other</b>')).toBe('<b>other</b>')
  })

  it('should place the digest at the first chosen hour after a submission, in the club’s time zone', () => {
    const zone = 'America/New_York'
    // 6:30 AM in New York (EST, UTC−5) → 7:00 AM the same day.
    expect(nextDigestAt(new Date('2026-12-06T11:30:00Z'), 7, zone).toISOString()).toBe(
      '2026-12-06T12:00:00.000Z',
    )
    // 7:00 exactly, and later that day → 7:00 AM the next day.
    expect(nextDigestAt(new Date('2026-12-06T12:00:00Z'), 7, zone).toISOString()).toBe(
      '2026-12-07T12:00:00.000Z',
    )
    // Summer time (EDT, UTC−4).
    expect(nextDigestAt(new Date('2026-07-01T20:00:00Z'), 18, zone).toISOString()).toBe(
      '2026-07-01T22:00:00.000Z',
    )
    // Late evening in New York is already the next day in UTC.
    expect(nextDigestAt(new Date('2026-12-07T03:30:00Z'), 23, zone).toISOString()).toBe(
      '2026-12-07T04:00:00.000Z',
    )
  })
})
