import type { Page } from '@playwright/test'

import { editBarStatus, openAsStaff } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'

// Staff edit the facts the program finder reads (issue 18, section 4, item 4): a program's
// registration deadline and the ages it takes, in place on its page, and a visitor's finder
// on /programs answers with the changed facts.

/** Waits until the page's script runs (its controls then answer in place). */
const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 20_000 })

/** Asks a visitor's finder about a player born in `year`, once the stored programs are read. */
async function ask(visitor: Page, year: string) {
  const finder = visitor.getByRole('region', { name: 'Find your program' })
  await finder.getByRole('textbox', { name: 'Birth year, or age today' }).fill(year)
  await finder.getByRole('button', { name: 'Find programs' }).click()
  await expect(finder.getByRole('status')).toContainText(`born in ${year}`)
  return finder
}

describeSharedContent('program facts in place', () => {
  test('should show a visitor’s finder the deadline and ages staff set on the program', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['programsContent'], async ({ programsContent }) => {
      expect(programsContent.recreation.eligibility).toMatchObject({ minAge: 7, maxAge: 12 })
      await openAsStaff(page, '/admin/edit/programs/recreation')
      await expect(editBarStatus(page)).toContainText('Editing', { timeout: 20_000 })
      await page.getByRole('button', { name: 'Edit ages and deadline' }).click()
      const dialog = page.getByRole('dialog', { name: 'Ages and deadline: Recreation Baseball' })
      await expect(dialog.getByLabel('Youngest age')).toHaveValue('7')

      // Bad input gets a clear message, and loses nothing.
      await dialog.getByLabel('Youngest age').fill('13')
      await dialog.getByLabel('Oldest age').fill('9')
      await dialog.getByLabel('Registration deadline').fill('2031-02-14')
      await dialog.getByRole('button', { name: 'Save ages and deadline' }).click()
      await expect(
        dialog.getByText('The oldest age must be at least the youngest (13).'),
      ).toBeVisible()
      await expect(dialog.getByLabel('Youngest age')).toHaveValue('13')
      await expect(dialog.getByLabel('Registration deadline')).toHaveValue('2031-02-14')
      // Focus goes to the control whose value cannot be stored, so its message is read out.
      await expect(dialog.getByLabel('Oldest age')).toBeFocused()

      await dialog.getByLabel('Youngest age').fill('8')
      await dialog.getByRole('button', { name: 'Save ages and deadline' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
      // Staff see the facts on the page they edit.
      await expect(page.getByText('Ages 8–9 on April 30, 2027')).toBeVisible()
      await expect(page.getByText('Registration deadline: February 14, 2031')).toBeVisible()

      const stored = await readContent(backend.anon, 'programsContent')
      expect(stored.recreation.registration?.deadline).toBe('2031-02-14')
      expect(stored.recreation.eligibility).toEqual({
        minAge: 8,
        maxAge: 9,
        ageCutoff: programsContent.recreation.eligibility?.ageCutoff,
      })
      // What else the program stores is kept.
      expect(stored.recreation.registration?.link).toBe(
        programsContent.recreation.registration?.link,
      )

      const context = await browser.newContext({ baseURL })
      try {
        const visitor = await context.newPage()
        await visitor.goto('/programs')
        await interactive(visitor)
        // The page was built with the sample facts; the answer follows what is stored once the
        // background read answers (the finder works it out again from the stored programs).
        const finder = await ask(visitor, '2018')
        const match = finder.getByRole('listitem').filter({
          has: visitor.getByRole('heading', { name: 'Recreation Baseball', exact: true }),
        })
        await expect(match).toContainText('Register by February 14, 2031', { timeout: 15_000 })
        await expect(match).toContainText('8–9 on April 30, 2027')
        // A player of 11 or 12 is no longer offered Recreation Baseball (Recreation Softball
        // still takes 7–12).
        await ask(visitor, '2015')
        await expect(finder.getByRole('heading', { name: 'Recreation Softball' })).toBeVisible()
        await expect(
          finder.getByRole('heading', { name: 'Recreation Baseball', exact: true }),
        ).toHaveCount(0)
        await expect(visitor.locator('[data-edit-key]')).toHaveCount(0)
      } finally {
        await context.close()
      }
    })
  })
})
