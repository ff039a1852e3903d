import type { Browser, Locator, Page } from '@playwright/test'

import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'
import { openAsStaff, pickUpWithKeyboard } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// The rosters & staff editor at /admin/rosters-staff, against the real backend: a roster pasted
// from a spreadsheet and a staff card edited through the screen are seen by an anonymous
// visitor in a browser context of their own after a reload; staff cards reorder from the
// keyboard alone; axe finds nothing at the project's width (1280 px desktop, 390 px phone).
// Every test that saves puts the documents back as they were, so other suites see the samples.

/** Opens the rosters & staff screen as the seeded staff user. */
async function openEditor(page: Page) {
  await openAsStaff(page, '/admin/rosters-staff')
  await expect(page.getByRole('heading', { name: 'Rosters & staff', level: 2 })).toBeVisible({
    timeout: 20_000,
  })
  // The background documents (teams, staff) arrive about a second after the vital ones.
  await page.waitForLoadState('networkidle')
}

/** The notices region (Radix Toast's viewport), so the visually hidden announcement is not matched too. */
const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

/** Words no other test writes, so what a visitor sees can only come from this run. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** A team's card in the editor, found by its heading. */
const teamCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 4 }) })

/** A staff card in the editor, found by its drag handle. */
const staffCard = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Drag ${name}`, exact: true }) })

/** Presses Save changes and waits for the store's confirmation (spec §8). */
async function saveChanges(page: Page) {
  // The save bar shows at the top of the screen and again at its end.
  await page.getByRole('button', { name: 'Save changes' }).first().click()
  await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
}

/** Opens `path` as a visitor with no session, reloads it, and hands the page to `check`. */
async function asVisitor(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  check: (visitor: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL })
  try {
    const visitor = await context.newPage()
    await visitor.goto(path)
    await visitor.reload()
    await check(visitor)
  } finally {
    await context.close()
  }
}

/** The names on the staff cards, in order. */
const staffOrder = (page: Page) =>
  page
    .locator('.staff-editor__list')
    .getByRole('button', { name: /^Drag / })
    .evaluateAll((handles) =>
      handles.map((handle) => handle.getAttribute('aria-label')?.replace(/^Drag /, '')),
    )

/** Waits until the window has not scrolled for a tenth of a second. */
async function scrollSettled(page: Page) {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY)
        const still = now === last
        last = now
        return still
      },
      { intervals: [100] },
    )
    .toBe(true)
}

/**
 * Moves a staff card with the keyboard alone, as a screen reader user would: Space lifts it, the
 * arrow towards `target` is pressed until the announcement says it is over `position` (a card
 * taller than the window first scrolls it), and Space drops it there.
 */
async function dragWithKeyboard(page: Page, handle: Locator, target: Locator, position: number) {
  const [from, to] = await Promise.all([handle.boundingBox(), target.boundingBox()])
  if (!from || !to) throw new Error('the cards are not on the page')
  // Cards sit side by side on a wide screen and one under another on a phone.
  const sameRow = Math.abs(from.y - to.y) < 8
  const arrow = sameRow
    ? to.x > from.x
      ? 'ArrowRight'
      : 'ArrowLeft'
    : to.y > from.y
      ? 'ArrowDown'
      : 'ArrowUp'
  const announcements = page.locator('[id^="DndLiveRegion"]')
  await handle.scrollIntoViewIfNeeded()
  await pickUpWithKeyboard(page, handle)
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press(arrow)
    // The sensor scrolls the window smoothly when the next place is off screen; the next key
    // is pressed once the scrolling has stopped, as a person would after hearing where it is.
    await scrollSettled(page)
    if ((await announcements.allTextContents()).includes(`Over position ${position}.`)) break
  }
  await page.keyboard.press('Space')
}

describeSharedContent('rosters & staff editor, seen by visitors', () => {
  test('should publish a roster pasted from a spreadsheet to the team page', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const first = unique('Avery Quinn')
    const second = unique('Lee, Sam')
    await restoringContent(backend, ['teams'], async () => {
      await openEditor(page)
      const team = teamCard(page, 'Select 14U')
      await team.getByRole('button', { name: 'Edit Select 14U' }).click()
      await team.getByRole('button', { name: 'Paste from a spreadsheet' }).click()
      await team.getByRole('radio', { name: 'Replace the roster' }).check()
      const rows = [
        '#\tName\tPos\tB/T\tGrad year\tHigh school\tHeight\tWeight',
        `7\t${first}\tSS\tR/R\t2031\tEinstein HS\t5'6"\t120`,
        `"18"\t"${second}"\tp\tl/l\t\t\t\t`,
      ]
      const paste = team.getByRole('textbox', { name: 'Rows from a spreadsheet' })
      await paste.fill([...rows, '100\tToo Many\tC\tR/R'].join('\n'))
      const preview = team.getByRole('region', { name: /^What will change/ })
      await expect(preview.getByRole('status')).toHaveText(
        /^2 to add, \d+ to remove, 1 row rejected\.$/,
      )
      await expect(preview).toContainText('Row 4')
      await expect(preview).toContainText('Number “100”: enter a number from 1 to 99.')
      // A rejected row blocks Apply until it is fixed or deleted from the paste.
      await expect(team.getByRole('button', { name: 'Apply to the roster' })).toBeDisabled()
      await paste.fill(rows.join('\n'))
      await team.getByRole('button', { name: 'Apply to the roster' }).click()
      await expect(team.getByRole('textbox', { name: `Name, ${first}` })).toHaveValue(first)
      await saveChanges(page)

      await asVisitor(browser, baseURL, '/team/select-14u', async (visitor) => {
        const roster = visitor.getByRole('table', { name: 'Select 14U roster' })
        await expect(roster.getByText(first, { exact: true })).toBeVisible({ timeout: 15_000 })
        await expect(roster.getByText(second, { exact: true })).toBeVisible()
        await expect(roster.getByText('Too Many')).toHaveCount(0)
        await expect(roster.getByRole('row')).toHaveCount(3)
      })
    })
  })

  test('should move a player to another team with every field, after the number clash and the privacy change are confirmed', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['teams'], async (before) => {
      const from = before.teams['big-train-12u']?.roster ?? []
      const to = before.teams['big-train-14u']?.roster ?? []
      // A 12U player whose number a 14U player already wears (the sample rosters have several).
      const player = from.find((p) => to.some((other) => other.number === p.number))
      const wearer = to.find((other) => other.number === player?.number)
      if (!player || !wearer) throw new Error('the sample rosters share no number')

      await openEditor(page)
      const team = teamCard(page, 'Big Train 12U')
      await team.getByRole('button', { name: 'Edit Big Train 12U' }).click()
      await team
        .getByRole('button', { name: `Move ${player.name} to another team`, exact: true })
        .click()
      const dialog = page.getByRole('dialog', { name: `Move ${player.name} to another team` })
      await dialog.getByLabel('Team', { exact: true }).selectOption({ label: 'Big Train 14U' })
      // Big Train 12U hides heights, weights and full names; Big Train 14U shows them.
      await expect(dialog).toContainText(
        `Big Train 14U shows full names, heights and weights on its public roster. Once you save, visitors will see ${player.name}`,
      )
      await expect(dialog).toContainText(
        `Number ${player.number} is already worn by ${wearer.name} on Big Train 14U.`,
      )
      // Refused until both are confirmed, each said next to its box.
      const move = dialog.getByRole('button', { name: 'Move to Big Train 14U' })
      await move.click()
      await expect(
        dialog.getByText('Confirm the shared number, or choose another team.'),
      ).toBeVisible()
      await dialog.getByRole('checkbox', { name: /^Move anyway/ }).check()
      await move.click()
      await expect(
        dialog.getByText('Confirm what visitors will see, or choose another team.'),
      ).toBeVisible()
      await dialog.getByRole('checkbox', { name: /^Show .* on the Big Train 14U roster/ }).check()
      await move.click()
      await expect(dialog).toHaveCount(0)
      await expect(team.locator(`[data-player-id="${player.id}"]`)).toHaveCount(0)
      // The roster it went to opens, showing the player there.
      const target = teamCard(page, 'Big Train 14U')
      // (Sample players share names across teams: the row is found by the player's id.)
      const row = target.locator(`[data-player-id="${player.id}"]`)
      await expect(row.getByRole('textbox', { name: /^Name, / })).toHaveValue(player.name)
      await expect(row.getByRole('textbox', { name: /^Number, / })).toHaveValue(
        String(player.number),
      )
      await expect(row).toContainText(`Also worn by ${wearer.name}.`)
      await saveChanges(page)

      // Stored with every field as it was (id, photo and all), on the new team only.
      const stored = await readContent(await backend.staff(), 'teams')
      expect(stored['big-train-14u']?.roster).toContainEqual(player)
      expect(stored['big-train-12u']?.roster.map((p) => p.id)).not.toContain(player.id)
      expect(stored['big-train-14u']?.roster).toHaveLength(to.length + 1)
    })
  })

  test('should move a player from the team page in edit mode, with the same warnings', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['teams'], async (before) => {
      const from = before.teams['big-train-12u']?.roster ?? []
      const to = before.teams['big-train-14u']?.roster ?? []
      const player = from.find((p) => to.some((other) => other.number === p.number))
      if (!player) throw new Error('the sample rosters share no number')

      await openAsStaff(page, '/admin/edit/team/big-train-12u')
      await page.getByRole('button', { name: 'Move to team…' }).click()
      // Named for the player once one is chosen.
      const dialog = page.getByRole('dialog', { name: /^Move .* to another team$/ })
      await expect(dialog).toHaveAccessibleName('Move a player to another team')
      await dialog
        .getByLabel('Player', { exact: true })
        .selectOption({ label: `#${player.number} ${player.name}` })
      await dialog.getByLabel('Team', { exact: true }).selectOption({ label: 'Big Train 14U' })
      await expect(dialog).toContainText('Big Train 14U shows full names, heights and weights')
      await dialog.getByRole('button', { name: 'Move to Big Train 14U' }).click()
      await expect(
        dialog.getByText('Confirm what visitors will see, or choose another team.'),
      ).toBeVisible()
      await dialog.getByRole('checkbox', { name: /^Move anyway/ }).check()
      await dialog.getByRole('checkbox', { name: /^Show .* on the Big Train 14U roster/ }).check()
      await dialog.getByRole('button', { name: 'Move to Big Train 14U' }).click()
      await expect(dialog).toHaveCount(0)

      // Saved as the page's edits are, with every field kept, on the new team only.
      await expect
        .poll(
          async () => (await readContent(await backend.staff(), 'teams'))['big-train-14u']?.roster,
          {
            timeout: 15_000,
          },
        )
        .toContainEqual(player)
      const stored = await readContent(await backend.staff(), 'teams')
      expect(stored['big-train-12u']?.roster.map((p) => p.id)).not.toContain(player.id)
    })
  })

  test('should publish an edited staff card on the team page and the program page', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const role = unique('Head Coach and Pitching Lead')
    await restoringContent(backend, ['staff'], async () => {
      await openEditor(page)
      const card = staffCard(page, 'Coach F. Ibarra')
      await card.getByRole('textbox', { name: 'Role line of Coach F. Ibarra' }).fill(role)
      // The photo comes from the library picker, which needs alt text before the photo is used.
      await card.getByRole('button', { name: /^Change image: staff item \d+ image url/ }).click()
      const picker = page.getByRole('dialog', { name: 'Choose an image' })
      await picker.getByRole('radio', { name: /Tryout day/ }).check()
      await picker.getByLabel('Alt text (required)').fill('Coach Ibarra hitting fungoes')
      await picker.getByRole('button', { name: 'Use this photo' }).click()
      await expect(picker).toBeHidden()
      await saveChanges(page)

      for (const path of ['/team/select-14u', '/programs/select']) {
        await asVisitor(browser, baseURL, path, async (visitor) => {
          const shown = visitor.locator('.staff-card', { hasText: 'Coach F. Ibarra' })
          await expect(shown.locator('.staff-card__role')).toHaveText(role, { timeout: 15_000 })
          await expect(shown.locator('img')).toHaveAttribute('src', /tryouts/)
        })
      }
    })
  })

  test('should keep a keyboard reorder of the staff cards after a reload', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['staff'], async () => {
      await openEditor(page)
      const [firstName, secondName] = await staffOrder(page)
      if (!firstName || !secondName) throw new Error('fewer than two staff cards')
      await dragWithKeyboard(
        page,
        page.getByRole('button', { name: `Drag ${firstName}`, exact: true }),
        page.getByRole('button', { name: `Drag ${secondName}`, exact: true }),
        2,
      )
      await expect
        .poll(() => staffOrder(page))
        .toEqual(expect.arrayContaining([secondName, firstName]))
      expect((await staffOrder(page)).slice(0, 2)).toEqual([secondName, firstName])
      await saveChanges(page)
      await page.reload()
      await page.waitForLoadState('networkidle')
      await expect
        .poll(async () => (await staffOrder(page)).slice(0, 2))
        .toEqual([secondName, firstName])
    })
  })
})

