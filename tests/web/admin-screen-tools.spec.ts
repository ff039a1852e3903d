import type { Browser, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { ADMIN_SCREENS } from '@club/core/routes'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import type { Alert, RulesAndFaqContent } from '@club/core/entities'

import {
  describeSharedContent,
  expect,
  PHONE_TAG,
  readContent,
  storeContent,
  test,
} from '../fixtures/test.ts'
import { openAsStaff, signIn, unique } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// Edit mode is not a dead end (Done goes back where it came from, losing nothing), every form
// screen links to its content's history, the history compares any two versions and says in one
// line what each changed, and form screens show who else is on them, in which field. Against
// the real backend, at 1280 px (desktop-staff) and 390 px (phone).

/** Follows a sidebar link (opening the menu first on a phone, where it is an overlay). */
async function followSidebar(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: /^(Menu|Hide menu)$/ })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: label, exact: true })
    .click()
}

const editBar = (page: Page) => page.getByRole('region', { name: 'Edit bar' })
const done = (page: Page) => editBar(page).getByRole('link', { name: /^Done/ })

describeSharedContent('edit mode: Done', { tag: PHONE_TAG }, () => {
  test('should go back to the admin screen that opened edit mode', async ({ page }) => {
    await openAsStaff(page, '/admin/news')
    await followSidebar(page, 'Edit site')
    await expect(page).toHaveURL(/\/admin\/edit$/)
    await expect(done(page)).toBeVisible()
    await done(page).click()
    await expect(page).toHaveURL(/\/admin\/news$/)
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeAttached()
  })

  test('should go to the admin home when opened directly, keeping what was being typed', async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    await openAsStaff(page, '/admin/edit/weather-policy')
    const field = page.getByRole('textbox', { name: 'Edit weather policy intro' })
    const text = unique('Dugouts first when thunder roars')
    await field.click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(text)
    // No Enter: Done itself must not lose the words in the field.
    await done(page).click()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible()
    await expect
      .poll(
        async () =>
          ((await readContent(staff, 'rulesAndFaqContent')) as RulesAndFaqContent).weatherPolicy
            .intro,
        { timeout: 15_000 },
      )
      .toBe(text)
  })
})

/** Each admin screen that edits content, and the history links it must show. */
const SCREEN_HISTORY: { path: string; links: Record<string, string> }[] = [
  { path: '/admin/home', links: { 'Reminders history': 'adminReminders' } },
  { path: '/admin/edit/about-editor', links: { 'About page history': 'aboutContent' } },
  { path: '/admin/news', links: { 'News history': 'newsPosts' } },
  {
    path: '/admin/rosters-staff',
    links: { 'Teams & rosters history': 'teams', 'Staff history': 'staff' },
  },
  { path: '/admin/alerts', links: { 'Alerts history': 'alerts' } },
  {
    path: '/admin/field-status',
    links: { 'Field status history': 'fieldsContent', 'Alerts history': 'alerts' },
  },
  {
    path: '/admin/communications',
    links: { 'News history': 'newsPosts', 'Alerts history': 'alerts' },
  },
  { path: '/admin/photo-library', links: { 'Photo library history': 'photoLibrary' } },
  { path: '/admin/settings', links: { 'Admin settings history': 'adminSettings' } },
  { path: '/admin/profile', links: { 'Admin profile history': 'adminProfile' } },
]

describeSharedContent('history from every editor', () => {
  test('should cover every admin screen that edits content', () => {
    const withContent = ADMIN_SCREENS.filter((screen) => 'content' in screen)
    expect(SCREEN_HISTORY).toHaveLength(withContent.length)
    for (const screen of withContent) {
      const entry = SCREEN_HISTORY.find(
        ({ path }) => path === `/admin/${screen.path.replace(/\/\*$/, '')}`,
      )
      expect(entry, screen.path).toBeDefined()
      expect(Object.values(entry!.links).sort()).toEqual([...screen.content].sort())
    }
  })

  for (const { path, links } of SCREEN_HISTORY) {
    test(`should link ${path} to the history of its content`, async ({ page }) => {
      await openAsStaff(page, path)
      const history = page.getByRole('navigation', { name: 'History' })
      await expect(history.getByRole('link')).toHaveText(Object.keys(links))
      const [first, key] = Object.entries(links)[0]!
      await history.getByRole('link', { name: first }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/history/${key}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `History: ${first.replace(/ history$/, '')}`,
      )
    })
  }
})

const alert = (id: string, title: string): Alert => ({
  ...DEFAULT_CONTENT.alerts[0]!,
  id,
  title,
})

