// Families' alerts, the triggers beside a status alert (issue 33 §2;
// supabase/migrations/20261206008000_family_alerts_fields_schedule.sql): a field closed or
// reopened, a game moved, cancelled or given another field, and a correction saved while the
// first message is still queued. On real parts: the project's migrations on the local backend,
// the database's triggers and pg_net webhook, the function `family-alerts` in real Deno,
// nodemailer over SMTP and a real catcher (MailDev).
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startMailCatcher } from '../src/mail/catcher.ts'
import type { MailCatcher } from '../src/mail/catcher.ts'
import { invokeFunction, localOnly, startHarness, storeDocument } from './harness.ts'
import type { Harness } from './harness.ts'
import { takeSendingLease } from './sending-lease.ts'

const SITE = 'https://club.example'

type Caught = { subject: string; to: { address: string }[]; text: string }

/** A date `days` from now (YYYY-MM-DD) and how the trigger writes it ("Wednesday, December 9"). */
function dayAhead(days: number) {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
  const words = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
  return { date, words }
}

const FIELDS = [
  {
    id: 'briar-meadow',
    name: 'Briar Meadow',
    address: '1 Meadow Lane',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: null,
  },
  {
    id: 'hollow-oak',
    name: 'Hollow Oak Park',
    address: '2 Oak Road',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: null,
  },
]

const fieldsDocument = (fields: Record<string, Record<string, unknown>> = {}) => ({
  mainText: 'Our fields.',
  directionsLink: '',
  fields: FIELDS.map((field) => ({ ...field, ...fields[field.id] })),
  sliderImages: [],
  weatherPostingTimes: {
    countyWeekdayDecision: '3:00 PM',
    countyWeekendDecision: '9:00 AM',
    leagueCancellationsBy: '8:00 AM',
  },
})

const game = (id: string, date: string, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'game',
  date,
  time: '6:00 PM',
  durationMinutes: 120,
  opponent: 'Hawks',
  homeAway: 'home',
  fieldId: 'briar-meadow',
  location: '',
  status: 'scheduled',
  note: '',
  ...overrides,
})

const teamsDocument = (bigTrain: unknown[], flash: unknown[] = []) => ({
  'big-train-12u': {
    id: 'big-train-12u',
    name: 'Big Train 12U',
    programSlug: 'big-train',
    schedule: bigTrain,
  },
  'flash-10u': {
    id: 'flash-10u',
    name: 'Flash 10U',
    programSlug: 'flash-softball',
    schedule: flash,
  },
})

