import { randomUUID } from 'node:crypto'

import type { Browser, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { signIn } from '../fixtures/admin-session.ts'
import { emailsTo, waitForEmailTo } from '../fixtures/mail.ts'
import { describeSharedContent, expect, readContent, storeContent, test } from '../fixtures/test.ts'

// The director's email notifications, end to end: a family's form on the site, the database's
// webhook and cron job calling the Edge Function `director-mail` in real Deno, nodemailer over
// SMTP, and the worker stack's own mail catcher (MailDev), read through its REST API. Each test
// sends to an address of its own (set in Settings), so the catcher's other emails never count.

type Outbox = {
  status: string
  attempts: number
  next_attempt_at: string
  last_error: string | null
}

const director = () => `director-${randomUUID().slice(0, 8)}@club.example`
const family = (label: string) => `${label}-${randomUUID().slice(0, 8)}@families.example.test`

/** Sends the registration interest form of /contact as a family (a browser with no session). */
async function sendInterest(
  browser: Browser,
  baseURL: string,
  fields: { name: string; email: string; message: string },
) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/contact?program=recreation#registration-interest')
    const form = page.getByRole('region', { name: 'Register your interest' })
    // Sendable once React owns the form: its button turns into a submit.
    await expect(form.getByRole('button', { name: 'Register interest' })).toHaveAttribute(
      'type',
      'submit',
      { timeout: 20_000 },
    )
    await form.getByLabel('Parent or guardian name').fill(fields.name)
    await form.getByLabel('Email').fill(fields.email)
    await form.getByLabel('Phone (optional)').fill('301 555 0142')
    await form.getByLabel('Anything we should know? (optional)').fill(fields.message)
    await form.getByRole('button', { name: 'Register interest' }).click()
    await expect(
      form.getByText('Thanks — we got your interest in Recreation Baseball.'),
    ).toBeVisible()
  } finally {
    await context.close()
  }
}

/** The outbox row of the submission `email` sent (staff may read both). */
async function outboxOf(staff: SupabaseClient, email: string): Promise<Outbox | undefined> {
  const sent = await staff.from('form_submissions').select('id').eq('email', email)
  if (sent.error) throw sent.error
  const ids = (sent.data as { id: string }[]).map((row) => row.id)
  if (ids.length === 0) return undefined
  const { data, error } = await staff
    .from('mail_outbox')
    .select('status, attempts, next_attempt_at, last_error')
    .in('submission_id', ids)
  if (error) throw error
  return (data as Outbox[])[0]
}

/** Opens Settings and sends notifications to `address`, as the director does. */
async function sendNotificationsTo(page: Page, staff: SupabaseClient, address: string) {
  await signIn(page, undefined, '/admin/settings')
  await page.getByRole('textbox', { name: 'Send notifications to' }).fill(address)
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect
    .poll(async () => (await readContent(staff, 'adminSettings')).notifications.email, {
      timeout: 15_000,
    })
    .toBe(address)
}

