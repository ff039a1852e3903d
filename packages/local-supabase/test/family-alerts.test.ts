// Families' alerts by email (supabase/functions/family-alerts and
// supabase/migrations/20261206002000_family_alerts.sql), on real parts: the project's
// migrations on the local backend, the function in real Deno through the unmodified supabase-js
// `functions.invoke`, the database's trigger and pg_net webhook, nodemailer over SMTP and a real
// catcher (MailDev) read through its REST API.
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startMailCatcher } from '../src/mail/catcher.ts'
import type { MailCatcher } from '../src/mail/catcher.ts'
import { PROGRAM_SLUGS as CORE_PROGRAM_SLUGS } from '../../core/src/entities/enums.ts'
import {
  audienceOf,
  nameFromSlug,
  PROGRAM_SLUGS,
} from '../../../supabase/functions/family-alerts/targets.ts'
import type { Catalog } from '../../../supabase/functions/family-alerts/targets.ts'
import { signingSecret, signToken } from '../../../supabase/functions/family-alerts/tokens.ts'
import { invokeFunction, localOnly, startHarness, storeDocument } from './harness.ts'
import type { Harness } from './harness.ts'
import { takeSendingLease } from './sending-lease.ts'

const SITE = 'https://club.example'

type Caught = {
  id: string
  subject: string
  to: { address: string }[]
  headers: Record<string, string>
  html: string
  text: string
}

const TEAMS = {
  'big-train-12u': { id: 'big-train-12u', name: 'Big Train 12U', programSlug: 'big-train' },
  'flash-10u': { id: 'flash-10u', name: 'Flash 10U', programSlug: 'flash-softball' },
}
const PROGRAMS = {
  'big-train': { name: 'Big Train' },
  'flash-softball': { name: 'Flash Softball' },
}
const FIELDS = { fields: [{ id: 'briar-meadow', name: 'Briar Meadow' }] }