describeSharedContent('history: any two versions', () => {
  test('should say what each version changed and compare any two', async ({ page, backend }) => {
    const staff = await backend.staff()
    const before = await readContent(staff, 'alerts')
    const rain = alert('e2e-rain', unique('Rain delay'))
    const photo = alert('e2e-photo', unique('Picture day'))
    // A stored starting point, so that the next version has one before it.
    await storeContent(staff, 'alerts', before)
    const v1 = await storeContent(staff, 'alerts', [...before, rain])
    const v2 = await storeContent(staff, 'alerts', [...before, rain, photo])
    const renamed = { ...rain, title: unique('Rained out') }
    const v3 = await storeContent(staff, 'alerts', [...before, renamed, photo])

    await openAsStaff(page, '/admin/history/alerts')
    const versions = page.getByRole('list', { name: 'Versions of Alerts' })
    const item = (version: number) =>
      versions
        .getByRole('listitem')
        .filter({ has: page.getByText(`Version ${version}`, { exact: true }) })
    await expect(item(v3)).toContainText(`Edited alert “${renamed.title}”`)
    await expect(item(v2)).toContainText(`Added alert “${photo.title}”`)
    await expect(item(v1)).toContainText(`Added alert “${rain.title}”`)

    // Two old versions, neither the current one, chosen either way round.
    const pair = page.getByRole('form', { name: 'Compare two versions' })
    await pair.getByLabel('From').selectOption(String(v2))
    await pair.getByLabel('to', { exact: true }).selectOption(String(v1))
    await pair.getByRole('button', { name: 'Compare these versions' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?version=${v1}&to=${v2}$`))
    const compare = page.getByRole('heading', {
      name: `Version ${v1} compared with version ${v2}`,
    })
    await expect(compare).toBeVisible()
    const changes = page.getByRole('list', {
      name: `Changes from version ${v1} to version ${v2}`,
    })
    await expect(changes).toContainText(photo.title)
    await expect(changes).not.toContainText(renamed.title)
    await expect(page.getByRole('button', { name: `Restore version ${v1}` })).toBeVisible()
    await expect(page.getByRole('button', { name: `Restore version ${v2}` })).toBeVisible()

    // The pair is in the address: a reload shows the same comparison.
    await page.reload()
    await expect(compare).toBeVisible()
    await expect(changes).toContainText(photo.title)

    // Compare with current still works from the list.
    await item(v1)
      .getByRole('button', { name: /Compare with current/ })
      .click()
    await expect(
      page.getByRole('heading', {
        name: `Version ${v1} compared with the current version (${v3})`,
      }),
    ).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

/** A second staff member in a browser context of their own, signed in on `path`. */
async function secondStaff(
  browser: Browser,
  baseURL: string,
  stack: { backendUrl: string; serviceRoleKey: string },
  viewport: { width: number; height: number } | null,
) {
  const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const account = {
    email: `jordan-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@club.local`,
    password: `pw-${Math.random().toString(36).slice(2)}`,
  }
  const created = await service.auth.admin.createUser({
    ...account,
    email_confirm: true,
    user_metadata: { display_name: 'Jordan Lee' },
  })
  if (created.error) throw created.error
  const staffed = await service.from('admin_users').insert({ user_id: created.data.user.id })
  if (staffed.error) throw staffed.error
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })
  return { page: await context.newPage(), account, close: () => context.close() }
}

describeSharedContent('presence on form screens', () => {
  test('should show who else is on the screen and the field they are typing in', async ({
    page,
    browser,
    baseURL,
    stack,
    isMobile,
  }) => {
    const jordan = await secondStaff(
      browser,
      baseURL!,
      stack,
      isMobile ? { width: 390, height: 844 } : null,
    )
    try {
      await openAsStaff(page, '/admin/field-status')
      await signIn(jordan.page, jordan.account, '/admin/field-status')
      const strip = (p: Page) => p.getByRole('region', { name: 'On this screen' })
      const others = (p: Page) => strip(p).getByRole('list', { name: 'Also on this screen:' })

      await expect(others(page).getByRole('listitem')).toHaveText(['JLJordan Lee'])
      await expect(others(jordan.page).getByRole('listitem')).toHaveCount(1)
      await expect(others(jordan.page)).not.toContainText('Jordan Lee')

      await jordan.page.getByLabel('Reason for Hollow Oak Park').click()
      await jordan.page.keyboard.type('Standing water')
      await expect(others(page).getByRole('listitem')).toHaveText([
        /^JLJordan Lee typing in “Reason for Hollow Oak Park/,
      ])
      // The field Jordan is in is marked on this screen too.
      const marked = page.locator('[data-others-in="Jordan Lee"]')
      await expect(marked).toHaveCount(1)
      expect(await axeViolations(page, '.screen-bar')).toEqual([])

      // Out of the field, Jordan is still there, in no field; gone when they leave.
      await jordan.page.getByRole('heading', { level: 2, name: 'Field status' }).click()
      await expect(others(page).getByRole('listitem')).toHaveText(['JLJordan Lee'])
      await expect(marked).toHaveCount(0)
      await jordan.page.goto('/admin/settings')
      await expect(strip(page)).toContainText('No one else is on this screen.')
    } finally {
      await jordan.close()
    }
  })
})
