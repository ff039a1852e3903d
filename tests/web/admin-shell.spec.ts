import type { Browser, Page } from '@playwright/test'

import { describeSharedContent, expect, test } from '../fixtures/test.ts'
import { signIn } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// The admin shell, against the real backend: the sidebar, the screens it opens, and edits
// made there as an anonymous visitor sees them.

const SEEDED_PARENT = { email: 'parent@club.local', password: 'club-parent-2026' }
const WIDE = { width: 1280, height: 800 }

/** The sidebar's entries, as it lists them, and where each one goes. */
const AREAS: [label: string, path: string][] = [
  ['Home', '/admin/home'],
  ['Edit site', '/admin/edit'],
  ['About editor', '/admin/edit/about-editor'],
  ['News', '/admin/news'],
  ['Rosters & staff', '/admin/rosters-staff'],
  ['Alerts', '/admin/alerts'],
  ['Field status', '/admin/field-status'],
  ['Communications', '/admin/communications'],
  ['Photo library', '/admin/photo-library'],
  ['Staff', '/admin/staff'],
  ['Settings', '/admin/settings'],
  ['Profile', '/admin/profile'],
]

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' })
const toggle = (page: Page) => page.getByRole('button', { name: /^(Menu|Hide menu)$/ })
const alertsBar = (page: Page) => page.getByRole('region', { name: 'Alerts' })
/** The notices region (Radix Toast's viewport), so the visually hidden announcement is not matched too. */
const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

/** A visitor with no session, in a browser context of their own. */
async function anonymousPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  return { page: await context.newPage(), close: () => context.close() }
}

