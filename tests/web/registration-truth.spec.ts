import type { Page } from '@playwright/test'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import { openAsStaff } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Nothing on the site announces what it cannot do: a Register action shows only where a
// program has a registration link, a Donate button only where a giving link is set, and staff
// are warned when an alert says registration is open while programs have no link. The sample
// content sets none (its addresses are placeholders), so its alert and news do not claim it.
// Beside that, what families ask first about a field: parking and the entrance, on the field's
// card and beside each game played there.

const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 20_000 })

/**
 * Resolves when the visitor's read of the programs' registrations answers: the header decides its
 * Register button from them (the row the database derives from the programs).
 */
const programsRead = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/website_content') &&
      decodeURIComponent(response.url()).includes('programRegistrations'),
    { timeout: 20_000 },
  )

const hollowOak = DEFAULT_CONTENT.fieldsContent.fields.find((field) => field.id === 'hollow-oak')

test.describe('registration and giving as the sample content has them', () => {
  test('should offer no Register or Donate action while no link is set', async ({ page }) => {
    const read = programsRead(page)
    await page.goto('/')
    await interactive(page)
    await read
    const header = page.locator('.site-header__actions')
    // The header's other action is there (the witness); Register is not, after the read.
    await expect(header.getByRole('link', { name: 'Schedule', exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0)
    const support = page.locator('.home-support')
    await expect(support.getByRole('link', { name: 'Become a Sponsor' })).toBeVisible()
    await expect(support.getByRole('link', { name: 'Donate' })).toHaveCount(0)
    // Neither the alert nor the news says registration is open.
    await expect(page.getByText(/registration is (now )?open/i)).toHaveCount(0)

    await page.goto('/programs/tee-ball')
    const hero = page.locator('.program-hero')
    await expect(hero.getByText('Registration link coming soon')).toBeVisible()
    await expect(hero.getByRole('link', { name: /^Register\b/ })).toHaveCount(0)
  })

  test('should show a field’s parking notes on its card and beside a game there', async ({
    page,
  }) => {
    const parking = hollowOak?.parkingNotes ?? ''
    expect(parking).not.toBe('')
    await page.goto('/fields')
    const card = page.locator('#field-hollow-oak')
    await expect(card.getByText('Parking', { exact: true })).toBeVisible()
    await expect(card.getByText(parking)).toBeVisible()
    await expect(card.getByText(hollowOak?.entrance ?? '')).toBeVisible()
    // The big button leads to the field list, not to a map search for other fields.
    const toList = page.getByRole('link', { name: 'Find a field and its directions' })
    await expect(toList).toHaveAttribute('href', '#fields-list-title')

    await page.goto('/schedule')
    await interactive(page)
    const game = page
      .locator('.schedule-entry')
      .filter({ has: page.getByRole('link', { name: 'Hollow Oak Park', exact: true }) })
      .first()
    await expect(game.getByText(parking)).toBeVisible()
    // A field without notes says nothing beside its games.
    const other = page
      .locator('.schedule-entry')
      .filter({ has: page.getByRole('link', { name: 'Maple Hollow Fields', exact: true }) })
      .first()
    await expect(other).toBeVisible()
    await expect(other.locator('.field-access')).toHaveCount(0)
  })
})

describeSharedContent('registration and giving once links are set', () => {
  test('should show Register and Donate where a link is set, and warn staff of an alert that says otherwise', async ({
    page,
    backend,
  }) => {
    const keys = ['programsContent', 'content', 'alerts'] as const
    await restoringContent(backend, [...keys], async ({ programsContent, content, alerts }) => {
      const staff = await backend.staff()
      const programs = structuredClone(programsContent)
      programs['tee-ball'].registration = {
        link: 'https://signup.club-baseball.test/tee-ball',
        opensText: '',
      }
      await storeContent(staff, 'programsContent', programs)
      const home = structuredClone(content)
      home.support.donationLink = 'https://give.club-baseball.test/'
      await storeContent(staff, 'content', home)
      await storeContent(staff, 'alerts', [
        ...alerts,
        {
          ...alerts[0]!,
          id: 'alert-claims-open',
          alert_category: 'general',
          status_type: null,
          type: 'registration',
          title: 'Registration is open',
          message: 'Sign up for every program today.',
          isPinned: false,
        },
      ])

      await page.goto('/')
      await expect(
        page.locator('.site-header__actions').getByRole('link', { name: 'Register' }),
      ).toBeVisible({ timeout: 20_000 })
      await expect(
        page.locator('.home-support').getByRole('link', { name: 'Donate' }),
      ).toBeVisible()
      // On a page that shows no program too: the header's button reads the programs itself.
      await page.goto('/donate')
      await expect(
        page.locator('.site-header__actions').getByRole('link', { name: 'Register' }),
      ).toBeVisible({ timeout: 20_000 })
      await page.goto('/programs/tee-ball')
      await expect(
        page.locator('.program-hero').getByRole('link', { name: /^Register for Tee Ball/ }),
      ).toBeVisible()
      // A program without a link still offers none.
      await page.goto('/programs/select')
      await expect(page.locator('.program-hero').getByText(/Registration opens/)).toBeVisible()
      await expect(
        page.locator('.program-hero').getByRole('link', { name: /^Register\b/ }),
      ).toHaveCount(0)

      await openAsStaff(page, '/admin/alerts')
      await expect(
        page.getByText(
          'The alert says registration is open, but 6 programs have no registration link',
        ),
      ).toBeVisible({ timeout: 20_000 })
    })
  })
})
