import { DEFAULT_CONTENT } from '@club/core/defaults'
import { PROGRAM_SLUGS } from '@club/core/entities'
import type { Teams } from '@club/core/entities'

import { readIcs } from '../fixtures/ics.ts'
import {
  describeSharedContent,
  expect,
  PHONE_TAG,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Calendars a family subscribes to rather than downloads (issue 18, section 4, item 5): a
// webcal:// feed per team and per program, served as text/calendar, that follows a moved
// game; and "Add to calendar" on every event page.

test.describe('calendar subscriptions', { tag: PHONE_TAG }, () => {
  test('should offer a webcal feed for every team and program, served as text/calendar', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/schedule')
    const host = new URL(baseURL ?? '').host
    await expect(page.getByText(/Download it again/)).toHaveCount(0)
    for (const slug of PROGRAM_SLUGS) {
      const name = DEFAULT_CONTENT.programsContent[slug].name
      const link = page.getByRole('link', {
        name: new RegExp(`^${name}\\s?: subscribe to every team’s calendar \\(updates itself\\)$`),
      })
      await expect(link).toHaveAttribute('href', `webcal://${host}/calendars/${slug}.ics`)
    }
    const recreation = await request.get('/calendars/recreation.ics')
    expect(recreation.status()).toBe(200)
    expect(recreation.headers()['content-type']).toMatch(/^text\/calendar/)
    expect(await recreation.text()).toContain('X-WR-CALNAME:Recreation Baseball schedule')

    await page.goto('/programs/big-train/12u')
    const subscribe = page.getByRole('link', { name: /^Subscribe to calendar\s?: Big Train 12U/ })
    await expect(subscribe).toHaveAttribute('href', `webcal://${host}/calendars/big-train-12u.ics`)
    const feed = await request.get('/calendars/big-train-12u.ics')
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/)
    expect(readIcs(await feed.text()).events.length).toBeGreaterThan(0)
  })

  test('should offer Add to calendar on every upcoming event page', async ({ page, request }) => {
    await page.goto('/camps-events/summer-baseball-camp')
    const add = page.getByRole('link', { name: /^Add to calendar\s?: Summer Baseball Camp/ })
    await expect(add).toHaveAttribute('href', '/calendars/events/summer-baseball-camp.ics')
    const file = await request.get('/calendars/events/summer-baseball-camp.ics')
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/)
    const { events, timezones } = readIcs(await file.text())
    expect(events.length).toBeGreaterThan(0)
    expect(events[0]?.text.SUMMARY).toBe('Summer Baseball Camp')
    expect(timezones).toContain('America/New_York')
  })
})

describeSharedContent('a feed follows the schedule', () => {
  test('should move a game in the team and program feeds when staff move it', async ({
    request,
    backend,
  }) => {
    await restoringContent(backend, ['teams'], async (before) => {
      const teams = structuredClone(before.teams) as Teams
      const team = teams['big-train-12u']
      const entry = team?.schedule?.find((candidate) => candidate.kind === 'game')
      if (!team || !entry) throw new Error('the sample Big Train 12U has no game')
      const uid = `big-train-12u-${entry.id}@team-schedules.club`
      const startOf = async (path: string) => {
        const { events } = readIcs(await (await request.get(path)).text())
        return events.find((event) => event.text.UID === uid)?.raw.DTSTART
      }
      const was = await startOf('/calendars/big-train-12u.ics')
      expect(was).toBeDefined()

      // The game moves to a new date; the feed says so at its next fetch, without a rebuild.
      const moved = '2031-05-17'
      entry.date = moved
      await storeContent(await backend.staff(), 'teams', teams)
      await expect.poll(() => startOf('/calendars/big-train-12u.ics')).toContain('20310517')
      expect(await startOf('/calendars/big-train.ics')).toContain('20310517')
    })
  })
})
