import type { Browser, Page } from '@playwright/test'

import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  SEEDED_STAFF,
  test,
} from '../fixtures/test.ts'
import { notice, signIn, unique } from '../fixtures/admin-session.ts'

// Two windows of the same staff account on one form screen (the director's laptop and phone),
// against the real backend: each names the other "You, in another window", never "No one
// else"; a save in one reaches the other's unedited fields within 5 s, so no window says its
// changes are saved over an older text; a conflict between them says who it is, and names the
// field as the screen labels it. At 1280 px.

/** A second window of the same account: a browser context of its own. */
async function secondWindow(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  return { page: await context.newPage(), close: () => context.close() }
}

const sectionTitle = (page: Page, n: number) =>
  page.getByRole('textbox', { name: `Title of section ${n}` })
const sectionText = (page: Page, n: number) =>
  page.getByRole('textbox', { name: `Text of section ${n}` })
const saveAbout = (page: Page) => page.getByRole('button', { name: 'Save About page' })
const saveBar = (page: Page) => page.locator('.editor-save-bar')
const strip = (page: Page) => page.getByRole('region', { name: 'On this screen' })

async function openAbout(page: Page) {
  await signIn(page, SEEDED_STAFF, '/admin/edit/about-editor')
  await expect(sectionTitle(page, 1)).toBeVisible({ timeout: 20_000 })
}

describeSharedContent('two windows of one account', () => {
  test('should name the other window as mine, and show its save within 5 s', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const b = await secondWindow(browser, baseURL)
    try {
      await restoringContent(backend, ['aboutContent'], async () => {
        await openAbout(page)
        await openAbout(b.page)

        // Each window lists the other as the same person's other window.
        for (const window of [page, b.page]) {
          await expect(
            strip(window).getByRole('list', { name: 'Also on this screen:' }).getByRole('listitem'),
          ).toHaveText([/You, in another window$/], { timeout: 15_000 })
          await expect(strip(window)).not.toContainText('No one else is on this screen')
        }

        // A changes the text of section 2 (not saved yet); B saves a new title of section 1.
        const typed = unique('Our fields, our families.')
        await sectionText(page, 2).fill(typed)
        const title = unique('Our Roots')
        await sectionTitle(b.page, 1).fill(title)
        await saveAbout(b.page).click()
        await expect(notice(b.page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        const saved = Date.now()

        // A shows B's title within 5 s, keeping what it is typing in the other field.
        await expect(sectionTitle(page, 1)).toHaveValue(title, { timeout: 5_000 })
        expect(Date.now() - saved).toBeLessThan(5_000)
        await expect(sectionText(page, 2)).toHaveValue(typed)
        await expect(saveBar(page).getByRole('status')).toContainText('Unsaved changes')

        // A saves: both changes are stored, nothing asked, and B follows in turn.
        await saveAbout(page).click()
        await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        await expect(page.getByRole('dialog')).toHaveCount(0)
        const stored = await readContent(backend.anon, 'aboutContent')
        expect(stored.sections[0]?.title).toBe(title)
        expect(stored.sections[1]?.body).toEqual([typed])
        await expect(sectionText(b.page, 2)).toHaveValue(typed, { timeout: 5_000 })
        await expect(saveBar(b.page)).not.toContainText('Unsaved changes')
      })
    } finally {
      await b.close()
    }
  })

  test('should say a conflict is with my other window and name the field as the screen does', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const b = await secondWindow(browser, baseURL)
    try {
      await restoringContent(backend, ['aboutContent'], async () => {
        await openAbout(page)
        await openAbout(b.page)
        const theirs = unique('Our Roots')
        const mine = unique('Our Story')

        // Both change the title of section 1; A saves first, then B.
        await sectionTitle(b.page, 1).fill(mine)
        await sectionTitle(page, 1).fill(theirs)
        await saveAbout(page).click()
        await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        // B is told before saving that the field it changed was changed elsewhere too.
        await expect(saveBar(b.page).getByRole('alert')).toHaveText(
          'Also changed in another window or by someone else: saving asks which to keep.',
          { timeout: 5_000 },
        )
        await expect(sectionTitle(b.page, 1)).toHaveValue(mine)
        await saveAbout(b.page).click()

        const dialog = b.page
          .getByRole('dialog')
          .filter({ has: b.page.getByRole('radio', { name: 'Keep mine' }) })
        await expect(dialog).toBeVisible({ timeout: 15_000 })
        await expect(dialog.getByRole('heading')).toHaveText(
          'You, in another window, changed a field of About page that you changed here',
        )
        await expect(dialog).toContainText('You saved About page in another window')
        await expect(dialog).not.toContainText(/someone else|theirs \(saved/i)
        await expect(dialog.getByRole('group', { name: 'Section 1 › Title' })).toBeVisible()
        await expect(dialog).not.toContainText('sections item 1 title')
        await dialog.getByRole('button', { name: 'Decide later' }).click()
      })
    } finally {
      await b.close()
    }
  })

  test('should announce my other window’s save in the editing view within 5 s', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const b = await secondWindow(browser, baseURL)
    const strip = (window: Page) => window.getByRole('region', { name: 'Other editors' })
    const mainText = (window: Page) => window.getByRole('textbox', { name: 'Edit main text' })
    try {
      await restoringContent(backend, ['fieldsContent'], async () => {
        for (const window of [page, b.page]) {
          await signIn(window, SEEDED_STAFF, '/admin/edit/fields')
          await expect(mainText(window)).toBeVisible({ timeout: 15_000 })
        }
        // Each strip lists the other window as the same person's.
        for (const window of [page, b.page]) {
          await expect(strip(window).getByRole('listitem')).toHaveText(
            [/You, in another window$/],
            { timeout: 15_000 },
          )
        }

        // B saves a new main text; A shows it, and says who saved it, within 5 s.
        const text = unique('Fields open from 8 AM')
        await mainText(b.page).click()
        await b.page.keyboard.press('ControlOrMeta+A')
        await b.page.keyboard.type(text)
        await b.page.keyboard.press('Enter')
        await expect(notice(b.page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        const saved = Date.now()
        await expect(
          strip(page).getByRole('list', { name: 'Saves by others' }).getByRole('listitem'),
        ).toHaveText(/^You, in another window saved Field status (just now|\d s ago)$/, {
          timeout: 5_000,
        })
        expect(Date.now() - saved).toBeLessThan(5_000)
        await expect(mainText(page)).toHaveText(text)
        await expect(strip(page).getByRole('status')).toHaveText(
          'You, in another window saved Field status',
        )
        // B's own save is not announced to B as another window's.
        await expect(strip(b.page).getByRole('status')).toHaveText('')
      })
    } finally {
      await b.close()
    }
  })
})
