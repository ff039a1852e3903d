import { DEFAULT_CONTENT } from '@club/core/defaults'

import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Children's privacy on rosters, and no placeholder presented as a fact (issue 18, section 4,
// items 9 and 10).

describeSharedContent('rosters', () => {
  test('should hide heights and weights and shorten names on a 12U roster @phone', async ({
    page,
  }) => {
    const player = DEFAULT_CONTENT.teams['flash-12u']?.roster[0]
    if (!player) throw new Error('the sample Flash 12U has no roster')
    await page.goto('/programs/flash-softball/12u')
    const table = page.getByRole('table', { name: 'Flash 12U roster' })
    await expect(table).toBeAttached()
    await expect(table.getByRole('columnheader', { name: 'Height' })).toHaveCount(0)
    await expect(table.getByRole('columnheader', { name: 'Weight' })).toHaveCount(0)
    await expect(table).not.toContainText(' lb')
    const parts = player.name.split(' ')
    await expect(table.getByRole('rowheader').first()).toHaveText(
      `${parts[0]} ${parts.at(-1)?.charAt(0)}.`,
    )
    // Every row header is a first name and an initial.
    for (const name of await table.getByRole('rowheader').allTextContents())
      expect(name).toMatch(/^\S+ \S\.$/)
    // A 14U roster keeps them, as the club set by default for older players.
    await page.goto('/team/select-14u')
    await expect(
      page
        .getByRole('table', { name: 'Select 14U roster' })
        .getByRole('columnheader', { name: 'Height' }),
    ).toBeAttached()
  })

  test('should give a visitor none of what a young roster hides, nor another team, in the page or its reads', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['teams'], async (before) => {
      const teams = structuredClone(before.teams)
      const team = teams['flash-12u']!
      // A surname and a height that the page leaves out, stored as staff would enter them.
      const surname = `Zyxwell${Date.now().toString(36)}`
      team.roster[0] = {
        ...team.roster[0]!,
        name: `Avery ${surname}`,
        height: '4 ft 10.37 in',
        weight: 83,
      }
      // Another team's roster and schedule, which this team's page does not show (issue 35).
      const other = teams['select-14u']!
      other.roster[0] = { ...other.roster[0]!, name: `Other Qq${surname}` }
      other.schedule = [
        {
          id: 'privacy-other-game',
          kind: 'game',
          date: '2027-04-03',
          time: '3:00 PM',
          durationMinutes: 120,
          opponent: `Vs${surname}`,
          homeAway: 'home',
          fieldId: '',
          location: 'Away field',
          status: 'scheduled',
          note: '',
        },
      ]
      await storeContent(await backend.staff(), 'teams', teams)

      // Everything the visitor's browser receives: the page, its code and its content reads.
      const bodies: Promise<string>[] = []
      page.on('response', (response) => {
        bodies.push(response.text().catch(() => ''))
      })
      await page.goto('/programs/flash-softball/12u')
      const table = page.getByRole('table', { name: 'Flash 12U roster' })
      await expect(table.getByRole('rowheader').first()).toHaveText(`Avery ${surname[0]}.`, {
        timeout: 15_000,
      })
      await page.waitForLoadState('networkidle')
      const received = (await Promise.all(bodies)).join('\n')
      expect(received).toContain(`Avery ${surname[0]}.`)
      expect(received).not.toContain(surname)
      expect(received).not.toContain('10.37 in')
      expect(received).not.toContain(`Qq${surname}`)
      expect(received).not.toContain(`Vs${surname}`)
    })
  })

  test('should collapse every roster on /teams @phone', async ({ page, isMobile }) => {
    await page.goto('/teams')
    const rosters = page.locator('details.teams-team__roster')
    await expect(rosters.first()).toBeAttached()
    expect(await rosters.count()).toBeGreaterThan(5)
    await expect(page.locator('details.teams-team__roster[open]')).toHaveCount(0)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    // 37,736 px at 390 px with every roster open.
    expect(height).toBeLessThan(isMobile ? 12_000 : 8_000)
    const first = rosters.first()
    await first.locator('summary').click()
    await expect(first.getByRole('table')).toBeVisible()
  })
})

test.describe('facts, not placeholders', () => {
  test('should show no placeholder address and no bare social links', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(/placeholder|P\.O\. Box 0000/i)).toHaveCount(0)
    const social = page.locator(
      'a[href="https://twitter.com/"], a[href="https://www.facebook.com/"], a[href="https://www.instagram.com/"]',
    )
    await expect(social).toHaveCount(0)
    await expect(page.getByText(/D\.C\.\./)).toHaveCount(0)
  })

  test('should tell link previews that a news post is an article', async ({ request }) => {
    const html = await (await request.get('/news-and-updates/spring-registration-is-open')).text()
    expect(html).toContain('<meta property="og:type" content="article"')
    const home = await (await request.get('/')).text()
    expect(home).toContain('<meta property="og:type" content="website"')
  })
})