test.describe('rosters & staff editor', () => {
  test('should reorder staff cards from the keyboard alone and say so', async ({ page }) => {
    await openEditor(page)
    const [firstName, secondName, thirdName] = await staffOrder(page)
    if (!firstName || !secondName || !thirdName) throw new Error('fewer than three staff cards')
    await dragWithKeyboard(
      page,
      page.getByRole('button', { name: `Drag ${secondName}`, exact: true }),
      page.getByRole('button', { name: `Drag ${firstName}`, exact: true }),
      1,
    )
    await expect
      .poll(async () => (await staffOrder(page)).slice(0, 3))
      .toEqual([secondName, firstName, thirdName])
    await expect(page.getByText('Dropped at position 1.')).toBeAttached()
    // The drag handle keeps focus, so the keyboard can go on moving the same card.
    await expect(
      page.getByRole('button', { name: `Drag ${secondName}`, exact: true }),
    ).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes.' })).toBeVisible()
    // Nothing is stored until Save: this test leaves the shared document as it was.
    await page.getByRole('button', { name: 'Discard changes' }).first().click()
    await expect
      .poll(async () => (await staffOrder(page)).slice(0, 3))
      .toEqual([firstName, secondName, thirdName])
  })

  test('should fit the screen and find no WCAG 2.2 AA violations, with a roster and a paste open @phone', async ({
    page,
  }) => {
    await openEditor(page)
    const team = teamCard(page, 'Big Train 12U')
    await team.getByRole('button', { name: 'Edit Big Train 12U' }).click()
    await team.getByRole('button', { name: 'Paste from a spreadsheet' }).click()
    await team
      .getByRole('textbox', { name: 'Rows from a spreadsheet' })
      .fill('#,Name,Pos,B/T\n12,Sam Lee,SS,R/R\n0,Bad Number,P,R/R')
    await expect(team.getByText(/row rejected/).first()).toBeVisible()
    const width = page.viewportSize()?.width ?? 0
    // Nothing is wider than the screen: the page never scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    // The roster controls sit inside the screen (a stacked card each on a phone).
    const box = await team.getByRole('region', { name: /^Big Train 12U roster/ }).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
    // The admin's top bar stays at the top of the window, and axe counts a control scrolled
    // beneath it as obscured; focus never lands there (the page keeps a scroll padding for the
    // bar), so the screen is judged from its top, as it opens.
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await axeViolations(page)).toEqual([])
  })
})
