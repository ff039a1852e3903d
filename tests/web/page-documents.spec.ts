import type { Page } from '@playwright/test'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { contentReadKeys } from '@club/core/public-read'

import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Pages download what they show (issue 35 §3): the reads at start keep to the documents of the
// page opened first, and a page opened later reads its own before it shows, never the samples in
// the meantime. The first suite stores the teams, so it runs on a worker stack of its own
// (desktop-staff).

const [first, second] = Object.values(DEFAULT_CONTENT.teams).filter(
  (team) => team.programSlug !== 'dmv-prospects',
)
const STORED_NAME = 'Storedville Stars'

/** The keys each content read asked for, in order. */
function recordContentReads(page: Page) {
  const reads: string[][] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.endsWith('/rest/v1/website_content') || request.method() !== 'GET') return
    reads.push(contentReadKeys(url.searchParams))
  })
  return reads
}

describeSharedContent('a page’s documents', () => {
  test('should read on /donate only what it shows, then show the teams a link opens from what is stored', async ({
    page,
    backend,
  }) => {
    if (!first || !second) throw new Error('the samples have fewer than two teams')
    await restoringContent(backend, ['teams'], async () => {
      await storeContent(await backend.staff(), 'teams', {
        [first.id]: { ...first, name: STORED_NAME },
      })
      const reads = recordContentReads(page)
      // Every frame: whether a sample team's name shows (it must never, even for a moment).
      await page.addInitScript((sample) => {
        const seen: string[] = []
        Object.assign(window, { samplesSeen: seen })
        const look = () => {
          if ((document.querySelector('main')?.textContent ?? '').includes(sample))
            seen.push(sample)
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      }, second.name)

      await page.goto('/donate')
      await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
        timeout: 15_000,
      })
      // Both reads at start (the vital one, the background one a second later) have gone out
      // (a third may be the live feed's catch-up after a join that failed once).
      await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
      const atStart = reads.length
      expect(reads.flat()).not.toContain('teams')
      expect(reads.flat()).not.toContain('clinics')
      expect(reads.flat()).not.toContain('newsPosts')
      // The alerts bar's posting times and the header's registration links are rows the
      // database derives (supabase/migrations/*_derived_views.sql,
      // *_footer_registrations_fields.sql), not the fields and programs.
      expect(reads.flat()).toEqual(
        expect.arrayContaining(['weatherPostingTimes', 'programRegistrations']),
      )
      expect(reads.flat()).not.toContain('fieldsContent')
      expect(reads.flat()).not.toContain('programsContent')
      expect(reads.flat()).not.toContain('programSummaries')

      // The teams' read is held a moment: the page waits for it rather than show the samples.
      let releaseTeams!: () => void
      const teamsHeld = new Promise<void>((resolve) => (releaseTeams = resolve))
      await page.route(/\/rest\/v1\/website_content\?.*teams/, async (route) => {
        await teamsHeld
        await route.continue()
      })
      await page.locator('a[href="/teams"]').first().dispatchEvent('click')
      // One read, of what /teams shows and no read had asked for (the Realtime catch-up that
      // follows the new page may read them again later).
      const teamsRead = () => reads.slice(atStart).find((keys) => keys.includes('teamRosters'))
      await expect.poll(teamsRead).toBeDefined()
      // /teams asks for the rosters the database derives for it, never the teams whole
      // (supabase/migrations/*_team_views.sql).
      expect(teamsRead()?.toSorted()).toEqual(['staff', 'teamRosters'])
      expect(reads.flat()).not.toContain('teams')
      releaseTeams()
      await expect(page).toHaveURL(/\/teams$/)
      await expect(page.getByRole('heading', { level: 3, name: STORED_NAME })).toBeVisible()
      expect(
        await page.evaluate(() => (window as unknown as { samplesSeen: string[] }).samplesSeen),
      ).toEqual([])
    })
  })

  test("should read on a team page its coaches' cards alone while the teams and the staff are stored, and show a staff save there live", async ({
    page,
    backend,
  }) => {
    const coachId = first?.coaches[0]
    const coach = DEFAULT_CONTENT.staff.find((member) => member.id === coachId)
    if (!first || !coach) throw new Error('the first sample team has no coach')
    const row = `coaches/${first.id}`
    await restoringContent(backend, ['teams', 'staff'], async () => {
      const staff = await backend.staff()
      await storeContent(staff, 'staff', DEFAULT_CONTENT.staff)
      await storeContent(staff, 'teams', DEFAULT_CONTENT.teams)
      // The reads at start ask for its coaches' row (supabase/migrations/*_team_coaches.sql),
      // never the whole staff.
      const reads = recordContentReads(page)
      await page.goto(`/team/${first.id}`)
      await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
        timeout: 15_000,
      })
      await expect.poll(() => reads.flat(), { timeout: 10_000 }).toContain(row)
      const card = page.locator('.staff-card', { hasText: coach.name })
      await expect(card).toBeVisible()

      // A new role line reaches the open page without a reload.
      const role = `Head Coach ${Date.now()}`
      await storeContent(
        staff,
        'staff',
        DEFAULT_CONTENT.staff.map((member) =>
          member.id === coach.id ? { ...member, subtitle: role } : member,
        ),
      )
      await expect(card.locator('.staff-card__role')).toHaveText(role, { timeout: 10_000 })
      expect(reads.flat()).not.toContain('staff')
    })
  })
})