describeSharedContent('the director’s email notifications', () => {
  let restore: (() => Promise<void>) | undefined
  test.beforeEach(async ({ backend }) => {
    const staff = await backend.staff()
    const before = await readContent(staff, 'adminSettings')
    restore = async () => void (await storeContent(staff, 'adminSettings', before))
    // Each test starts from the defaults: both switches on, right away.
    await storeContent(staff, 'adminSettings', {
      notifications: {
        ...before.notifications,
        emailOnNewRegistration: true,
        emailOnFormSubmission: true,
        delivery: 'immediate',
      },
    })
  })
  test.afterEach(async ({ stack }) => {
    await stack.mail?.start()
    await restore?.()
  })

  test('should email the director a family’s registration interest within 10 s, Reply-To the family', async ({
    page,
    browser,
    baseURL,
    backend,
    stack,
  }) => {
    const to = director()
    const sender = family('jordan')
    const staff = await backend.staff()
    await sendNotificationsTo(page, staff, to)
    // An address that is not one is refused in words, and the saved one stays.
    const address = page.getByRole('textbox', { name: 'Send notifications to' })
    await address.fill('director@club\nBcc: someone@example.test')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(
      page.getByText(
        "Enter one email address, like director@example.com, or leave it empty to use your profile's.",
      ),
    ).toBeVisible()
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    expect((await readContent(staff, 'adminSettings')).notifications.email).toBe(to)

    await sendInterest(browser, baseURL!, {
      name: 'Jordan Rivera',
      email: sender,
      message: 'Our son Sam is 8 and played one season of tee ball.',
    })
    const sentAt = Date.now()
    const [email, ...more] = await waitForEmailTo(stack.mailUrl, to, 10_000)
    expect(Date.now() - sentAt).toBeLessThan(10_000)
    expect(more).toEqual([])
    expect(email!.subject).toBe(
      'Youth Baseball & Softball Club: Registration interest from Jordan Rivera',
    )
    expect(email!.replyTo).toEqual([{ address: sender, name: 'Jordan Rivera' }])
    for (const part of [email!.text, email!.html]) {
      expect(part).toContain('Our son Sam is 8 and played one season of tee ball.')
      expect(part).toContain('301 555 0142')
      // The program by its name, never its slug.
      expect(part).toContain('Recreation Baseball')
      expect(part).toContain(sender)
    }
    // A link to the message in the inbox screen, on this site.
    expect(email!.html).toContain(`href="${stack.siteUrl}/admin/communications#message-`)

    // It reads at 320 px, nothing wider than the screen, and turns dark in dark mode.
    const reader = await browser.newContext({ viewport: { width: 320, height: 640 } })
    try {
      const view = await reader.newPage()
      await view.setContent(email!.html)
      await expect(
        view.getByText('Our son Sam is 8 and played one season of tee ball.'),
      ).toBeVisible()
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        320,
      )
      const background = () =>
        view.evaluate(() => getComputedStyle(document.querySelector('.mail-body')!).backgroundColor)
      expect(await background()).toBe('rgb(250, 247, 240)')
      await view.emulateMedia({ colorScheme: 'dark' })
      expect(await background()).toBe('rgb(16, 21, 28)')
    } finally {
      await reader.close()
    }

    // Settings shows it as the last delivery.
    await page.reload()
    await expect(page.getByText(new RegExp(`^Last email sent .*, to ${to}\\.$`))).toBeVisible()
  })

  test('should send nothing while “Email me about new registrations” is off', async ({
    page,
    browser,
    baseURL,
    backend,
    stack,
  }) => {
    const staff = await backend.staff()
    const to = director()
    const sender = family('off')
    await sendNotificationsTo(page, staff, to)
    const toggle = page.getByRole('switch', { name: 'Email me about new registrations' })
    await toggle.click()
    await expect
      .poll(async () => (await readContent(staff, 'adminSettings')).notifications, {
        timeout: 15_000,
      })
      .toMatchObject({ emailOnNewRegistration: false, email: to })

    await sendInterest(browser, baseURL!, { name: 'Off Family', email: sender, message: 'Hi' })
    // The witness: the function has looked at it and left it unsent, saying why.
    await expect
      .poll(async () => (await outboxOf(staff, sender))?.status, { timeout: 15_000 })
      .toBe('skipped')
    expect((await outboxOf(staff, sender))?.last_error).toBe(
      'Not sent: “Email me about new registrations” was off.',
    )
    expect(await emailsTo(stack.mailUrl, to)).toEqual([])
  })

  test('should keep the submission while mail is down and email it once the server is back, exactly once', async ({
    page,
    browser,
    baseURL,
    backend,
    stack,
  }) => {
    // The retry waits 10 s after the failed send, and the cron job looks every 20 s.
    test.setTimeout(90_000)
    const staff = await backend.staff()
    const to = director()
    const sender = family('down')
    await sendNotificationsTo(page, staff, to)
    if (!stack.mail) throw new Error('this suite needs its worker’s own stack and mail catcher')

    await stack.mail.stop()
    await sendInterest(browser, baseURL!, {
      name: 'Down Family',
      email: sender,
      message: 'Child: Robin, age 10.',
    })
    // Stored at once, whatever mail does.
    const stored = await staff.from('form_submissions').select('message').eq('email', sender)
    expect(stored.data).toEqual([{ message: 'Child: Robin, age 10.' }])
    // The send failed and waits for another try; Settings says so.
    await expect
      .poll(async () => (await outboxOf(staff, sender))?.attempts ?? 0, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1)
    expect(await outboxOf(staff, sender)).toMatchObject({ status: 'pending' })
    await page.reload()
    await expect(
      page.getByText(/^1 notification email is waiting to be sent again \(next try .*\): /),
    ).toBeVisible()

    await stack.mail.start()
    const [email] = await waitForEmailTo(stack.mailUrl, to, 60_000)
    expect(email!.replyTo?.[0]?.address).toBe(sender)
    expect(email!.text).toContain('Child: Robin, age 10.')
    await expect
      .poll(async () => (await outboxOf(staff, sender))?.status, { timeout: 10_000 })
      .toBe('sent')
    expect(await emailsTo(stack.mailUrl, to)).toHaveLength(1)
  })

  test('should gather three submissions into one daily digest at the chosen hour', async ({
    page,
    backend,
    stack,
  }) => {
    const staff = await backend.staff()
    const to = director()
    await sendNotificationsTo(page, staff, to)
    await page.getByRole('combobox', { name: 'When to email' }).selectOption('digest')
    await page.getByRole('combobox', { name: 'Digest time' }).selectOption({ label: '6:00 PM' })
    await expect
      .poll(async () => (await readContent(staff, 'adminSettings')).notifications, {
        timeout: 15_000,
      })
      .toMatchObject({ delivery: 'digest', digestHour: 18, email: to })

    // Three families send the form (as the form does: an insert with the anon key).
    const senders = ['Avery', 'Blake', 'Casey'].map((name) => ({ name, email: family(name) }))
    for (const sender of senders) {
      const { error } = await backend.anon.from('form_submissions').insert({
        kind: 'registration-interest',
        name: `${sender.name} Family`,
        email: sender.email,
        message: `Child: ${sender.name} Jr., age 9.`,
        program: 'recreation',
      })
      expect(error).toBeNull()
    }
    // Each waits for the digest: the function set its time to the next 6:00 PM.
    const waiting: Outbox[] = []
    for (const sender of senders) {
      await expect
        .poll(
          async () => Date.parse((await outboxOf(staff, sender.email))?.next_attempt_at ?? ''),
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThan(Date.now())
      waiting.push((await outboxOf(staff, sender.email))!)
    }
    const digestAt = waiting[0]!.next_attempt_at
    expect(waiting.map((row) => row.next_attempt_at)).toEqual([digestAt, digestAt, digestAt])
    expect(await emailsTo(stack.mailUrl, to)).toEqual([])

    // 6:00 PM comes: the cron job's call, with the database's time then.
    const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const { error } = await service.functions.invoke('director-mail', { body: { now: digestAt } })
    expect(error).toBeNull()
    const emails = await waitForEmailTo(stack.mailUrl, to)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.subject).toBe(
      'Youth Baseball & Softball Club: 3 new messages from the website',
    )
    for (const sender of senders) {
      expect(emails[0]!.text).toContain(`Child: ${sender.name} Jr., age 9.`)
      expect((await outboxOf(staff, sender.email))?.status).toBe('sent')
    }
  })
})
