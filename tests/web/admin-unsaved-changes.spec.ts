import type { Locator, Page, Route } from '@playwright/test'

import {
  describeSharedContent,
  expect,
  PHONE_TAG,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'
import { openAsStaff } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// The form screens' one form mechanism (useDocumentForm), against the real backend, at the
// desktop (1280 px) and phone (390 px) sizes: a move to another screen through the sidebar
// with unsaved changes is asked about, a form copy is kept on the device and offered back on
// return, and a save that could not be sent is listed, survives a reload and is retried.

/** Words no other test writes. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** Whether a request writes (reads and the browser's CORS preflights do not). */
const isWrite = (route: Route) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.request().method())

/**
 * Makes every write to the content table fail as a lost connection would, while reads (so the
 * screen loads) and the staff check go through. Returns how many writes it refused so far, and
 * the way back online.
 */
async function cutOffContentWrites(page: Page) {
  let refused = 0
  const cutOff = async (route: Route) => {
    if (!isWrite(route)) {
      await route.fallback()
      return
    }
    refused += 1
    await route.abort('internetdisconnected')
  }
  await page.route('**/rest/v1/website_content**', cutOff)
  return {
    refused: () => refused,
    reconnect: () => page.unroute('**/rest/v1/website_content**', cutOff),
  }
}

/** Follows a sidebar link (opening the menu first on a phone, where it is an overlay). */
async function followSidebar(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: /^(Menu|Hide menu)$/ })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: label, exact: true })
    .click()
}

/** One form screen: where it is, how to reach it, one edit, and how to see that edit again. */
type FormScreen = {
  name: string
  path: RegExp
  open: string
  /** Its sidebar entry, and what to follow on that screen to reach the form, if anything. */
  back: { sidebar: string; then?: string }
  edit(page: Page, words: string): Promise<void>
  shows(page: Page, words: string): Promise<void>
}

const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name }).first()

const SCREENS: FormScreen[] = [
  {
    name: 'Rosters & staff',
    path: /\/admin\/rosters-staff$/,
    open: '/admin/rosters-staff',
    back: { sidebar: 'Rosters & staff' },
    edit: (page, words) => textbox(page, /^Role line/).fill(words),
    shows: (page, words) => expect(textbox(page, /^Role line/)).toHaveValue(words),
  },
  {
    name: 'Alerts',
    path: /\/admin\/alerts$/,
    open: '/admin/alerts',
    back: { sidebar: 'Alerts' },
    async edit(page, words) {
      await page.getByRole('button', { name: 'Add general alert' }).click()
      await page.keyboard.type(words)
    },
    shows: (page, words) => expect(page.getByRole('heading', { name: words })).toBeVisible(),
  },
  {
    name: 'Field status',
    path: /\/admin\/field-status$/,
    open: '/admin/field-status',
    back: { sidebar: 'Field status' },
    edit: (page, words) => textbox(page, /^Reason/).fill(words),
    shows: (page, words) => expect(textbox(page, /^Reason/)).toHaveValue(words),
  },
  {
    name: 'Profile',
    path: /\/admin\/profile$/,
    open: '/admin/profile',
    back: { sidebar: 'Profile' },
    edit: (page, words) => textbox(page, 'Display name').fill(words),
    shows: (page, words) => expect(textbox(page, 'Display name')).toHaveValue(words),
  },
  {
    name: 'Reminders',
    path: /\/admin\/home$/,
    open: '/admin/home',
    back: { sidebar: 'Home' },
    edit: (page, words) => textbox(page, 'Reminder').fill(words),
    shows: (page, words) => expect(textbox(page, 'Reminder')).toHaveValue(words),
  },
  {
    name: 'News',
    path: /\/admin\/news\/new$/,
    open: '/admin/news/new',
    back: { sidebar: 'News', then: 'New post' },
    edit: (page, words) => textbox(page, 'Title').fill(words),
    shows: (page, words) => expect(textbox(page, 'Title')).toHaveValue(words),
  },
  {
    name: 'About editor',
    path: /\/admin\/edit\/about-editor$/,
    open: '/admin/edit/about-editor',
    back: { sidebar: 'About editor' },
    edit: (page, words) => textbox(page, 'Title of section 2').fill(words),
    shows: (page, words) => expect(textbox(page, 'Title of section 2')).toHaveValue(words),
  },
]

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' })

