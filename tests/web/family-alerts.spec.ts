import { randomUUID } from 'node:crypto'

import type { Browser, Page } from '@playwright/test'

import { earlierToday } from '../fixtures/club-time.ts'
import { openAsStaff } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'
import { openGetAlerts } from '../fixtures/get-alerts.ts'
import { emailsTo, waitForEmailTo } from '../fixtures/mail.ts'
import type { CaughtEmail } from '../fixtures/mail.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Families hear first (issue 33), by email, end to end: a family asks for alerts on a team's
// page, confirms from the worker stack's mail catcher (MailDev), staff publish a status alert,
// the database's trigger and pg_net call the Edge Function `family-alerts` in real Deno, and the
// alert arrives with RFC 8058 one-click unsubscribe headers. It saves the alerts document, so it
// runs on a worker stack of its own (desktop-staff).

const TEAM_PAGE = '/programs/big-train/12u'
const COVERS = 'Big Train 12U: cancellations, field closures and schedule changes'
const family = (label: string) => `${label}-${randomUUID().slice(0, 8)}@families.example.test`

/** Opens the team page's "Get alerts" dialog, once React owns the page. */
async function openDialog(page: Page) {
  await page.goto(TEAM_PAGE)
  return openGetAlerts(page, page.getByRole('button', { name: 'Get alerts: Big Train 12U' }))
}

/** Asks for Big Train 12U's alerts as a family (a browser with no session). */
async function subscribe(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    const dialog = await openDialog(page)
    await expect(dialog.getByText(COVERS)).toBeVisible()
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
    await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
  } finally {
    await context.close()
  }
}

/** The link of the confirmation email the catcher holds for `email`. */
async function confirmationLink(
  mailUrl: string,
  email: string,
  name = 'Big Train 12U',
): Promise<string> {
  const [confirmation] = await waitForEmailTo(mailUrl, email, 15_000)
  expect(confirmation!.subject).toContain(`confirm your alerts for ${name}`)
  const link = /(https?:\/\/\S+\/my-alerts#confirm=[A-Za-z0-9_.-]+)/.exec(confirmation!.text)?.[1]
  expect(link, confirmation!.text).toBeTruthy()
  return link!
}

/** Follows the confirmation link as the family; "My alerts" then lists the team. */
async function confirm(browser: Browser, link: string, covers: string | RegExp = COVERS) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(link)
    await expect(page.getByText('Your alerts start now.')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('list', { name: 'What you follow' })).toContainText(covers)
  } finally {
    await context.close()
  }
}

/** Asks for a field's alerts from its card on /fields, as a family (a browser with no session). */
async function followField(browser: Browser, baseURL: string, email: string, name: string) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/fields')
    const dialog = await openGetAlerts(
      page,
      page.getByRole('button', { name: `Get alerts: ${name}` }),
    )
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
    await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
  } finally {
    await context.close()
  }
}

/** A club-wide status alert (no target page: it reaches every subscriber). */
function statusAlert(title: string, statusType: string) {
  return {
    id: `family-alerts-${randomUUID().slice(0, 8)}`,
    alert_category: 'status' as const,
    status_type: statusType,
    type: 'weather' as const,
    title,
    message: 'Storms in the area: every game tonight is called off.',
    startDate: earlierToday(Date.now()),
    endDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
  }
}

const alertsOnly = (emails: CaughtEmail[]) =>
  emails.filter((email) => !email.subject.includes('confirm your alerts'))