// Pages that only read, on the run's stack, which no suite saves to: a page's HTML is then
// always built from what is stored. (On a worker stack, the save the suite above restores may
// still be re-rendering, and a page whose HTML lags reads its documents again at start.)
test.describe('a page’s documents, as built', () => {
  test('should carry on a team page at most 20 KB of content JSON: the rows of what it shows, never the home document or the Facilities page', async ({
    page,
  }) => {
    if (!first) throw new Error('the samples have no team')
    const reads = recordContentReads(page)
    // What each content read answered, in bytes (issue 35 §3 counts the JSON, uncompressed).
    const answers: Promise<number>[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!url.pathname.endsWith('/rest/v1/website_content')) return
      if (response.request().method() !== 'GET') return
      answers.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      )
    })
    await page.goto(`/team/${first.id}`)
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    const baselineText = (await page.locator('#content-baseline').textContent()) ?? '{}'
    const baseline = Object.keys(JSON.parse(baselineText) as Record<string, unknown>)
    // Its own team, which teams there are, the footer's part of the home document and the
    // fields alone (supabase/migrations/*_footer_registrations_fields.sql).
    expect(baseline).toEqual(
      expect.arrayContaining([`team/${first.id}`, 'teamKeys', 'siteFooter', 'fieldList']),
    )
    for (const whole of ['content', 'fieldsContent', 'teams', 'teamNames'])
      expect(baseline, whole).not.toContain(whole)
    // Both reads at start: the header reads the programs' registrations alone, which the page
    // carries too (at their stored version, so the read answers them only if they changed,
    // and no schemas load to parse them).
    expect(baseline).toContain('programRegistrations')
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(reads.flat()).toContain('programRegistrations')
    for (const whole of ['content', 'fieldsContent', 'programSummaries', 'programsContent'])
      expect(reads.flat(), whole).not.toContain(whole)
    const read = (await Promise.all(answers)).reduce((sum, bytes) => sum + bytes, 0)
    expect(Buffer.byteLength(baselineText) + read).toBeLessThanOrEqual(20 * 1024)
  })

  test('should carry on a program page its own program alone, and read another’s when a link opens it', async ({
    page,
  }) => {
    const reads = recordContentReads(page)
    await page.goto('/programs/select')
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    const baseline = JSON.parse(
      (await page.locator('#content-baseline').textContent()) ?? '{}',
    ) as Record<string, unknown>
    expect(Object.keys(baseline)).toContain('program/select')
    expect(Object.keys(baseline)).not.toContain('programsContent')
    expect(Object.keys(baseline)).not.toContain('fieldsContent')
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(reads.flat()).not.toContain('programsContent')

    // /programs (a link in the header) reads the cards and the summaries; a card's program its own.
    await page.locator('header a[href="/programs"]').first().dispatchEvent('click')
    await expect(page).toHaveURL(/\/programs$/)
    await page.locator('main a[href="/programs/tee-ball"]').first().dispatchEvent('click')
    await expect(page).toHaveURL(/\/programs\/tee-ball$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      DEFAULT_CONTENT.programsContent['tee-ball'].name,
    )
    await expect.poll(() => reads.flat()).toContain('program/tee-ball')
    expect(reads.flat()).not.toContain('programsContent')
  })

  test('should carry on /camps-events the cards alone, and read an event’s own when a card opens it', async ({
    page,
  }) => {
    const [event] = DEFAULT_CONTENT.clinics
    if (!event) throw new Error('the samples have no event')
    const reads = recordContentReads(page)
    await page.goto('/camps-events')
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    const baseline = JSON.parse(
      (await page.locator('#content-baseline').textContent()) ?? '{}',
    ) as Record<string, unknown>
    expect(Object.keys(baseline)).toContain('eventCards')
    expect(Object.keys(baseline)).not.toContain('clinics')
    await page.locator(`main a[href="/camps-events/${event.slug}"]`).first().dispatchEvent('click')
    await expect(page).toHaveURL(new RegExp(`/camps-events/${event.slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title)
    // Its description, which the cards leave out.
    await expect(page.getByText(event.description[0] ?? '').first()).toBeVisible()
    await expect.poll(() => reads.flat()).toContain(`event/${event.slug}`)
    expect(reads.flat()).not.toContain('clinics')
  })
})