/** Where this build keeps unsaved work on the device, and where earlier builds kept it. */
const SAVE_COPY = 'club-site:unsaved:save:v1:'
const FORM_COPY = 'club-site:unsaved:form:v1:'
const EARLIER_SAVE_COPY = 'club-site:pending-save:v1:'
const EARLIER_FORM_COPY = 'club-site:form-draft:v1:'

/** The names of this device's copies that start with `prefix`. */
const deviceCopies = (page: Page, prefix: string) =>
  page.evaluate(
    (prefix) => Object.keys(window.localStorage).filter((name) => name.startsWith(prefix)),
    prefix,
  )

/**
 * Moves this device's copies named with `from` to `to` (the same name after the prefix), as an
 * earlier build would have named them, and returns the names it moved.
 */
function renameDeviceCopies(page: Page, from: string, to: string) {
  return page.evaluate(
    ([from, to]) =>
      Object.keys(window.localStorage)
        .filter((name) => name.startsWith(from))
        .map((name) => {
          const value = window.localStorage.getItem(name) ?? ''
          window.localStorage.removeItem(name)
          window.localStorage.setItem(`${to}${name.slice(from.length)}`, value)
          return name
        }),
    [from, to] as const,
  )
}

test.describe('form screens with unsaved changes', () => {
  for (const [index, form] of SCREENS.entries()) {
    // The guard is one for every screen; the phone's sidebar (a drawer over the screen) is
    // followed once, on the first.
    const phone = index === 0 ? ` ${PHONE_TAG}` : ''
    test(`should ask before leaving ${form.name} by the sidebar, and offer the form copy back on return${phone}`, async ({
      page,
    }) => {
      const words = unique('Typed words')
      // Another screen to leave for: Settings has no form of its own.
      await openAsStaff(page, form.open)
      await form.edit(page, words)
      await followSidebar(page, 'Settings')

      // Asked, not gone: staying keeps the screen and the words.
      await expect(leaveDialog(page)).toBeVisible()
      await expect(page).toHaveURL(form.path)
      await page.getByRole('button', { name: 'Stay on this page' }).click()
      await expect(leaveDialog(page)).toHaveCount(0)
      await form.shows(page, words)

      // Leaving keeps a form copy on this device…
      await followSidebar(page, 'Settings')
      await page.getByRole('button', { name: 'Leave and keep my changes' }).click()
      await expect(page).toHaveURL(/\/admin\/settings$/)
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()

      // …and coming back offers it.
      await followSidebar(page, form.back.sidebar)
      if (form.back.then) await page.getByRole('link', { name: form.back.then }).click()
      await expect(page).toHaveURL(form.path)
      const offer = page.getByRole('region', { name: 'Unsaved changes on this device' })
      await expect(offer).toContainText('You have unsaved changes to')
      await offer.getByRole('button', { name: 'Restore my changes' }).click()
      await form.shows(page, words)
      await expect(offer).toHaveCount(0)

      // Discarding from the dialog leaves nothing behind on the device.
      await followSidebar(page, 'Settings')
      await page.getByRole('button', { name: 'Discard changes and leave' }).click()
      await expect(page).toHaveURL(/\/admin\/settings$/)
      const kept = await page.evaluate(() =>
        Object.keys(window.localStorage).filter((key) =>
          key.startsWith('club-site:unsaved:form:v1:'),
        ),
      )
      expect(kept).toEqual([])
    })
  }

  test('should find no WCAG 2.2 AA violations in the leave dialog and the offer @phone', async ({
    page,
  }) => {
    await openAsStaff(page, '/admin/alerts')
    await page.getByRole('button', { name: 'Add general alert' }).click()
    await page.keyboard.type(unique('Axe'))
    await followSidebar(page, 'Settings')
    await expect(leaveDialog(page)).toBeVisible()
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
    await page.getByRole('button', { name: 'Leave and keep my changes' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await followSidebar(page, 'Alerts')
    const offer = page.getByRole('region', { name: 'Unsaved changes on this device' })
    await expect(offer).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await offer.getByRole('button', { name: 'Discard them' }).click()
    await expect(offer).toHaveCount(0)
  })

  test('should offer back a form copy kept under an earlier build’s name after the update', async ({
    page,
  }) => {
    const words = unique('Kept before the update')
    await openAsStaff(page, '/admin/alerts')
    await page.getByRole('button', { name: 'Add general alert' }).click()
    await page.keyboard.type(words)
    await followSidebar(page, 'Settings')
    await page.getByRole('button', { name: 'Leave and keep my changes' }).click()
    await expect(page).toHaveURL(/\/admin\/settings$/)

    // The form copy as an earlier build kept it, then the updated site loads.
    await expect.poll(() => deviceCopies(page, FORM_COPY)).toHaveLength(1)
    expect(await renameDeviceCopies(page, FORM_COPY, EARLIER_FORM_COPY)).toHaveLength(1)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await followSidebar(page, 'Alerts')
    const offer = page.getByRole('region', { name: 'Unsaved changes on this device' })
    await offer.getByRole('button', { name: 'Restore my changes' }).click()
    await expect(page.getByRole('heading', { name: words })).toBeVisible()
    expect(await deviceCopies(page, EARLIER_FORM_COPY)).toEqual([])
  })
})

/**
 * Adds an alert titled `title` and saves it while saves cannot reach the site (reads still
 * work, so the screen loads): it is listed as not sent. Gives the cut connection and the list.
 */
async function saveUnsent(page: Page, title: string) {
  const connection = await cutOffContentWrites(page)
  await openAsStaff(page, '/admin/alerts')
  await page.getByRole('button', { name: 'Add general alert' }).click()
  await page.keyboard.type(title)
  await page.getByRole('button', { name: 'Save alerts' }).click()
  const pending = page.getByRole('region', { name: 'Changes not saved yet on this device' })
  const item = pending.getByRole('listitem').filter({ hasText: 'Alerts' })
  await expect(item).toContainText('Could not be sent')
  return { connection, pending, item }
}

/**
 * Back online, presses Retry on whatever `pending` still lists until the list is gone. The
 * queue also retries by itself (1 s doubling), so a save may be sent before its Retry is
 * pressed: a Retry that vanishes under the click is not a failure, a list that stays is.
 */
async function retryUntilSent(pending: Locator) {
  await expect(async () => {
    const retry = pending.getByRole('button', { name: /^Retry/ })
    if ((await retry.count()) > 0) await retry.first().click({ timeout: 2_000 })
    await expect(pending).toHaveCount(0, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
}

/** Back online, Retry stores the listed save: the list is gone and the alert is on the site. */
async function retryStores(
  anon: Parameters<typeof readContent>[0],
  pending: Locator,
  title: string,
) {
  await retryUntilSent(pending)
  await expect
    .poll(async () => (await readContent(anon, 'alerts')).map((a) => a.title))
    .toContain(title)
}

describeSharedContent('a save that could not be sent', () => {
  test('should be listed after a reload and stored when retried', async ({ page, backend }) => {
    await restoringContent(backend, ['alerts'], async () => {
      const title = unique('Retried alert')
      const { connection, pending, item } = await saveUnsent(page, title)

      // A reload keeps it: the list shows it again, with Retry.
      await page.reload()
      await expect(item).toContainText('Could not be sent', { timeout: 20_000 })
      const before = connection.refused()
      await item.getByRole('button', { name: /^Retry/ }).click()
      await expect.poll(() => connection.refused()).toBeGreaterThan(before)

      // Back online: Retry stores it, and the list is gone.
      await connection.reconnect()
      await retryStores(backend.anon, pending, title)
    })
  })
})

describeSharedContent('a save kept under an earlier build’s name', () => {
  test('should be listed after the update and stored when retried', async ({ page, backend }) => {
    await restoringContent(backend, ['alerts'], async () => {
      const title = unique('Kept alert')
      const { connection, pending, item } = await saveUnsent(page, title)

      // The save as an earlier build kept it, then the updated site loads.
      expect(await renameDeviceCopies(page, SAVE_COPY, EARLIER_SAVE_COPY)).toHaveLength(1)
      await page.reload()
      await expect(item).toContainText('Could not be sent', { timeout: 20_000 })
      // Moved to this build's name once read.
      expect(await deviceCopies(page, EARLIER_SAVE_COPY)).toEqual([])
      expect(await deviceCopies(page, SAVE_COPY)).toHaveLength(1)

      await connection.reconnect()
      await retryStores(backend.anon, pending, title)
    })
  })
})

describeSharedContent('a new post while it is published', () => {
  test('should keep what is typed meanwhile in the post’s own editor, and store it', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Picture day')
      // Every write takes a moment, as on a slow connection: typing lands while the new post
      // is being stored, before the editor has moved to the post's own address.
      const slowWrites = async (route: Route) => {
        if (isWrite(route)) {
          await new Promise((resolve) => setTimeout(resolve, 1_500))
        }
        await route.fallback()
      }
      await page.route('**/rest/v1/**', slowWrites)
      await openAsStaff(page, '/admin/news/new')
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      await page.getByRole('textbox', { name: 'Card summary' }).fill('Team photos on Saturday.')
      const address = page.getByRole('textbox', { name: 'Address' })
      const slug = `${await address.inputValue()}-saturday`
      await page.getByRole('button', { name: 'Publish post' }).click()
      await address.fill(slug)
      expect(page.url()).toMatch(/\/admin\/news\/new$/)

      // Published, at its own address, with the address as typed, not as it was published.
      await expect(page.getByRole('button', { name: 'Save post' })).toBeVisible({
        timeout: 20_000,
      })
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/)
      await expect(address).toHaveValue(slug)
      await page.unroute('**/rest/v1/**', slowWrites)
      await page.getByRole('button', { name: 'Save post' }).click()
      await expect
        .poll(
          async () =>
            (await readContent(backend.anon, 'newsPosts')).find((post) => post.title === title)
              ?.slug,
          { timeout: 15_000 },
        )
        .toBe(slug)
    })
  })
})

describeSharedContent('a new post published while the connection is down', () => {
  test('should say it is only on this device until it is sent, then that it is on the site', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Rain date')
      const connection = await cutOffContentWrites(page)
      await openAsStaff(page, '/admin/news/new')
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      await page.getByRole('textbox', { name: 'Card summary' }).fill('Games move to Sunday.')
      const slug = await page.getByRole('textbox', { name: 'Address' }).inputValue()
      await page.getByRole('button', { name: 'Publish post' }).click()

      // Kept on this device: listed as not saved, and the panel never says it is on the site.
      const pending = page.getByRole('region', { name: 'Changes not saved yet on this device' })
      // The post, and on a site still showing the sample posts, each sample stored with it.
      const item = pending.getByRole('listitem').filter({ hasText: title })
      await expect(item).toContainText('Could not be sent', { timeout: 20_000 })
      const publishing = page.getByRole('region', { name: 'Publishing' })
      await expect(publishing).toContainText(
        'Not on the site yet: it is kept on this device until it can be sent',
      )
      await expect(publishing).not.toContainText('on the site at')

      // Back online, sent: now it is on the site, and says where.
      await connection.reconnect()
      // It, and whatever was kept with it, is sent.
      await retryUntilSent(pending)
      await expect(publishing).toContainText(`Published: on the site at /news-and-updates/${slug}.`)
      await expect
        .poll(async () => (await readContent(backend.anon, 'newsPosts')).map((p) => p.title))
        .toContain(title)
    })
  })
})