describe.runIf(localOnly('runs the function against its own mail catcher'))(
  'family-alerts: fields, schedules and queued corrections',
  () => {
    let h: Harness
    let mail: MailCatcher
    const to = async (address: string) => {
      const response = await fetch(`${mail.url}/email`)
      expect(response.ok).toBe(true)
      return ((await response.json()) as Caught[]).filter((email) =>
        email.to.some((item) => item.address === address),
      )
    }
    const subjects = async (address: string) =>
      (await to(address))
        .map((email) => email.subject)
        .filter((subject) => !subject.includes('confirm your alerts'))
    const invoke = (body: Record<string, unknown>, client = h.anon) =>
      invokeFunction(client, 'family-alerts', body)
    const store = (key: string, value: unknown) => storeDocument(h.service, key, value)
    const family = () => `family-${randomUUID().slice(0, 8)}@families.example.test`
    const follow = async (address: string, what: { kind: string; ref: string }) => {
      expect(
        await invoke({ action: 'subscribe', email: address, follow: what, website: '' }),
      ).toMatchObject({ status: 200 })
      await expect.poll(async () => (await to(address)).length, { timeout: 15_000 }).toBe(1)
      const [email] = await to(address)
      const token = /\/my-alerts#confirm=([A-Za-z0-9_.-]+)/.exec(email!.text)?.[1]
      expect(token, email!.text).toBeTruthy()
      expect((await invoke({ action: 'confirm', token })).status).toBe(200)
      return address
    }
    const waitForSubject = (address: string, subject: string) =>
      expect.poll(() => subjects(address), { timeout: 15_000, interval: 100 }).toContain(subject)

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
      await store('programsContent', { 'big-train': { name: 'Big Train' } })
      await store('teams', teamsDocument([]))
      await store('fieldsContent', fieldsDocument())
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

    it('should tell a field’s followers, the club’s and those of a team playing there today, decision first, when it closes and reopens, and nobody of a field staff chose not to notify', async () => {
      const briar = await follow(family(), { kind: 'field', ref: 'briar-meadow' })
      const club = await follow(family(), { kind: 'club', ref: '' })
      const hollow = await follow(family(), { kind: 'field', ref: 'hollow-oak' })
      const playing = await follow(family(), { kind: 'team', ref: 'big-train-12u' })
      const elsewhere = await follow(family(), { kind: 'team', ref: 'flash-10u' })
      // Big Train 12U plays at Briar Meadow today (club time); Flash 10U plays there tomorrow.
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' })
      await store(
        'teams',
        teamsDocument(
          [game(`today-${randomUUID().slice(0, 8)}`, today)],
          [game(`tomorrow-${randomUUID().slice(0, 8)}`, dayAhead(1).date)],
        ),
      )
      const stamp = new Date().toISOString()
      await store(
        'fieldsContent',
        fieldsDocument({
          'briar-meadow': {
            status: 'closed',
            statusReason: 'Standing water',
            statusUpdatedAt: stamp,
          },
          // Closed too, but staff chose "Don't notify families" for it.
          'hollow-oak': {
            status: 'closed',
            statusReason: 'Mowing',
            statusUpdatedAt: stamp,
            notifyFamilies: false,
          },
        }),
      )
      await waitForSubject(briar, 'Closed: Briar Meadow')
      await waitForSubject(club, 'Closed: Briar Meadow')
      await waitForSubject(playing, 'Closed: Briar Meadow')
      const [closed] = (await to(briar)).filter((email) => email.subject === 'Closed: Briar Meadow')
      expect(closed!.text).toContain('Standing water')
      expect(closed!.text).toContain(`${SITE}/fields`)
      expect(await subjects(hollow)).toEqual([])
      expect(await subjects(elsewhere)).toEqual([])
      expect(await subjects(club)).not.toContain('Closed: Hollow Oak Park')
      const silent = await h.service
        .from('family_notifications')
        .select('id')
        .eq('alert_id', 'field-status:hollow-oak')
      expect(silent.data).toEqual([])

      // The same document saved again (another field's words changed) announces nothing new;
      // reopening does, as an update to the closure 10 minutes have not passed since.
      await store(
        'fieldsContent',
        fieldsDocument({
          'briar-meadow': {
            status: 'open',
            statusReason: '',
            statusUpdatedAt: new Date().toISOString(),
          },
          'hollow-oak': { status: 'closed', statusReason: 'Mowing', notifyFamilies: false },
        }),
      )
      await waitForSubject(briar, 'Update: Reopened: Briar Meadow')
      expect(await subjects(briar)).toEqual([
        'Closed: Briar Meadow',
        'Update: Reopened: Briar Meadow',
      ])
      expect(await subjects(hollow)).toEqual([])
      // A status left as it was is not announced again ("check back" is not a closure).
      const { data } = await h.service
        .from('family_notifications')
        .select('summary, trigger_kind, target_pages')
        .eq('alert_id', 'field-status:briar-meadow')
        .order('created_at')
      const pages = ['/fields#briar-meadow', '/team/big-train-12u']
      expect(data).toEqual([
        { summary: 'Closed: Briar Meadow', trigger_kind: 'field-status', target_pages: pages },
        { summary: 'Reopened: Briar Meadow', trigger_kind: 'field-status', target_pages: pages },
      ])
    }, 90_000)

    it('should tell the team’s, its program’s and the field’s followers of a game moved, cancelled or given another field, and no other team’s', async () => {
      const team = await follow(family(), { kind: 'team', ref: 'big-train-12u' })
      const program = await follow(family(), { kind: 'program', ref: 'big-train' })
      const hollow = await follow(family(), { kind: 'field', ref: 'hollow-oak' })
      const other = await follow(family(), { kind: 'team', ref: 'flash-10u' })
      const saturday = dayAhead(3)
      const sunday = dayAhead(4)
      const id = `game-${randomUUID().slice(0, 8)}`
      const untouched = game(`other-${randomUUID().slice(0, 8)}`, saturday.date)
      // Staff chose "Don't notify" for this one.
      const silent = game(`silent-${randomUUID().slice(0, 8)}`, saturday.date, {
        notifyFamilies: false,
      })
      await store('teams', teamsDocument([game(id, saturday.date), untouched, silent]))
      // Moved to another day and to Hollow Oak Park: the old field's followers, the new one's,
      // the team's and the program's hear of it.
      await store(
        'teams',
        teamsDocument([
          game(id, sunday.date, { time: '5:00 PM', fieldId: 'hollow-oak' }),
          { ...untouched, note: 'Bring water' },
          { ...silent, status: 'cancelled' },
        ]),
      )
      const moved = `Moved: Big Train 12U vs Hawks, ${sunday.words}, 5:00 PM at Hollow Oak Park`
      for (const address of [team, program, hollow]) await waitForSubject(address, moved)
      // Then cancelled: an update to the first message (within 10 minutes).
      await store(
        'teams',
        teamsDocument([
          game(id, sunday.date, {
            time: '5:00 PM',
            fieldId: 'hollow-oak',
            status: 'cancelled',
            note: 'Umpires unavailable',
          }),
          { ...untouched, note: 'Bring water' },
        ]),
      )
      const cancelled = `Update: Cancelled: Big Train 12U vs Hawks, ${sunday.words}, 5:00 PM at Hollow Oak Park`
      await waitForSubject(team, cancelled)
      expect(await subjects(team)).toEqual([moved, cancelled])
      const [last] = (await to(team)).filter((email) => email.subject === cancelled)
      expect(last!.text).toContain('Umpires unavailable')
      expect(last!.text).toContain(`${SITE}/team/big-train-12u`)
      // Another team's follower heard nothing; the game whose note alone changed was not news.
      expect(await subjects(other)).toEqual([])
      const { data } = await h.service
        .from('family_notifications')
        .select('summary')
        .eq('trigger_kind', 'schedule')
        .or(`alert_id.like.%${untouched.id},alert_id.like.%${silent.id}`)
      expect(data).toEqual([])
    }, 120_000)

    it('should send one message when a correction is saved while the first is still queued', async () => {
      const address = await follow(family(), { kind: 'club', ref: '' })
      // Another run holds the sending lease: what the saves announce waits, queued.
      const other = randomUUID()
      await takeSendingLease(h, other)
      const id = `queued-${randomUUID().slice(0, 8)}`
      const alert = (title: string, statusType: string) => ({
        id,
        alert_category: 'status',
        status_type: statusType,
        type: 'weather',
        title,
        message: `${title}.`,
        startDate: new Date(Date.now() - 60_000).toISOString(),
        endDate: new Date(Date.now() + 3_600_000).toISOString(),
        isActive: true,
        isPinned: false,
        link: '',
        linkText: '',
      })
      await store('alerts', [alert('All games cancelled', 'game-off')])
      await store('alerts', [alert('Games delayed an hour', 'delayed')])
      await expect
        .poll(
          async () =>
            (await h.service.from('family_notifications').select('status').eq('alert_id', id)).data,
          // The saves' webhook calls run beside the other suites: a busy machine needs more
          // than expect.poll's default second.
          { timeout: 15_000 },
        )
        .toEqual([{ status: 'pending' }, { status: 'pending' }])
      expect((await h.service.rpc('family_alerts_lease', { run: other, seconds: 0 })).data).toBe(
        true,
      )
      expect(await invoke({ action: 'notify' }, h.service)).toMatchObject({ status: 200 })
      await waitForSubject(address, 'Delayed today: Games delayed an hour')
      // The witness is in: the first decision, replaced while queued, was never sent.
      expect(await subjects(address)).toEqual(['Delayed today: Games delayed an hour'])
      const counts = async () =>
        (
          await h.service
            .from('family_alert_delivery_counts')
            .select('summary, email_sent, email_waiting')
            .eq('alert_id', id)
            .order('created_at')
        ).data
      // Nor to anyone else (every family of this file hears of a club-wide alert). The run that
      // sends may be one a save's webhook started as the lease came free, rather than the call
      // above (which then found it busy): the other families' copies may still be on their way.
      await expect.poll(counts, { timeout: 15_000 }).toEqual([
        { summary: 'All games cancelled', email_sent: 0, email_waiting: 0 },
        { summary: 'Games delayed an hour', email_sent: expect.any(Number), email_waiting: 0 },
      ])
      expect((await counts())![1]!.email_sent).toBeGreaterThanOrEqual(1)
    }, 90_000)

    it('should tell a team’s followers of an alert limited to its page whatever its category, with its title as the subject, and nobody of a notice on no team’s page', async () => {
      const team = await follow(family(), { kind: 'team', ref: 'big-train-12u' })
      const program = await follow(family(), { kind: 'program', ref: 'big-train' })
      const other = await follow(family(), { kind: 'team', ref: 'flash-10u' })
      const id = randomUUID().slice(0, 8)
      const notice = (alertId: string, title: string, targetPage?: string) => ({
        id: alertId,
        alert_category: 'general',
        status_type: null,
        type: 'urgent',
        title,
        message: `${title}, bring your number.`,
        startDate: new Date(Date.now() - 60_000).toISOString(),
        endDate: new Date(Date.now() + 86_400_000).toISOString(),
        isActive: true,
        isPinned: false,
        link: '',
        linkText: '',
        ...(targetPage ? { targetPage } : {}),
      })
      await store('alerts', [
        notice(`uniforms-${id}`, `Uniform pickup moved to 5 PM ${id}`, '/programs/big-train/12u'),
        notice(`picture-day-${id}`, `Picture day is Saturday ${id}`),
        notice(`fields-${id}`, `Lights out at 9 PM ${id}`, '/fields'),
      ])
      await waitForSubject(team, `Uniform pickup moved to 5 PM ${id}`)
      await waitForSubject(program, `Uniform pickup moved to 5 PM ${id}`)
      const { data } = await h.service
        .from('family_notifications')
        .select('alert_id')
        .in('alert_id', [`picture-day-${id}`, `fields-${id}`])
      expect(data).toEqual([])
      expect(await subjects(team)).toEqual([`Uniform pickup moved to 5 PM ${id}`])
      expect(await subjects(other)).toEqual([])
    }, 90_000)
  },
)