describeSharedContent('families’ alerts by email', () => {
  test('should mail a confirmed family a status alert within 10 s, and nothing after a one-click unsubscribe', async ({
    browser,
    baseURL,
    backend,
    stack,
  }) => {
    const leaving = family('leaving')
    const staying = family('staying')
    // 1–2. Subscribe to Big Train 12U by email and confirm from the catcher's email, twice: the
    // second family is the witness that the next alert went out.
    await subscribe(browser, baseURL!, leaving)
    await confirm(browser, await confirmationLink(stack.mailUrl, leaving))
    await subscribe(browser, baseURL!, staying)
    await confirm(browser, await confirmationLink(stack.mailUrl, staying))

    await restoringContent(backend, ['alerts'], async (before) => {
      const staff = await backend.staff()
      // 3. Staff publish "All games cancelled".
      await storeContent(staff, 'alerts', [
        ...before.alerts,
        statusAlert('All games cancelled', 'game-off'),
      ])
      const publishedAt = Date.now()
      // 4. The email arrives within 10 s, the decision first in its subject.
      await expect
        .poll(async () => alertsOnly(await emailsTo(stack.mailUrl, leaving)).length, {
          timeout: 10_000,
          intervals: [250],
        })
        .toBe(1)
      expect(Date.now() - publishedAt).toBeLessThan(10_000)
      const [alert] = alertsOnly(await emailsTo(stack.mailUrl, leaving))
      expect(alert!.subject).toBe('Cancelled today: All games cancelled')
      expect(alert!.text).toContain('Storms in the area: every game tonight is called off.')
      expect(alert!.text).toMatch(/Posted .+ \(club time\)/)
      expect(alert!.text).toContain(`${stack.siteUrl}/fields`)
      expect(alert!.text).toContain(`${stack.siteUrl}/my-alerts#token=`)
      expect(alert!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(
        alert!.headers['list-unsubscribe'] ?? '',
      )?.[1]
      expect(unsubscribe).toBeTruthy()

      // 5. One-click unsubscribe, as a mail client does it (RFC 8058: a POST, no cookies, no key).
      const response = await fetch(unsubscribe!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('You are unsubscribed')

      // 6. The next alert reaches the family that stayed, and not the one that left.
      const current = await readContent(staff, 'alerts')
      await storeContent(staff, 'alerts', [...current, statusAlert('Games delayed', 'delayed')])
      await expect
        .poll(
          async () => alertsOnly(await emailsTo(stack.mailUrl, staying)).map((e) => e.subject),
          { timeout: 10_000, intervals: [250] },
        )
        .toContain('Delayed today: Games delayed')
      expect(alertsOnly(await emailsTo(stack.mailUrl, leaving)).map((e) => e.subject)).toEqual([
        'Cancelled today: All games cancelled',
      ])
    })
  })

  test('should pass axe on the dialog and on “My alerts” at 390 and 1280 px, and keep /my-alerts out of search', async ({
    browser,
    baseURL,
    stack,
  }) => {
    // Four axe runs (the dialog and My alerts, at two widths) and a confirmation by mail.
    test.setTimeout(60_000)
    const address = family('axe')
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } })
      try {
        const page = await context.newPage()
        const dialog = await openDialog(page)
        expect(await axeViolations(page), `dialog at ${width}`).toEqual([])
        // An address that is not one is refused in words, and nothing is lost.
        await dialog.getByLabel('Email').fill('not an address')
        await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
        await expect(
          dialog.getByText('Enter your email address, like parent@example.com.'),
        ).toBeVisible()
        await expect(dialog.getByLabel('Email')).toHaveValue('not an address')
        expect(await axeViolations(page), `dialog with an error at ${width}`).toEqual([])
        if (width === 390) {
          await dialog.getByLabel('Email').fill(address)
          await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
          await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
          expect(await axeViolations(page), 'dialog after sending').toEqual([])
        }
      } finally {
        await context.close()
      }
    }
    const link = await confirmationLink(stack.mailUrl, address)
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } })
      try {
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(link)
        await expect(page.getByRole('heading', { level: 1, name: 'My alerts' })).toBeVisible()
        await expect(page.getByRole('list', { name: 'What you follow' })).toContainText(COVERS)
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
        await expect(
          page.getByText(
            'Subscriptions are removed after a season without opening anything, or on request.',
          ),
        ).toBeVisible()
        expect(await axeViolations(page), `My alerts at ${width}`).toEqual([])
        // The confirmation link became a manage link in the address bar, so a reload works.
        expect(new URL(page.url()).hash).toMatch(/^#token=/)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    }
  })

  test('should keep the status line’s dialog open, with what the family typed, when staff post today’s status meanwhile', async ({
    page,
    backend,
  }) => {
    await page.goto('/fields')
    const dialog = await openGetAlerts(page, await statusLineAlerts(page))
    const email = family('live-status')
    await dialog.getByLabel('Email').fill(email)
    await restoringContent(backend, ['alerts'], async (before) => {
      const staff = await backend.staff()
      await storeContent(staff, 'alerts', [
        ...before.alerts,
        statusAlert('All games cancelled', 'game-off'),
      ])
      // The status reaches the open page live, in the line the dialog was opened from (the
      // dialog hides the rest of the page from the accessibility tree: found by its class).
      await expect(page.locator('.alerts-bar__first .alert__title')).toHaveText(
        'All games cancelled',
        { timeout: 10_000 },
      )
      await expect(dialog).toBeVisible()
      await expect(dialog.getByLabel('Email')).toHaveValue(email)
      await expect(dialog.getByLabel('Email')).toBeFocused()
      await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
      await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
    })
  })

  test('should say so when the backend cannot be reached, and keep what the family typed', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL })
    try {
      const page = await context.newPage()
      // The backend is down for this family: every call to it fails.
      await page.route('**/functions/v1/**', (route) => route.abort('connectionrefused'))
      const dialog = await openDialog(page)
      const address = family('offline')
      await dialog.getByLabel('Email').fill(address)
      await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
      await expect(dialog.getByRole('alert')).toContainText("We could not reach the club's server")
      await expect(dialog.getByLabel('Email')).toHaveValue(address)
    } finally {
      await context.close()
    }
  })

  test('should tell staff whom a status alert will notify, and send nothing when they choose “Don’t notify”', async ({
    browser,
    baseURL,
    backend,
    page,
    stack,
  }) => {
    const following = family('counted')
    await subscribe(browser, baseURL!, following)
    await confirm(browser, await confirmationLink(stack.mailUrl, following))

    await restoringContent(backend, ['alerts'], async (before) => {
      const staff = await backend.staff()
      const alert = {
        ...statusAlert('Games are on tonight', 'game-on'),
        targetPage: TEAM_PAGE,
      }
      // Stored with "Don't notify" already, so this first save tells nobody either.
      await storeContent(staff, 'alerts', [...before.alerts, { ...alert, notifyFamilies: false }])
      await openAsStaff(page, '/admin/alerts')
      const card = page.locator(`[data-alert-id="${alert.id}"]`)
      await card.getByRole('button', { name: /^Edit/ }).click()
      await card.getByRole('textbox', { name: /^Title/ }).fill('All games cancelled tonight')
      // A changed decision: the screen says it stays silent, as stored…
      await expect(card.getByText('Families will not be notified of this alert.')).toBeVisible()
      await card.getByRole('checkbox', { name: 'Don’t notify families' }).uncheck()
      // …and, once staff want families told, how many (this family among them) and where.
      await expect(
        card.getByText(/^Saving will notify \d+ famil(y|ies) by email.* \(Big Train 12U\b/),
      ).toBeVisible({ timeout: 10_000 })
      await card.getByRole('checkbox', { name: 'Don’t notify families' }).check()
      await page.getByRole('button', { name: 'Save alerts' }).click()
      await expect
        .poll(async () => (await readContent(staff, 'alerts')).find((a) => a.id === alert.id))
        .toMatchObject({ title: 'All games cancelled tonight', notifyFamilies: false })

      // The witness that the trigger ran: the next change, notified, reaches the family.
      const current = await readContent(staff, 'alerts')
      await storeContent(
        staff,
        'alerts',
        current.map((a) =>
          a.id === alert.id ? { ...a, title: 'Games delayed an hour', notifyFamilies: true } : a,
        ),
      )
      await expect
        .poll(
          async () => alertsOnly(await emailsTo(stack.mailUrl, following)).map((e) => e.subject),
          { timeout: 15_000, intervals: [250] },
        )
        .toContain('On today: Games delayed an hour')
      // Nothing was sent for the decisions saved with "Don't notify".
      expect(alertsOnly(await emailsTo(stack.mailUrl, following)).map((e) => e.subject)).toEqual([
        'On today: Games delayed an hour',
      ])
      // After sending, staff see the notification and its deliveries per channel.
      await page.goto('/admin/communications')
      await page.getByRole('link', { name: 'Alerts sent' }).click()
      const sent = page
        .getByRole('list', { name: 'Alerts sent' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Games delayed an hour' }) })
      await expect(sent).toContainText(/Email: \d+ sent/)
      await expect(sent).toContainText(TEAM_PAGE)
      expect(await axeViolations(page), 'Alerts sent').toEqual([])
    })
  })

  test('should mail a field’s follower “Closed: …” within 10 s when staff close it, after saying whom it will notify', async ({
    browser,
    baseURL,
    backend,
    page,
    stack,
  }) => {
    const follower = family('field-closed')
    await followField(browser, baseURL!, follower, 'Hollow Oak Park')
    await confirm(
      browser,
      await confirmationLink(stack.mailUrl, follower, 'Hollow Oak'),
      /^Hollow Oak/,
    )

    await restoringContent(backend, ['fieldsContent', 'alerts'], async () => {
      await openAsStaff(page, '/admin/field-status')
      const reason = `Standing water ${randomUUID().slice(0, 6)}`
      await page
        .getByRole('group', { name: /^Hollow Oak Park/ })
        .getByRole('radio', { name: 'Closed' })
        .check()
      await page.getByRole('textbox', { name: 'Reason for Hollow Oak Park' }).fill(reason)
      // Before publishing: whom the closure will notify (this family among them).
      await expect(
        page.getByText(
          /^Publishing will notify \d+ famil(y|ies) by email.* \(Hollow Oak( Park)?\)\.$/,
        ),
      ).toBeVisible({ timeout: 10_000 })
      expect(await axeViolations(page), 'field status with the count').toEqual([])
      await page.getByRole('button', { name: 'Publish 1 change' }).click()
      const publishedAt = Date.now()
      const offer = page.getByRole('region', { name: 'Post a matching status alert?' })
      await expect(offer).toContainText(
        'The families who follow Hollow Oak Park were notified when you published.',
      )
      // The closure arrives within 10 s, the decision first.
      await expect
        .poll(async () => alertsOnly(await emailsTo(stack.mailUrl, follower)).length, {
          timeout: 10_000,
          intervals: [250],
        })
        .toBe(1)
      expect(Date.now() - publishedAt).toBeLessThan(10_000)
      const [closed] = alertsOnly(await emailsTo(stack.mailUrl, follower))
      expect(closed!.subject).toBe('Closed: Hollow Oak Park')
      expect(closed!.text).toContain(reason)
      expect(closed!.text).toContain(`${stack.siteUrl}/fields`)
      expect(closed!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      await offer.getByRole('button', { name: 'Skip' }).click()
      await expect(page.getByText('Field status published. No alert posted.')).toBeVisible()
    })
  })
})

// A field's own alerts, from its card on /fields (issue 33 §1): no document is saved, so it runs
// on the run's stack and its mail catcher.
test('should offer a field’s own alerts on its card, and confirm them by the field’s name', async ({
  page,
  stack,
}) => {
  const email = family('field')
  await page.goto('/fields')
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Seneca Ridge Park', level: 3 }),
  })
  const button = card.getByRole('button', { name: 'Get alerts: Seneca Ridge Park' })
  await expect(button).toBeVisible()
  // One button per field, each naming its own.
  const cards = page.locator('.fields-status__list > li')
  await expect(cards.getByRole('button', { name: /^Get alerts: / })).toHaveCount(
    await cards.count(),
  )
  const dialog = await openGetAlerts(page, button)
  await expect(dialog.getByText(/^Seneca Ridge Park: /)).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
  await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
  const [confirmation] = await waitForEmailTo(stack.mailUrl, email, 15_000)
  // The run's stack stores no fields document (the site shows its samples), so the function,
  // which reads names only from what is stored, names the field from its id: "Seneca Ridge".
  expect(confirmation!.subject).toContain('confirm your alerts for Seneca Ridge')
})