/** A few words no other test writes, so what a visitor sees can only come from this run. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}`

test.describe('admin shell', () => {
  test('should list every admin area in the sidebar, in order', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await signIn(page)
    const links = sidebar(page).getByRole('link')
    // The inbox's entry may carry its unread count ("Communications 3 unread").
    const named = (label: string) =>
      label === 'Communications' ? /^Communications( \d+ unread)?$/ : label
    await expect(links).toHaveText(AREAS.map(([label]) => named(label)))
    for (const [label, path] of AREAS) {
      const name = named(label)
      await expect(
        sidebar(page).getByRole(
          'link',
          typeof name === 'string' ? { name, exact: true } : { name },
        ),
      ).toHaveAttribute('href', path)
    }
  })

  test('should open each admin screen from the sidebar and mark it current', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await signIn(page)
    for (const [label, path] of AREAS.filter(([, to]) => to !== '/admin/edit')) {
      const link =
        label === 'Communications'
          ? sidebar(page).getByRole('link', { name: /^Communications( \d+ unread)?$/ })
          : sidebar(page).getByRole('link', { name: label, exact: true })
      await link.click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(link).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
      await expect(
        page.getByRole('heading', { name: 'There is no admin screen here' }),
      ).toHaveCount(0)
    }
    await sidebar(page).getByRole('link', { name: 'Edit site', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/edit$/)
  })

  test('should open a screen from the sidebar at its top, not where the last one was scrolled @phone', async ({
    page,
    isMobile,
  }) => {
    await signIn(page, undefined, '/admin/rosters-staff')
    await expect(page.getByRole('heading', { level: 1, name: 'Rosters & staff' })).toBeAttached()
    // Down the long roster screen, as far as it goes.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return page.evaluate(() => window.scrollY)
      })
      .toBeGreaterThan(400)
    if (isMobile) await toggle(page).click()
    await sidebar(page).getByRole('link', { name: 'Alerts', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/alerts$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('should keep the sidebar closed at 1023 px and open it as an overlay', async ({ page }) => {
    await page.setViewportSize({ width: 1023, height: 800 })
    await signIn(page)
    await expect(sidebar(page)).toBeHidden()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
    await toggle(page).click()
    await expect(sidebar(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('.admin-backdrop')).toBeVisible()
  })

  test('should close the overlay sidebar on Escape and return focus to the toggle', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1023, height: 800 })
    await signIn(page)
    await toggle(page).click()
    await expect(sidebar(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).toBeHidden()
    await expect(toggle(page)).toBeFocused()
  })

  test('should show the sidebar open at 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await signIn(page)
    await expect(sidebar(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('.admin-backdrop')).toHaveCount(0)
  })

  test('should send a signed-out visitor from an unknown admin path to the login page', async ({
    page,
  }) => {
    await page.goto('/admin/no-such-screen')
    await expect(page).toHaveURL(/\/admin-login$/)
  })

  test('should keep an unknown admin path inside the admin when signed in', async ({ page }) => {
    await signIn(page)
    await page.goto('/admin/no-such-screen')
    await expect(page.getByRole('heading', { name: 'There is no admin screen here' })).toBeVisible()
  })

  test('should show the non-staff parent that the account cannot edit', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await signIn(page, SEEDED_PARENT)
    await expect(
      page.getByRole('heading', { name: 'This account cannot edit the site' }),
    ).toBeVisible()
    await page.goto('/admin/alerts')
    await expect(
      page.getByRole('heading', { name: 'This account cannot edit the site' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save alerts' })).toHaveCount(0)
  })
})

describeSharedContent('admin screens seen by visitors', () => {
  test('should show an alert saved in /admin/alerts to an anonymous visitor', async ({
    page,
    browser,
    baseURL,
  }) => {
    const title = unique('Admin shell alert')
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.goto('/admin/alerts')
    await page.getByRole('button', { name: 'Add general alert' }).click()
    await page.getByRole('textbox', { name: 'Title' }).fill(title)
    // Only on a page no other suite counts alerts on.
    const showOn = page.getByRole('group', { name: 'Show on' })
    await showOn.getByRole('radio', { name: 'Only on chosen pages' }).check()
    await showOn.getByRole('checkbox', { name: 'Sponsors /sponsors', exact: true }).check()
    await page.getByRole('button', { name: 'Save alerts' }).click()
    await expect(notice(page, 'Content Saved!')).toBeVisible()

    const visitor = await anonymousPage(browser, baseURL)
    await visitor.page.goto('/sponsors')
    await visitor.page.reload()
    await expect(alertsBar(visitor.page)).not.toHaveAttribute('data-held', { timeout: 15_000 })
    const more = alertsBar(visitor.page).getByRole('button', {
      name: /more alerts?$|about this alert$/,
    })
    if (await more.isVisible()) await more.click()
    await expect(alertsBar(visitor.page).getByText(title, { exact: true })).toBeVisible()
    await visitor.close()
  })

  test('should show published field status on /fields to an anonymous visitor', async ({
    page,
    browser,
    baseURL,
  }) => {
    const reason = unique('Infield being regraded')
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.goto('/admin/field-status')
    const field = page.getByRole('group', { name: /^Briar Meadow Park/ })
    await field.getByRole('radio', { name: 'Closed' }).check()
    await page.getByLabel('Reason for Briar Meadow Park').fill(reason)
    await page.getByRole('button', { name: /^Publish/ }).click()
    await expect(page.getByRole('button', { name: 'Post alert' })).toBeVisible()

    const visitor = await anonymousPage(browser, baseURL)
    await visitor.page.goto('/fields')
    await visitor.page.reload()
    await expect(visitor.page.getByText(reason, { exact: true })).toBeVisible({ timeout: 15_000 })
    await visitor.close()
  })

  test('should keep an added reminder after a reload', async ({ page }) => {
    const text = unique('Order new batting helmets')
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.getByRole('textbox', { name: 'Reminder' }).fill(`**Urgent:** ${text}`)
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('Urgent')
    await page.getByRole('button', { name: 'Add reminder' }).click()
    await expect(notice(page, 'Content Saved!')).toBeVisible()
    await page.reload()
    const reminders = page.getByRole('region', { name: 'Reminders' })
    await expect(reminders.getByText(text)).toBeVisible({ timeout: 15_000 })
    await expect(reminders.locator('strong', { hasText: 'Urgent:' }).first()).toBeVisible()
  })
})

describeSharedContent('settings and profile', () => {
  test('should keep a notification switch as saved after a reload', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.goto('/admin/settings')
    const toggle = page.getByRole('switch', { name: 'Email me about contact messages' })
    const before = await toggle.getAttribute('aria-checked')
    await toggle.click()
    const after = before === 'true' ? 'false' : 'true'
    await expect(toggle).toHaveAttribute('aria-checked', after)
    await expect(notice(page, 'Content Saved!')).toBeVisible()
    await page.reload()
    await expect(toggle).toHaveAttribute('aria-checked', after, { timeout: 15_000 })
  })

  test('should save the profile and say so', async ({ page }) => {
    const name = unique('Coach Pat')
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.goto('/admin/profile')
    await page.getByRole('textbox', { name: 'Display name' }).fill(name)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(notice(page, 'Success!')).toBeVisible()
    await expect(notice(page, 'Your profile has been updated.')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue(name, {
      timeout: 15_000,
    })
  })
})

test.describe('communications inbox', () => {
  test('should list a contact form submission and archive it', async ({ page, backend }) => {
    const name = unique('Inbox Tester')
    const sent = await backend.anon.from('form_submissions').insert({
      kind: 'contact',
      name,
      email: `inbox-${Date.now().toString(36)}@example.test`,
      message: 'When do tryouts start?',
    })
    expect(sent.error).toBeNull()
    await page.setViewportSize(WIDE)
    await signIn(page)
    await page.goto('/admin/communications')
    const message = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Contact message from ${name}` }) })
    await expect(message).toContainText('When do tryouts start?')
    await message.getByRole('button', { name: 'Archive' }).click()
    await expect(message).toHaveCount(0)
    await page.getByRole('button', { name: 'Archived' }).click()
    await expect(message).toBeVisible()
  })
})

// It counts every stored submission: a backend of its own, where no other test sends a form
// meanwhile (the run's shared one had a contact form arrive between the count and its check).
describeSharedContent('communications inbox: unread count and replies', () => {
  const sent: string[] = []
  test.afterEach(async ({ backend }) => {
    if (sent.length === 0) return
    const staff = await backend.staff()
    await staff.from('form_submissions').delete().in('email', sent.splice(0))
  })

  test('should count unread messages in the sidebar and on Admin home, and follow Mark read', async ({
    page,
    backend,
  }) => {
    const name = unique('Unread Tester')
    const email = `unread-${Date.now().toString(36)}@example.test`
    sent.push(email)
    const { error } = await backend.anon
      .from('form_submissions')
      .insert({ kind: 'contact', name, email, message: 'Is there a sibling discount?' })
    expect(error).toBeNull()
    const staff = await backend.staff()
    const unreadStored = async () => {
      const { count, error: failed } = await staff
        .from('form_submissions')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'new')
      if (failed) throw failed
      return count ?? 0
    }
    await page.setViewportSize(WIDE)
    await signIn(page)
    const link = sidebar(page).getByRole('link', { name: /^Communications/ })
    const unreadShown = async () =>
      Number(/(\d+) unread/.exec((await link.textContent()) ?? '')?.[1] ?? 0)
    await expect.poll(async () => (await unreadShown()) === (await unreadStored())).toBe(true)
    expect(await unreadShown()).toBeGreaterThan(0)
    // Admin home says so too, and leads to the inbox.
    await expect(
      page.getByRole('main').getByRole('link', { name: /^\d+ unread messages? in the inbox$/ }),
    ).toBeVisible()

    await link.click()
    const message = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Contact message from ${name}` }) })
    await message.getByRole('button', { name: 'Mark read' }).click()
    await expect(message.getByRole('button', { name: 'Mark unread' })).toBeVisible()
    await expect.poll(async () => (await unreadShown()) === (await unreadStored())).toBe(true)
  })

  test('should name the program, reply by email with the message quoted, and record who answered', async ({
    page,
    backend,
  }) => {
    const name = unique('Reply Tester')
    const email = `reply-${Date.now().toString(36)}@example.test`
    sent.push(email)
    const question = 'Is 9 too young? Fees & dates, please.\nThanks!'
    const { error } = await backend.anon.from('form_submissions').insert({
      kind: 'registration-interest',
      name,
      email,
      message: question,
      program: 'recreation-softball',
    })
    expect(error).toBeNull()
    await page.setViewportSize(WIDE)
    await signIn(page, undefined, '/admin/communications')
    const message = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Registration interest from ${name}` }) })
    await expect(message).toContainText('Program: Recreation Softball')
    await expect(message).not.toContainText('recreation-softball')

    const reply = message.getByRole('link', { name: `Reply to ${name}` })
    const href = new URL((await reply.getAttribute('href')) ?? '')
    expect(href.protocol).toBe('mailto:')
    expect(decodeURIComponent(href.pathname)).toBe(email)
    expect(href.searchParams.get('subject')).toBe('Re: Registration interest: Recreation Softball')
    // Lines end in CRLF, as RFC 6068 asks of a mailto: body.
    expect(href.searchParams.get('body')?.replace(/\r\n/g, '\n')).toContain(
      '> Is 9 too young? Fees & dates, please.\n> Thanks!',
    )
    await reply.click()
    await expect(message).toContainText('Answered by staff@club.local')

    // Recorded in the database, which lets only staff record it.
    const staff = await backend.staff()
    const { data } = await staff
      .from('form_submissions')
      .select('answered_at,answered_by_email')
      .eq('email', email)
    expect(data).toEqual([
      { answered_at: expect.any(String), answered_by_email: 'staff@club.local' },
    ])
    const member = await backend.member()
    const byMember = await member
      .from('form_submissions')
      .update({ answered_at: null })
      .eq('email', email)
      .select('id')
    expect(byMember.data ?? []).toEqual([])
    const forged = await backend.anon.from('form_submissions').insert({
      kind: 'contact',
      name: 'Forger',
      email: `forged-${Date.now().toString(36)}@example.test`,
      message: 'Hello',
      answered_at: new Date().toISOString(),
    })
    expect(forged.error).not.toBeNull()
    expect(
      (await staff.from('form_submissions').select('answered_at').eq('email', email)).data,
    ).toEqual([{ answered_at: expect.any(String) }])
  })
})

test.describe('admin accessibility', () => {
  for (const path of ['/admin/home', '/admin/alerts']) {
    test(`should find no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
      await signIn(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
