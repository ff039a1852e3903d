import { DEFAULT_CONTENT } from '@club/core/defaults'

import { axeViolations } from '../fixtures/axe.ts'
import { readIcs } from '../fixtures/ics.ts'
import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/test.ts'

/** Waits until the page's script runs (its controls then answer in place). */
const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 15_000 })

// Recreation families find their team (issue 18, section 4, item 4): the schedule's program
// filter offers every program with teams, Tee Ball and recreation teams have pages and
// calendars, and a finder by birth year or age leads to the program, its fee, deadline and
// registration.

test.describe('recreation families find their team', () => {
  test('should offer every program with teams in the schedule filter', async ({ page }) => {
    await page.goto('/schedule')
    await interactive(page)
    const program = page.getByRole('combobox', { name: 'Program' })
    for (const name of ['Tee Ball', 'Recreation Baseball', 'Recreation Softball', 'Select'])
      await expect(program.getByRole('option', { name, exact: true })).toHaveCount(1)
    await program.selectOption({ label: 'Recreation Baseball' })
    await page.getByRole('button', { name: 'Show schedule' }).click()
    await expect(page).toHaveURL(/[?&]program=recreation(?:&|$)/)
    const team = page.getByRole('combobox', { name: 'Team' })
    await expect(team.getByRole('option', { name: 'Recreation Baseball 10U' })).toHaveCount(1)
    await expect(page.getByRole('link', { name: /Recreation Baseball 10U/ }).first()).toBeVisible()
  })

  test('should serve a recreation team page and its program’s calendar @phone', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/team/recreation-10u')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recreation Baseball 10U')
    await expect(page).toHaveTitle(/Recreation Baseball 10U/)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)

    const teeBall = await page.goto('/team/tee-ball-6u')
    expect(teeBall?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tee Ball 6U')

    const calendar = await request.get('/calendars/recreation.ics')
    expect(calendar.status()).toBe(200)
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/)
    const { events } = readIcs(await calendar.text())
    const teams = Object.values(DEFAULT_CONTENT.teams).filter(
      (team) => team.programSlug === 'recreation',
    )
    const expected = teams.reduce((sum, team) => sum + (team.schedule?.length ?? 0), 0)
    expect(events).toHaveLength(expected)
    expect(events.some((event) => /Recreation Baseball 10U/.test(event.text.SUMMARY ?? ''))).toBe(
      true,
    )
  })

  test('should lead from a birth year to the program, fee, deadline and registration @phone', async ({
    page,
  }) => {
    await page.goto('/programs')
    await interactive(page)
    const finder = page.getByRole('region', { name: 'Find your program' })
    const born = finder.getByRole('textbox', { name: 'Birth year, or age today' })
    await born.fill('2020')
    await finder.getByRole('combobox', { name: /Birth month/ }).selectOption({ label: 'March' })
    await finder.getByRole('button', { name: 'Find programs' }).click()
    await expect(finder.getByRole('status')).toHaveText(
      'One program fits a player born in March 2020.',
    )
    const match = finder.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Recreation Baseball' }),
    })
    const recreation = DEFAULT_CONTENT.programsContent.recreation
    await expect(match).toContainText(recreation.fees)
    await expect(match).toContainText('Register by March 1, 2027')
    // The sample's registration link is a placeholder: no button, but how to ask.
    await expect(match.getByRole('link', { name: /Register for Recreation Baseball/ })).toHaveCount(
      0,
    )
    await expect(match.getByText('Registration link coming soon')).toBeVisible()
    await expect(match.getByRole('link', { name: /^Contact the club/ })).toHaveAttribute(
      'href',
      '/contact?program=recreation#registration-interest',
    )
    // The answer is accessible as shown (WCAG 2.2 AA), on a phone and a desktop alike.
    expect(await axeViolations(page, '#find-your-program')).toEqual([])
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
    await match.getByRole('link', { name: /Teams and schedule/ }).click()
    await expect(page).toHaveURL(/\/schedule\?program=recreation$/)
    await expect(page.getByRole('combobox', { name: 'Program' })).toHaveValue('recreation')
  })

  test('should explain input it cannot read, keeping it @phone', async ({ page }) => {
    await page.goto('/programs')
    await interactive(page)
    const finder = page.getByRole('region', { name: 'Find your program' })
    const born = finder.getByRole('textbox', { name: 'Birth year, or age today' })
    await born.fill('nine')
    await finder.getByRole('button', { name: 'Find programs' }).click()
    await expect(finder.getByText(/Enter a birth year such as 2017/)).toBeVisible()
    await expect(born).toHaveAttribute('aria-invalid', 'true')
    await expect(born).toBeFocused()
    await expect(born).toHaveValue('nine')
    await born.fill('9')
    await finder.getByRole('button', { name: 'Find programs' }).click()
    await expect(finder.getByRole('status')).toHaveText(/programs? fits? a player aged 9 today/)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  })

  test('should answer a finder sent before the page was interactive', async ({ page }) => {
    // What the browser sends for the form as a plain GET before the script runs.
    await page.goto('/programs?born=2018#find-your-program')
    const finder = page.getByRole('region', { name: 'Find your program' })
    await expect(finder.getByRole('status')).toHaveText('2 programs fit a player born in 2018.', {
      timeout: 15_000,
    })
    await expect(finder.getByRole('textbox', { name: 'Birth year, or age today' })).toHaveValue(
      '2018',
    )
    await expect(finder.getByRole('heading', { level: 3 })).toHaveText([
      'Recreation Baseball',
      'Recreation Softball',
    ])
  })
})