function statusAlert(id: string, title: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    alert_category: 'status',
    status_type: 'game-off',
    type: 'weather',
    title,
    message: `${title}: storms in the area.`,
    startDate: new Date(Date.now() - 60_000).toISOString(),
    endDate: new Date(Date.now() + 3_600_000).toISOString(),
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

describe.runIf(localOnly('runs the function against its own mail catcher'))('family-alerts', () => {
  let h: Harness
  let mail: MailCatcher
  const inbox = async (): Promise<Caught[]> => {
    const response = await fetch(`${mail.url}/email`)
    expect(response.ok).toBe(true)
    return (await response.json()) as Caught[]
  }
  const to = async (address: string) =>
    (await inbox()).filter((email) => email.to.some((item) => item.address === address))
  const waitFor = async (address: string, count: number) => {
    await expect
      .poll(async () => (await to(address)).length, { timeout: 15_000, interval: 100 })
      .toBeGreaterThanOrEqual(count)
    return to(address)
  }
  const invoke = (body: Record<string, unknown>, client = h.anon) =>
    invokeFunction(client, 'family-alerts', body)
  const store = (key: string, value: unknown) => storeDocument(h.service, key, value)
  const family = () => `family-${randomUUID().slice(0, 8)}@families.example.test`
  /** The confirmation link's token, from the email the catcher holds for `address`. */
  const confirmToken = async (address: string) => {
    const [email] = await waitFor(address, 1)
    const match = /\/my-alerts#confirm=([A-Za-z0-9_.-]+)/.exec(email!.text)
    expect(match, email!.text).not.toBeNull()
    return match![1]!
  }
  const subscribeAndConfirm = async (
    address: string,
    follow = { kind: 'team', ref: 'big-train-12u' },
  ) => {
    expect(await invoke({ action: 'subscribe', email: address, follow })).toMatchObject({
      status: 200,
    })
    const confirmed = await invoke({ action: 'confirm', token: await confirmToken(address) })
    expect(confirmed.status).toBe(200)
    return confirmed.body as { token: string; follows: { kind: string; ref: string }[] }
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
          FAMILY_ALERTS_PER_IP_HOUR: '1000',
        },
      },
    })
    await store('teams', TEAMS)
    await store('programsContent', PROGRAMS)
    await store('fieldsContent', FIELDS)
    // The first call starts Deno and fetches the function's npm packages (a cold start).
    await invoke({ action: 'manage', token: 'not-a-token-at-all' })
  }, 180_000)
  afterAll(async () => {
    await h?.stop()
    await mail?.stop()
  })
  beforeEach(async () => {
    await fetch(`${mail.url}/email/all`, { method: 'DELETE' })
  })

  it('should let no visitor and no signed-in non-staff user read or write the tables; staff read', async () => {
    await subscribeAndConfirm(family())
    const user = await h.signedInUser()
    const staff = await h.signedInUser({ staff: true })
    for (const table of [
      'family_subscribers',
      'family_subscriptions',
      'family_notifications',
      'family_deliveries',
      'family_alert_attempts',
    ]) {
      for (const client of [h.anon, user.client]) {
        const read = await client.from(table).select('*')
        expect(read.data ?? [], table).toEqual([])
      }
      const staffRead = await staff.client.from(table).select('*')
      expect(staffRead.error, table).toBeNull()
    }
    expect(
      ((await staff.client.from('family_subscribers').select('email')).data ?? []).length,
    ).toBeGreaterThan(0)
    for (const client of [h.anon, user.client, staff.client]) {
      const insert = await client
        .from('family_subscribers')
        .insert({ email: 'someone@example.test', manage_token_hash: 'x' })
      expect(insert.error).not.toBeNull()
      await client.from('family_subscriptions').delete().not('id', 'is', null)
    }
    expect(
      ((await h.service.from('family_subscriptions').select('id')).data ?? []).length,
    ).toBeGreaterThan(0)
  })

  it('should mail an unconfirmed address nothing but its confirmation, and a confirmed one the alert with one-click unsubscribe', async () => {
    const waiting = family()
    const confirmed = family()
    expect(
      await invoke({
        action: 'subscribe',
        email: waiting,
        follow: { kind: 'team', ref: 'big-train-12u' },
        website: '',
      }),
    ).toMatchObject({ status: 200, body: { ok: true } })
    const [confirmation] = await waitFor(waiting, 1)
    expect(confirmation!.subject).toContain('confirm your alerts for Big Train 12U')
    expect(confirmation!.text).toContain(
      'Big Train 12U: cancellations, field closures and schedule changes',
    )
    await subscribeAndConfirm(confirmed)

    // A club-wide status alert, published: the trigger and pg_net call the function.
    await store('alerts', [statusAlert(`storm-${randomUUID()}`, 'All games cancelled')])
    const [alert] = await waitFor(confirmed, 2).then((emails) =>
      emails.filter((email) => !email.subject.includes('confirm')),
    )
    expect(alert!.subject).toBe('Cancelled today: All games cancelled')
    expect(alert!.text).toContain('All games cancelled: storms in the area.')
    expect(alert!.text).toMatch(
      /Posted \w+day, \w+ \d+, \d{4},? (at )?\d+:\d\d [AP]M \(club time\)/,
    )
    expect(alert!.text).toContain(`${SITE}/fields`)
    expect(alert!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(alert!.headers['list-unsubscribe']!)?.[1]
    expect(link).toContain(`${h.url}/functions/v1/family-alerts/unsubscribe?token=`)

    // The witness is in: the address that never confirmed got its confirmation only.
    expect(await to(waiting)).toHaveLength(1)
    const { data: unconfirmed } = await h.service
      .from('family_subscribers')
      .select('id, confirmed_at')
      .eq('email', waiting)
      .single()
    expect(unconfirmed!.confirmed_at).toBeNull()
    const { data: deliveries } = await h.service
      .from('family_deliveries')
      .select('subscriber_id, status')
      .eq('subscriber_id', unconfirmed!.id)
    expect(deliveries).toEqual([])

    // RFC 8058: a POST to the URL, with no key, unsubscribes at once.
    const response = await fetch(link!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).toBe(200)
    const { data: rows } = await h.service
      .from('family_subscribers')
      .select('unsubscribed_at')
      .eq('email', confirmed)
    expect(rows![0]!.unsubscribed_at).not.toBeNull()

    // The next alert reaches a still-subscribed family (the witness), and not the one who left.
    const witness = family()
    await subscribeAndConfirm(witness)
    await store('alerts', [
      statusAlert(`storm-${randomUUID()}`, 'Games delayed', { status_type: 'delayed' }),
    ])
    const witnessed = await waitFor(witness, 2)
    expect(witnessed.map((email) => email.subject)).toContain('Delayed today: Games delayed')
    expect((await to(confirmed)).map((email) => email.subject)).not.toContain(
      'Delayed today: Games delayed',
    )
  }, 60_000)

  it('should send nothing for a saved alert whose decision did not change, and a correction within 10 minutes as an update', async () => {
    const address = family()
    await subscribeAndConfirm(address, { kind: 'club', ref: '' } as never)
    const id = `same-${randomUUID()}`
    await store('alerts', [statusAlert(id, 'Field closed')])
    await waitFor(address, 2)
    await store('alerts', [statusAlert(id, 'Field closed', { isPinned: true })])
    const changed = statusAlert(id, 'Field open again', { status_type: 'game-on' })
    await store('alerts', [changed])
    // A changed decision within 10 minutes of the first is a correction: an update in the
    // first email's thread, not a second alarm.
    await expect
      .poll(async () => (await to(address)).map((email) => email.subject), { timeout: 15_000 })
      .toContain('Update: On today: Field open again')
    const emails = (await to(address)).filter((email) => !email.subject.includes('confirm'))
    expect(emails.map((email) => email.subject)).toEqual([
      'Cancelled today: Field closed',
      'Update: On today: Field open again',
    ])
    const first = emails[0]!.headers['message-id']
    expect(first).toMatch(/^<alerts-[0-9a-f]{32}@/)
    expect(emails[1]!.headers['in-reply-to']).toBe(first)
    expect(emails[1]!.headers.references).toBe(first)

    // Past the window, a new decision is an alert of its own again.
    await h.service
      .from('family_notifications')
      .update({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .eq('alert_id', id)
    await store('alerts', [statusAlert(id, 'Field closed again')])
    await expect
      .poll(async () => (await to(address)).map((email) => email.subject), { timeout: 15_000 })
      .toContain('Cancelled today: Field closed again')
    const last = (await to(address)).find((email) => email.subject.endsWith('Field closed again'))
    expect(last!.headers['in-reply-to']).toBeUndefined()
  }, 60_000)

  it('should refuse a forged, expired or wrong-purpose token, and one whose address was deleted', async () => {
    const address = family()
    const { token } = await subscribeAndConfirm(address)
    expect(await invoke({ action: 'manage', token })).toMatchObject({
      status: 200,
      body: {
        email: address,
        follows: [{ kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U' }],
      },
    })
    const [payload, signature] = token.split('.')
    const refused = {
      status: 403,
      body: { error: expect.stringContaining('expired or is not valid') },
    }
    // Another signature, another payload, a token signed with another secret.
    expect(
      await invoke({ action: 'manage', token: `${payload}.${signature!.slice(1)}A` }),
    ).toMatchObject(refused)
    const other = Buffer.from(
      JSON.stringify({ p: 'manage', s: randomUUID(), n: 'x', i: 0, e: 9e15 }),
    ).toString('base64url')
    expect(await invoke({ action: 'manage', token: `${other}.${signature}` })).toMatchObject(
      refused,
    )
    const { data: row } = await h.service
      .from('family_subscribers')
      .select('id, manage_token_hash')
      .eq('email', address)
      .single()
    const forged = await signToken(
      'not-the-secret-of-this-function-at-all',
      'manage',
      row!.id,
      row!.manage_token_hash,
    )
    expect(await invoke({ action: 'manage', token: forged })).toMatchObject(refused)
    // The right secret, but expired (made 31 days ago), or for another purpose.
    const secret = await signingSecret(undefined, h.serviceRoleKey)
    const expired = await signToken(
      secret,
      'manage',
      row!.id,
      row!.manage_token_hash,
      Date.now() - 31 * 86_400_000,
    )
    expect(await invoke({ action: 'manage', token: expired })).toMatchObject(refused)
    const confirmOnly = await signToken(secret, 'confirm', row!.id, row!.manage_token_hash)
    expect(await invoke({ action: 'manage', token: confirmOnly })).toMatchObject(refused)
    const expiredConfirm = await signToken(
      secret,
      'confirm',
      row!.id,
      row!.manage_token_hash,
      Date.now() - 4 * 86_400_000,
    )
    expect(await invoke({ action: 'confirm', token: expiredConfirm })).toMatchObject(refused)
    // A forged one-click unsubscribe changes nothing.
    const oneClick = await fetch(
      `${h.url}/functions/v1/family-alerts/unsubscribe?token=${forged}`,
      {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      },
    )
    expect(oneClick.status).toBe(403)

    // "My alerts": add and remove, then delete everything.
    const added = await invoke({
      action: 'follow',
      token,
      follow: { kind: 'field', ref: 'briar-meadow' },
    })
    expect((added.body.follows as { name: string }[]).map((item) => item.name)).toEqual([
      'Big Train 12U',
      'Briar Meadow',
    ])
    expect(
      await invoke({ action: 'follow', token, follow: { kind: 'team', ref: 'no-such-team' } }),
    ).toMatchObject({ status: 400 })
    const removed = await invoke({
      action: 'unfollow',
      token,
      follow: { kind: 'team', ref: 'big-train-12u' },
    })
    expect((removed.body.follows as { name: string }[]).map((item) => item.name)).toEqual([
      'Briar Meadow',
    ])
    expect(await invoke({ action: 'delete', token })).toMatchObject({
      status: 200,
      body: { deleted: true },
    })
    expect(
      (await h.service.from('family_subscribers').select('id').eq('email', address)).data,
    ).toEqual([])
    expect(await invoke({ action: 'manage', token })).toMatchObject(refused)
  }, 60_000)

  it('should check every input, drop a honeypot, and limit requests per address', async () => {
    const address = family()
    for (const body of [
      {
        action: 'subscribe',
        email: 'not an address',
        follow: { kind: 'team', ref: 'big-train-12u' },
      },
      {
        action: 'subscribe',
        email: `${address}\nBcc: x@example.test`,
        follow: { kind: 'team', ref: 'big-train-12u' },
      },
      { action: 'subscribe', email: address, follow: { kind: 'team', ref: '../etc' } },
      { action: 'subscribe', email: address, follow: { kind: 'team', ref: 'no-such-team' } },
      {
        action: 'subscribe',
        email: address,
        follow: { kind: 'team', ref: 'big-train-12u' },
        extra: 1,
      },
      { action: 'send-everyone-mail' },
    ])
      expect((await invoke(body)).status, JSON.stringify(body)).toBe(400)
    // Only the service role may run the sending.
    expect(await invoke({ action: 'notify' })).toMatchObject({ status: 403 })

    const bot = family()
    expect(
      await invoke({
        action: 'subscribe',
        email: bot,
        follow: { kind: 'team', ref: 'big-train-12u' },
        website: 'https://spam.example',
      }),
    ).toMatchObject({ status: 200 })
    expect((await h.service.from('family_subscribers').select('id').eq('email', bot)).data).toEqual(
      [],
    )

    for (let attempt = 1; attempt <= 5; attempt++)
      expect(
        await invoke({
          action: 'subscribe',
          email: address,
          follow: { kind: 'program', ref: 'big-train' },
        }),
      ).toMatchObject({ status: 200 })
    expect(
      await invoke({
        action: 'subscribe',
        email: address,
        follow: { kind: 'program', ref: 'big-train' },
      }),
    ).toMatchObject({ status: 429, body: { error: expect.stringContaining('try again tomorrow') } })
    expect(await waitFor(address, 5)).toHaveLength(5)
    expect(
      (await h.service.from('family_alert_attempts').select('key')).data!.every((row) =>
        /^(ip|address):[0-9a-f]{64}$/.test(row.key),
      ),
    ).toBe(true)
    expect(bot).not.toBe(address)
  }, 60_000)
  it('should reach the team, its program and the club for an alert on a team page, and no other team', async () => {
    const team = family()
    const program = family()
    const other = family()
    await subscribeAndConfirm(team)
    await subscribeAndConfirm(program, { kind: 'program', ref: 'big-train' })
    await subscribeAndConfirm(other, { kind: 'team', ref: 'flash-10u' })
    await store('alerts', [
      statusAlert(`team-${randomUUID()}`, 'Big Train 12U practice off', {
        targetPage: '/programs/big-train/12u',
      }),
    ])
    for (const address of [team, program])
      await expect
        .poll(async () => (await to(address)).map((email) => email.subject), { timeout: 15_000 })
        .toContain('Cancelled today: Big Train 12U practice off')
    expect((await to(other)).map((email) => email.subject)).not.toContain(
      'Cancelled today: Big Train 12U practice off',
    )
  }, 60_000)

  it('should name what it cannot read from the sample content, and keep the program list equal to the site’s', () => {
    expect(PROGRAM_SLUGS).toEqual(CORE_PROGRAM_SLUGS)
    expect(nameFromSlug('big-train-12u')).toBe('Big Train 12U')
    const unstored: Catalog = {
      teams: new Map(),
      programs: new Map(),
      fields: new Map(),
      unstored: new Set(['team', 'program', 'field']),
    }
    expect(audienceOf(unstored, ['/programs/flash-softball/10u'])).toMatchObject({
      everyone: false,
      teams: ['flash-10u'],
      programs: ['flash-softball'],
    })
    expect(audienceOf(unstored, ['/fields'])).toMatchObject({ allFields: true })
    expect(audienceOf(unstored, [])).toMatchObject({ everyone: true })
  })
  it('should let one sending run at a time hold the lease, and send once it is free', async () => {
    const other = randomUUID()
    await takeSendingLease(h, other)
    expect(await invoke({ action: 'notify' }, h.service)).toMatchObject({
      status: 200,
      body: { busy: true, sent: 0 },
    })
    const address = family()
    await subscribeAndConfirm(address, { kind: 'club', ref: '' } as never)
    await store('alerts', [statusAlert(`lease-${randomUUID()}`, 'Held back')])
    // The webhook's call finds the lease taken: the notification waits.
    await expect
      .poll(
        async () =>
          (await h.service.from('family_notifications').select('status').eq('summary', 'Held back'))
            .data,
      )
      .toEqual([{ status: 'pending' }])
    expect((await to(address)).map((email) => email.subject)).not.toContain(
      'Cancelled today: Held back',
    )
    expect((await h.service.rpc('family_alerts_lease', { run: other, seconds: 0 })).data).toBe(true)
    expect(await invoke({ action: 'notify' }, h.service)).toMatchObject({
      status: 200,
      body: { busy: false },
    })
    await expect
      .poll(async () => (await to(address)).map((email) => email.subject), { timeout: 15_000 })
      .toContain('Cancelled today: Held back')
  }, 60_000)

  it('should count for staff alone whom a status alert would notify, without listing anyone', async () => {
    const preview = (client = h.anon, pages = ['/programs/big-train/12u']) =>
      invoke({ action: 'preview', pages }, client)
    // A visitor's client sends the anon key as its bearer token: not staff either.
    expect((await preview()).status).toBe(403)
    const user = await h.signedInUser()
    expect((await preview(user.client)).status).toBe(403)
    const staff = await h.signedInUser({ staff: true })
    const before = await preview(staff.client)
    expect(before.status).toBe(200)
    const counts = before.body as { email: number; push: number; names: string[] }

    // Two confirmed addresses follow the team, one never confirmed; a device follows it.
    await subscribeAndConfirm(family())
    await subscribeAndConfirm(family())
    expect(
      await invoke({
        action: 'subscribe',
        email: family(),
        follow: { kind: 'team', ref: 'big-train-12u' },
      }),
    ).toMatchObject({ status: 200 })
    const device = await h.service
      .from('family_push_subscriptions')
      .insert({
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      })
      .select('id')
      .single()
    expect(device.error).toBeNull()
    const followed = await h.service.from('family_push_follows').insert({
      push_subscription_id: (device.data as { id: string }).id,
      kind: 'team',
      ref: 'big-train-12u',
    })
    expect(followed.error).toBeNull()

    // Counted, then gone: no later test's alert is pushed to it (it is no real device).
    const after = await preview(staff.client).finally(() =>
      h.service
        .from('family_push_subscriptions')
        .delete()
        .eq('id', (device.data as { id: string }).id),
    )
    expect(after.status).toBe(200)
    expect(after.body).toMatchObject({
      email: counts.email + 2,
      push: counts.push + 1,
      everyone: false,
    })
    expect((after.body as { names: string[] }).names).toContain('Big Train 12U')
    // Counts and names only: no address or endpoint in the answer.
    expect(JSON.stringify(after.body)).not.toMatch(/@|https?:/)
    // Another team's alert does not count them.
    const other = await preview(staff.client, ['/programs/flash-softball/10u'])
    expect(other.body).toMatchObject({ everyone: false })
    expect((other.body as { email: number }).email).toBeLessThan(counts.email + 2)
  })

  it('should announce nothing for a status alert staff chose not to notify', async () => {
    const silent = `silent-${randomUUID()}`
    const told = `told-${randomUUID()}`
    await store('alerts', [
      statusAlert(silent, 'Games delayed an hour', { notifyFamilies: false }),
      statusAlert(told, 'All games cancelled tonight'),
    ])
    // The witness: the alert published beside it became a notification.
    await expect
      .poll(
        async () =>
          (
            (await h.service.from('family_notifications').select('alert_id').eq('alert_id', told))
              .data ?? []
          ).length,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1)
    const { data } = await h.service
      .from('family_notifications')
      .select('alert_id')
      .eq('alert_id', silent)
    expect(data).toEqual([])
  })

  it('should show staff alone each notification with its deliveries counted by channel', async () => {
    const address = family()
    await subscribeAndConfirm(address, { kind: 'club', ref: '' } as never)
    const id = `counted-${randomUUID()}`
    await store('alerts', [statusAlert(id, 'Games called off')])
    await waitFor(address, 2)
    const staff = await h.signedInUser({ staff: true })
    const read = (client = staff.client) =>
      client.from('family_alert_delivery_counts').select('*').eq('alert_id', id)
    await expect
      .poll(async () => ((await read()).data ?? [])[0], { timeout: 10_000 })
      .toMatchObject({ summary: 'Games called off', email_waiting: 0, push_sent: 0 })
    const [row] = (await read()).data as { email_sent: number }[]
    expect(row!.email_sent).toBeGreaterThanOrEqual(1)
    const user = await h.signedInUser()
    for (const client of [h.anon, user.client]) expect((await read(client)).data ?? []).toEqual([])
  })
})