/** The status line's "Get alerts", once the alerts bar shows what the vital read answered. */
async function statusLineAlerts(page: Page) {
  const bar = page.getByRole('region', { name: 'Alerts' })
  await expect(bar).not.toHaveAttribute('data-held', { timeout: 15_000 })
  const button = bar
    .locator('.alerts-bar__first')
    .getByRole('button', { name: 'Get alerts: All fields and teams' })
  await expect(button).toBeVisible()
  return button
}

// The club's alerts from the alerts bar's status line (issue 33 §1): no document is saved, so it
// runs on the run's stack and its mail catcher.
test('should offer the club’s alerts on the alerts bar’s status line, naming what they cover, at 390 and 1280 px', async ({
  browser,
  baseURL,
  stack,
}) => {
  const email = family('status-line')
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } })
    try {
      const page = await context.newPage()
      await page.goto('/fields')
      const dialog = await openGetAlerts(page, await statusLineAlerts(page))
      await expect(
        dialog.getByText(
          'All fields and teams: cancellations, field closures and schedule changes',
        ),
      ).toBeVisible()
      expect(await axeViolations(page), `status line's dialog at ${width}`).toEqual([])
      if (width === 1280) {
        await dialog.getByLabel('Email').fill(email)
        await dialog.getByRole('button', { name: 'Send me a confirmation link' }).click()
        await expect(dialog.getByText('Check your inbox to confirm')).toBeVisible()
      }
    } finally {
      await context.close()
    }
  }
  const [confirmation] = await waitForEmailTo(stack.mailUrl, email, 15_000)
  expect(confirmation!.subject).toContain('confirm your alerts for All fields and teams')
})

// The status line's dialog is not part of any page's start-up (home's initial JS budget, issue 18
// §5): its code loads when a family reaches for it, and a tap made while it loads opens it.
test('should load the status line’s alerts dialog only when a family reaches for it, and open it on a tap made while it loads', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/get-alerts-[^/]*\.js$/.test(request.url())) requested.push(request.url())
  })
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/get-alerts-[^/]*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  // A page whose own code does not hold the dialog (the team and field pages offer it inline).
  await page.goto('/donate')
  await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
    timeout: 15_000,
  })
  const button = await statusLineAlerts(page)
  expect(requested, 'the dialog’s code before any intent').toEqual([])

  await button.click()
  await expect(button).toHaveAttribute('aria-busy', 'true')
  expect(requested.length, 'the dialog’s code requested on the tap').toBeGreaterThan(0)
  await expect(page.getByRole('dialog', { name: 'Get alerts' })).toBeHidden()
  release()
  const dialog = page.getByRole('dialog', { name: 'Get alerts' })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByText('All fields and teams: cancellations, field closures and schedule changes'),
  ).toBeVisible()
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true)
})
