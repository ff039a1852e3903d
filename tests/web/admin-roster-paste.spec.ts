import type { Page } from '@playwright/test'

import { anonymousPage, notice, openAsStaff, unique } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'

// Roster paste loses no one, at 1280 and 390 px against the real backend: the paste adds and
// updates by default, Apply waits while a row is rejected, switch hitters (S/R) are accepted and
// a mapped position is said next to its row; once the rows are fixed every pasted player and
// every player already on the roster reaches visitors.

const teamCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 4 }) })

describeSharedContent('roster paste with rejected rows', () => {
  test('should lose no pasted player and no listed one', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['teams'], async (before) => {
      const listed = before.teams['select-14u']?.roster.map((player) => player.name) ?? []
      const amelie = unique('Amélie Dubois')
      const francois = unique('François Côté')
      await openAsStaff(page, '/admin/rosters-staff')
      await page.waitForLoadState('networkidle')
      const team = teamCard(page, 'Select 14U')
      await team.getByRole('button', { name: 'Edit Select 14U' }).click()
      await team.getByRole('button', { name: 'Paste from a spreadsheet' }).click()
      await expect(team.getByRole('radio', { name: 'Add and update only' })).toBeChecked()

      const paste = team.getByRole('textbox', { name: 'Rows from a spreadsheet' })
      await paste.fill(`#,Name,Pos,B/T\n61,${amelie},CF,S/R\n0,${francois},P,R/R`)
      const preview = team.getByRole('region', { name: /^What will change/ })
      await expect(preview.getByRole('status')).toHaveText('1 to add, 1 row rejected.')
      await expect(preview).toContainText('Position “CF” read as OF.')
      const apply = team.getByRole('button', { name: 'Apply to the roster' })
      await expect(apply).toBeDisabled()
      await expect(team).toContainText('Fix the rejected row in the paste')

      // Fixed in the paste, both rows apply; nobody already listed is removed.
      await paste.fill(`#,Name,Pos,B/T\n61,${amelie},CF,S/R\n62,${francois},P,R/R`)
      await expect(preview.getByRole('status')).toHaveText('2 to add.')
      await apply.click()
      await page.getByRole('button', { name: 'Save changes' }).first().click()
      await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })

      await expect
        .poll(async () => {
          const stored = await readContent(await backend.staff(), 'teams')
          return stored['select-14u']?.roster.map((p) => `${p.name} ${p.batsThrows}`)
        })
        .toEqual([
          ...listed.map((name) => expect.stringContaining(name)),
          `${amelie} S/R`,
          `${francois} R/R`,
        ])

      const visitor = await anonymousPage(browser, baseURL)
      try {
        await visitor.page.goto('/team/select-14u')
        const roster = visitor.page.getByRole('table', { name: 'Select 14U roster' })
        await expect(roster.getByText(amelie, { exact: true })).toBeVisible({ timeout: 15_000 })
        await expect(roster.getByText(francois, { exact: true })).toBeVisible()
        await expect(roster.getByRole('row')).toHaveCount(listed.length + 3)
      } finally {
        await visitor.close()
      }
    })
  })
})
