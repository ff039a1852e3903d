import type { SupabaseClient } from '@supabase/supabase-js'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import type { Team, Teams } from '@club/core/entities'

import { describeSharedContent, expect, test } from '../fixtures/test.ts'

// A club with as many teams as the database lets one document hold (2,000 items) still gets
// a /teams page that renders at once, a page of teams at a time.

const TEAM_COUNT = 2_000
/** Our extra teams' keys start with this, so that they can be told apart and taken out again. */
const PREFIX = 'e2e-large-'
const PAGE_SIZE = 10

/** A small but complete team of the Recreation program (beside its sample teams). */
function extraTeam(n: number): Team {
  const id = `${PREFIX}${String(n).padStart(4, '0')}`
  return {
    id,
    name: `Rec Team ${n}`,
    programSlug: 'recreation',
    logoUrl: '',
    coaches: [],
    // No players: the page stays light for the other suites that visit it meanwhile.
    roster: [],
    teamPageContent: { intro: '' },
  }
}

/**
 * Changes the stored `teams` document the way an editor would (naming the version it read), on
 * top of whatever other suites stored there, and again if one of them saved in between.
 */
async function updateTeams(client: SupabaseClient, change: (teams: Teams) => Teams) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await client
      .from('website_content')
      .select('value,version')
      .eq('key', 'teams')
      .maybeSingle()
    if (current.error) throw current.error
    // Nothing stored means the site shows the sample teams: keep them.
    const teams = (current.data?.value ?? DEFAULT_CONTENT.teams) as Teams
    const saved = await client
      .from('website_content')
      .upsert({ key: 'teams', value: change(teams), base_version: current.data?.version ?? 0 })
      .select('version')
      .single()
    if (!saved.error) return
    if (saved.error.code !== 'PT409') throw saved.error
  }
  throw new Error('could not update teams: it kept changing underneath')
}

const withoutExtras = (teams: Teams): Teams =>
  Object.fromEntries(Object.entries(teams).filter(([key]) => !key.startsWith(PREFIX)))

/** The stored teams plus as many extra teams as make 2,000 in all. */
function withExtras(teams: Teams): Teams {
  const kept = withoutExtras(teams)
  const missing = TEAM_COUNT - Object.keys(kept).length
  const extras = Array.from({ length: missing }, (_, i) => extraTeam(i + 1))
  return { ...kept, ...Object.fromEntries(extras.map((team) => [team.id, team])) }
}

// It stores `teams` in its worker's own backend (the `stack` fixture), and takes its teams out
// again afterwards, for the worker's next test.
describeSharedContent('a club with 2,000 teams', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'how fast 2,000 stored teams render does not depend on the screen: desktop project only',
  )
  test.afterEach(async ({ backend }) => {
    await updateTeams(await backend.staff(), withoutExtras)
  })

  test('should render /teams a page per program, and show more on request', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000)
    const staff = await backend.staff()
    const more = page.getByRole('button', {
      name: /^Show 10 more \(of [\d,]+ Recreation Baseball teams\)$/,
    })
    let recreationTeams = 0
    // When the stored teams first show (their "Show more"), by the page's own clock: polling
    // from the test would itself slow a page this size down.
    await page.addInitScript(() => {
      const found = () =>
        [...document.querySelectorAll('.paged-list__more button')].some((button) =>
          button.textContent?.includes('Recreation Baseball teams'),
        )
      new MutationObserver((_, observer) => {
        if (!found()) return
        ;(window as { shownAt?: number }).shownAt = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    // Stored, then read by the page once: its first render of them is what is checked.
    await updateTeams(staff, (teams) => {
      const next = withExtras(teams)
      // Every Recreation team: ours and the sample ones.
      recreationTeams = Object.values(next).filter(
        (team) => team.programSlug === 'recreation',
      ).length
      return next
    })
    await page.goto('/teams')
    await page.waitForFunction(() => (window as { shownAt?: number }).shownAt, undefined, {
      timeout: 30_000,
      polling: 250,
    })
    const { shownAt, answeredAt } = await page.evaluate(() => ({
      shownAt: (window as { shownAt?: number }).shownAt ?? Infinity,
      // The read that carries `teams` (the background keys), answered.
      answeredAt: Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => decodeURIComponent(entry.name).includes('teams'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    }))
    // How long reading and rendering them took is a figure, not a pass mark (timed tests fail
    // on a busy machine and prove nothing on a fast one): recorded with the test's results.
    test.info().annotations.push({
      type: 'figure',
      description: `2,000 teams on screen ${Math.round(shownAt - answeredAt)} ms after their read answered`,
    })
    await expect(more).toHaveAccessibleName(
      `Show 10 more (of ${recreationTeams.toLocaleString('en-US')} Recreation Baseball teams)`,
    )

    const recreation = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Recreation Baseball' }),
    })
    const teams = recreation.locator('.teams-team')
    await expect(teams).toHaveCount(PAGE_SIZE)
    // A first page per program: a few thousand nodes, not the million that all teams would make.
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(10_000)
    const jump = page.getByRole('navigation', { name: 'Jump to a Team' })
    await expect(
      jump.getByRole('link', {
        name: `${(recreationTeams - PAGE_SIZE).toLocaleString('en-US')} more Recreation Baseball teams`,
      }),
    ).toBeVisible()

    // The program's sample teams are listed among ours: names are read from the page.
    const heading = (index: number) => teams.nth(index).getByRole('heading', { level: 3 })
    const firstPage = await teams.getByRole('heading', { level: 3 }).allTextContents()
    await more.click()
    await expect(teams).toHaveCount(PAGE_SIZE * 2)
    await expect(teams.nth(PAGE_SIZE)).toBeFocused()
    expect(firstPage).not.toContain(await heading(PAGE_SIZE).textContent())
    const last = (await heading(PAGE_SIZE * 2 - 1).textContent()) ?? ''
    expect(last).not.toBe('')
    await expect(jump.getByRole('link', { name: last, exact: true })).toBeVisible()

    // From the keyboard too: focus lands on the first new team, and Tab continues inside it.
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(teams).toHaveCount(PAGE_SIZE * 3)
    await expect(teams.nth(PAGE_SIZE * 2)).toBeFocused()
    await page.keyboard.press('Tab')
    const third = (await heading(PAGE_SIZE * 2).textContent()) ?? ''
    await expect(
      teams.nth(PAGE_SIZE * 2).getByRole('link', { name: `${third} team page` }),
    ).toBeFocused()
  })
})
