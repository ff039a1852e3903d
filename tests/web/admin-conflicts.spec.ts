import type { Browser, Locator, Page, ViewportSize } from '@playwright/test'

import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  SEEDED_STAFF,
  test,
} from '../fixtures/test.ts'
import { editBarStatus, notice, signIn, unique } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// Two windows signed in as the same staff member (the director's laptop and the desktop app),
// against the real backend: an edit made from a value someone else has changed since is never
// saved over theirs without asking, and edits of different fields or different players are
// merged with no prompt. At the project's width (1280 px desktop, 390 px phone).

type Screen = { viewport: ViewportSize | null; isMobile: boolean; hasTouch: boolean }

/** A second window: a browser context of its own, the same size as the test's page. */
async function secondWindow(browser: Browser, baseURL: string | undefined, screen: Screen) {
  const context = await browser.newContext({
    baseURL,
    ...(screen.viewport ? { viewport: screen.viewport } : {}),
    isMobile: screen.isMobile,
    hasTouch: screen.hasTouch,
  })
  return { page: await context.newPage(), close: () => context.close() }
}

const subtitle = (page: Page) => page.getByRole('textbox', { name: 'Edit hero subtitle' })
const legacy = (page: Page) => page.getByRole('textbox', { name: 'Edit legacy impact description' })
const conflictDialog = (page: Page) =>
  page.getByRole('dialog', {
    name: 'You, in another window, changed a field of Home page that you changed here',
  })

/** Opens the home page in edit mode. */
async function editHome(page: Page) {
  await signIn(page, SEEDED_STAFF, '/admin/edit')
  await expect(subtitle(page)).toBeVisible({ timeout: 20_000 })
}

/**
 * Keeps Realtime from `page` (the desktop app on a network that drops websockets): it hears
 * of nobody's save until its own is refused as stale.
 */
async function withoutRealtime(page: Page) {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => socket.close())
}

