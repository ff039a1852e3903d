import type { Page } from '@playwright/test'

import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// The club's email, phone and mailing address are editable club details (content.contact):
// shown on /contact and in the footer where set, and never referred to where not set (no
// "Email us" on /sponsors, no giving by mail on /donate). And a class team past its
// graduation year is a past team: no practices, no tryouts, a pointer to the alumni.

const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 20_000 })

const CONTACT = {
  email: 'info@rockcreek-baseball.org',
  phone: '(301) 555-0142',
  mailingAddress: ['PO Box 1952', 'Rockville, MD 20849'],
}

describeSharedContent('the club’s contact details', () => {
  test('should show stored details on /contact, in the footer, on /sponsors and /donate', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['content'], async ({ content }) => {
      await storeContent(await backend.staff(), 'content', { ...content, contact: CONTACT })

      await page.goto('/contact')
      const general = page.locator('.contact-general')
      const email = general.getByRole('link', { name: CONTACT.email })
      await expect(email).toHaveAttribute('href', `mailto:${CONTACT.email}`)
      await expect(general.getByRole('link', { name: CONTACT.phone })).toHaveAttribute(
        'href',
        'tel:+13015550142',
      )
      await expect(general.getByText('PO Box 1952')).toBeVisible()
      await expect(general.getByText('Rockville, MD 20849')).toBeVisible()

      const footer = page.locator('footer.site-footer')
      await expect(footer.getByRole('link', { name: CONTACT.email })).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      )
      await expect(footer.getByRole('link', { name: CONTACT.phone })).toBeVisible()
      await expect(footer.getByText('Rockville, MD 20849')).toBeVisible()

      await page.goto('/sponsors')
      const how = page.locator('.sponsors-how')
      await expect(how.getByRole('listitem').nth(1)).toHaveText(/^Email us\b/)
      await expect(how.getByRole('link', { name: `Email us at ${CONTACT.email}` })).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      )

      await page.goto('/donate')
      const byMail = page.locator('#donate-by-mail')
      await expect(byMail.getByRole('heading', { name: 'Give by mail' })).toBeVisible()
      await expect(byMail.getByText(/payable to/i)).toBeVisible()
      await expect(byMail.getByText('PO Box 1952')).toBeVisible()
      // No giving link is set (the sample's is a placeholder): the hero's action is giving by
      // mail, and nothing on the page speaks of giving online.
      const give = page.locator('.page-hero').getByRole('link', { name: 'Give by mail' })
      await expect(give).toHaveAttribute('href', '#donate-by-mail')
      await expect(page.getByRole('main')).not.toContainText(/give online|online giving/i)
      await give.click()
      await expect(byMail).toBeInViewport()
    })
  })

  test('should not refer to details that are not set', async ({ page, backend }) => {
    await restoringContent(backend, ['content'], async ({ content }) => {
      // A stored sponsor of its own is the witness that the stored document has been read.
      const { contact: _unset, ...rest } = content as typeof content & { contact?: unknown }
      const witness = { id: 'witness-sponsor', name: 'Witness Hardware', logoUrl: '', link: '' }
      await storeContent(await backend.staff(), 'content', {
        ...rest,
        support: { ...rest.support, sponsors: [{ ...witness, tier: 'single' }] },
      })

      await page.goto('/sponsors')
      await interactive(page)
      await expect(page.getByText('Witness Hardware')).toBeVisible()
      const how = page.locator('.sponsors-how')
      await expect(how.getByRole('link', { name: 'Contact the club' })).toBeVisible()
      await expect(page.getByText(/Email us/i)).toHaveCount(0)
      await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0)
      const footer = page.locator('footer.site-footer')
      await expect(footer.getByRole('link', { name: 'Staff sign in' })).toBeVisible()
      await expect(footer.locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0)

      await page.goto('/donate')
      await expect(page.getByRole('heading', { name: 'How to give' })).toBeVisible()
      await expect(page.getByText(/by mail|payable to/i)).toHaveCount(0)
    })
  })
})

test.describe('a graduated class', () => {
  test('should show the Class of 2026 as a past team with no practices or tryouts', async ({
    page,
  }) => {
    // Today (club time) is past July 31, 2026, the day the Class of 2026 stops being current.
    await page.goto('/dmv/2026')
    await interactive(page)
    const main = page.locator('main')
    await expect(main.getByText(/Class of 2026 graduated/)).toBeVisible()
    await expect(main.getByRole('link', { name: /alumni/i }).first()).toHaveAttribute(
      'href',
      '/alumni',
    )
    await expect(main.getByText(/practice/i)).toHaveCount(0)
    await expect(main.getByText(/tryout/i)).toHaveCount(0)

    // It leaves the current team lists: /teams lists it among the past teams only.
    await page.goto('/teams')
    await interactive(page)
    const jump = page.locator('.teams-jump')
    await expect(jump.getByRole('link', { name: 'DMV Prospects Class of 2027' })).toBeVisible()
    await expect(jump.getByRole('link', { name: 'DMV Prospects Class of 2026' })).toHaveCount(0)
    const past = page.locator('#teams-past')
    await expect(past.getByRole('link', { name: /DMV Prospects Class of 2026/ })).toBeVisible()

    // The program page neither lists it among its teams nor offers its tryouts.
    await page.goto('/programs/dmv-prospects')
    await interactive(page)
    const tryouts = page.locator('#tryouts')
    await expect(tryouts.getByRole('heading', { name: 'Class of 2027' })).toBeVisible()
    await expect(tryouts.getByText(/Class of 2026/)).toHaveCount(0)
    const teams = page.locator('section[aria-labelledby="program-teams-title"]')
    await expect(teams.getByRole('link', { name: 'DMV Prospects Class of 2027' })).toBeVisible()
    await expect(teams.getByText(/Class of 2026/)).toHaveCount(0)
  })
})