/** Starts typing in an in-place field (nothing committed yet). */
async function startTyping(page: Page, field: Locator, text: string) {
  await field.scrollIntoViewIfNeeded()
  await field.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

/** Commits an in-place field with Enter. */
async function commit(page: Page) {
  await page.keyboard.press('Enter')
}

/** Types into a field and commits it, waiting until the save is stored. */
async function typeAndSave(page: Page, field: Locator, text: string) {
  await startTyping(page, field, text)
  await commit(page)
  await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
}

describeSharedContent('two windows editing the same document', () => {
  test('should not save over the first save of the same field, and offer a choice that shows both', async ({
    page,
    browser,
    baseURL,
    backend,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const b = await secondWindow(browser, baseURL, { viewport, isMobile, hasTouch })
    try {
      await restoringContent(backend, ['content'], async () => {
        await editHome(page)
        await editHome(b.page)
        const theirs = unique('Spring sign-ups open Monday')
        const mine = unique('Tryouts this Saturday')

        // B starts typing; A types in the same field and saves; then B saves.
        await startTyping(b.page, subtitle(b.page), mine)
        await typeAndSave(page, subtitle(page), theirs)
        await commit(b.page)

        const dialog = conflictDialog(b.page)
        await expect(dialog).toBeVisible({ timeout: 15_000 })
        await expect(dialog.getByText(mine)).toBeVisible()
        await expect(dialog.getByText(theirs)).toBeVisible()
        expect(await axeViolations(b.page, '.field-conflicts')).toEqual([])
        // Nothing was saved over A's words while B decides.
        expect((await readContent(backend.anon, 'content')).hero.subtitle).toBe(theirs)

        // B writes a merge of the two.
        await dialog.getByRole('radio', { name: 'Edit a merge' }).check()
        const merged = `${theirs}. ${mine}.`
        await dialog.getByRole('textbox', { name: 'Merged text of Hero › Subtitle' }).fill(merged)
        await dialog.getByRole('button', { name: 'Save my choices' }).click()
        await expect(dialog).toBeHidden()
        await expect(notice(b.page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        await expect
          .poll(async () => (await readContent(backend.anon, 'content')).hero.subtitle, {
            timeout: 10_000,
          })
          .toBe(merged)
        // A's own window follows: its words are there, with B's.
        await expect(subtitle(page)).toHaveText(merged, { timeout: 15_000 })
      })
    } finally {
      await b.close()
    }
  })

  test('should merge edits of different fields of one page with no prompt', async ({
    page,
    browser,
    baseURL,
    backend,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const b = await secondWindow(browser, baseURL, { viewport, isMobile, hasTouch })
    try {
      await restoringContent(backend, ['content'], async () => {
        await editHome(page)
        await withoutRealtime(b.page)
        await editHome(b.page)
        const theirs = unique('Seventy years of volunteer coaching')
        const mine = unique('Tryouts this Saturday')

        // B starts on the subtitle; A changes another field and saves; then B saves, naming
        // the version it started from: refused as stale, merged with A's, and saved again.
        await startTyping(b.page, subtitle(b.page), mine)
        await typeAndSave(page, legacy(page), theirs)
        await commit(b.page)
        await expect(editBarStatus(b.page)).toContainText('Content Saved!', { timeout: 15_000 })

        const stored = await readContent(backend.anon, 'content')
        expect([stored.hero.subtitle, stored.legacyImpact.description]).toEqual([mine, theirs])
        await expect(conflictDialog(b.page)).toHaveCount(0)
        // Each window shows both.
        await expect(legacy(b.page)).toHaveText(theirs, { timeout: 15_000 })
        await expect(subtitle(page)).toHaveText(mine, { timeout: 15_000 })
      })
    } finally {
      await b.close()
    }
  })

  test('should merge edits of different players of one roster with no prompt', async ({
    page,
    browser,
    baseURL,
    backend,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const b = await secondWindow(browser, baseURL, { viewport, isMobile, hasTouch })
    try {
      await restoringContent(backend, ['teams'], async (before) => {
        const [teamId, team] =
          Object.entries(before.teams).find(([, candidate]) => candidate.roster.length >= 3) ?? []
        const roster = team?.roster ?? []
        const [first, third] = [roster[0], roster[2]]
        if (!teamId || !team || !first || !third) throw new Error('no team has three players')
        const theirs = unique('Avery Quinn')
        const mine = unique('Sam Lee')

        const teamCard = (window: Page) =>
          window
            .getByRole('listitem')
            .filter({ has: window.getByRole('heading', { name: team.name, level: 4 }) })
        for (const window of [page, b.page]) {
          await signIn(window, SEEDED_STAFF, '/admin/rosters-staff')
          await expect(
            window.getByRole('heading', { name: 'Rosters & staff', level: 2 }),
          ).toBeVisible({ timeout: 20_000 })
          await window.waitForLoadState('networkidle')
          await teamCard(window)
            .getByRole('button', { name: `Edit ${team.name}` })
            .click()
        }
        // Both open the roster; A renames the first player and saves; B renames the third.
        // Placeholder names repeat: the first and third rows of this team's roster.
        const nameFields = (window: Page) =>
          teamCard(window).getByRole('textbox', { name: /^Name, / })
        await expect(nameFields(page).nth(0)).toHaveValue(first.name)
        await nameFields(page).nth(0).fill(theirs)
        await expect(nameFields(b.page).nth(2)).toHaveValue(third.name)
        await nameFields(b.page).nth(2).fill(mine)
        await page.getByRole('button', { name: 'Save changes' }).first().click()
        await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        await b.page.getByRole('button', { name: 'Save changes' }).first().click()
        await expect(notice(b.page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })

        const names = (await readContent(await backend.staff(), 'teams'))[teamId]?.roster.map(
          (player) => player.name,
        )
        expect(names).toEqual(
          roster.map((player, index) => (index === 0 ? theirs : index === 2 ? mine : player.name)),
        )
        await expect(b.page.getByRole('dialog')).toHaveCount(0)
      })
    } finally {
      await b.close()
    }
  })
})

const aboutTitle = (page: Page) => page.getByRole('textbox', { name: 'Title of section 1' })
const saveAbout = (page: Page) => page.getByRole('button', { name: 'Save About page' })
const formSaveBar = (page: Page) => page.locator('.editor-save-bar')

/** Opens the About editor, a form screen, and waits for its first title. */
async function openAboutEditor(page: Page) {
  await signIn(page, SEEDED_STAFF, '/admin/edit/about-editor')
  await expect(aboutTitle(page)).toBeVisible({ timeout: 20_000 })
}

describeSharedContent('two windows of one account on a form screen', () => {
  test('should leave no error on screen once a conflict is resolved and saved', async ({
    page,
    browser,
    baseURL,
    backend,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const b = await secondWindow(browser, baseURL, { viewport, isMobile, hasTouch })
    try {
      await restoringContent(backend, ['aboutContent'], async () => {
        await openAboutEditor(page)
        await openAboutEditor(b.page)
        const theirs = unique('Our Roots')
        const mine = unique('Our Story')

        // B changes the title; A changes it too and saves first; then B saves.
        await aboutTitle(b.page).fill(mine)
        await aboutTitle(page).fill(theirs)
        await saveAbout(page).click()
        await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        await saveAbout(b.page).click()

        const dialog = b.page
          .getByRole('dialog')
          .filter({ has: b.page.getByRole('radio', { name: 'Keep mine' }) })
        await expect(dialog).toBeVisible({ timeout: 15_000 })
        await dialog.getByRole('radio', { name: 'Keep mine' }).check()
        await dialog.getByRole('button', { name: 'Save my choices' }).click()
        await expect(dialog).toBeHidden()
        await expect(notice(b.page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
        await expect
          .poll(async () => (await readContent(backend.anon, 'aboutContent')).sections[0]?.title)
          .toBe(mine)

        // Saved: the bar says so, and no error from before the choice is left on screen.
        await expect(formSaveBar(b.page).getByRole('status')).not.toContainText('Unsaved')
        await expect(formSaveBar(b.page).getByRole('alert')).toHaveText('')
        await expect(b.page.getByText(/Could not save/)).toHaveCount(0)
      })
    } finally {
      await b.close()
    }
  })
})
