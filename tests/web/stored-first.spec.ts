import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'

import { startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'
import type { SiteServer } from '@club/web/scripts/serve'

import { SEEDED_STAFF, expect, readContent, storeContent, test } from '../fixtures/test.ts'
import { compiledSite } from '../support/compiled-site.ts'

// What a visitor first sees is what the club last stored: pages are prerendered from the
// stored content, time-sensitive parts never show anything older, and a dead backend is
// reported within 3 s.

const root = fileURLToPath(new URL('../..', import.meta.url))
const SAMPLE_ALERT = DEFAULT_CONTENT.alerts[0]?.title ?? ''
const SAMPLE_HERO = DEFAULT_CONTENT.content.hero.title

const cancelled = {
  ...DEFAULT_CONTENT.alerts[0],
  id: 'alert-games-cancelled',
  title: 'All games cancelled today',
  message: 'Fields are closed after the storm.',
  startDate: '2000-01-01T00:00:00.000Z',
  endDate: '9999-12-31T00:00:00.000Z',
  // A status ends with its day unless staff gave it an end: this one stays whenever it is read.
  explicitEnd: true,
  isActive: true,
  isPinned: true,
  targetPage: undefined,
}

/** The sample fields, the first one with this status. */
function withFirstField(status: 'open' | 'closed', statusReason: string) {
  const [first, ...rest] = DEFAULT_CONTENT.fieldsContent.fields
  return {
    ...DEFAULT_CONTENT.fieldsContent,
    fields: [
      { ...first, status, statusReason, statusUpdatedAt: new Date().toISOString() },
      ...rest,
    ],
  }
}

/**
 * Records, in every frame, whether `text` is visible on the page, and whether it ever is while
 * nothing says it is the page's own as built ("as of …", `.fields-status__as-of`).
 */
function recordVisibility(text: string) {
  const seen = { visible: false, undated: false }
  Object.assign(window, { textSeen: seen })
  const look = () => {
    for (const element of document.querySelectorAll<HTMLElement>('main p, main li'))
      if (
        element.textContent?.includes(text) &&
        // The innermost element holding the text: a list item whose held part (hidden)
        // holds it is not itself showing it.
        ![...element.children].some((child) => child.textContent?.includes(text)) &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      ) {
        seen.visible = true
        const dated = document
          .querySelector('.fields-status__as-of')
          ?.checkVisibility({ visibilityProperty: true, opacityProperty: true })
        if (!dated) seen.undated = true
      }
    requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

test.describe('pages built from stored content', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })

  let backend: LocalSupabase | undefined
  let site: SiteServer | undefined
  let outDir = ''

  // Playwright requires the object pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'the build is the same for every screen size, so it is built and checked once, in the desktop project',
    )
    // A backend and a whole site build: a hook has the default 30 s, not the group's timeout.
    testInfo.setTimeout(300_000)
    backend = await startLocalSupabase({ projectRoot: root, port: 0, dataDir: null, log: () => {} })
    const staff = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
    if (error) throw error
    await storeContent(staff, 'alerts', [cancelled])
    await storeContent(staff, 'content', {
      ...DEFAULT_CONTENT.content,
      hero: { ...DEFAULT_CONTENT.content.hero, title: 'Opening Day is Saturday <script>' },
    })
    await storeContent(staff, 'fieldsContent', withFirstField('closed', 'Flooded after the storm'))
    outDir = mkdtempSync(join(tmpdir(), 'club-web-stored-'))
    site = await serveSite({ dir: outDir })
    await buildSite({
      compiled: compiledSite(),
      outDir,
      siteUrl: site.url,
      backend: { url: backend.url, anonKey: backend.anonKey },
      quiet: true,
    })
  })

  test.afterAll(async () => {
    await site?.close()
    await backend?.stop()
    if (outDir) rmSync(outDir, { recursive: true, force: true })
  })

  test('should put the stored alert and hero in the HTML itself', async ({ request }) => {
    const html = await (await request.get(`${site?.url}/`)).text()
    expect(html).toContain('All games cancelled today')
    expect(html).toContain('Opening Day is Saturday &lt;script&gt;')
    expect(html).not.toContain(SAMPLE_ALERT)
    expect(html).not.toContain(SAMPLE_HERO)
    // The documents travel with the page for hydration, and stored text cannot end the
    // element that carries them.
    const element =
      /<script type="application\/json" id="content-baseline" data-built-in="([^"]*)" data-versions="([^"]*)">(.*?)<\/script>/s.exec(
        html,
      )
    const baseline = element?.[3]
    expect(baseline).toBeDefined()
    // The documents nothing was stored for are named, so the browser need not load its own.
    const builtIn = (element?.[1] ?? '').split(' ')
    expect(builtIn).toContain('quickLinks')
    expect(builtIn).not.toContain('content')
    expect(builtIn).not.toContain('alerts')
    // The stored ones carry their version: a read answering it needs no schemas in the browser.
    const versions = (element?.[2] ?? '').split(' ')
    expect(versions).toContainEqual(expect.stringMatching(/^content:\d+$/))
    expect(versions).toContainEqual(expect.stringMatching(/^alerts:\d+$/))
    expect(versions.some((pair) => pair.startsWith('quickLinks:'))).toBe(false)
    expect(baseline).not.toContain('<')
    expect(JSON.parse(baseline ?? '{}').content.hero.title).toBe('Opening Day is Saturday <script>')
  })

  test('should publish the schedule of each team as a calendar file', async ({ request }) => {
    const response = await request.get(`${site?.url}/calendars/big-train-12u.ics`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/calendar')
    const text = await response.text()
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(text).toContain(`URL:${site?.url}/team/big-train-12u`)
    expect(text.match(/BEGIN:VEVENT/g)?.length ?? 0).toBe(
      DEFAULT_CONTENT.teams['big-train-12u']?.schedule?.length ?? -1,
    )
  })

  test('should never show the sample alert or hero, and hydrate without a mismatch', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.addInitScript(
      ([alert, hero]) => {
        const seen: string[] = []
        Object.assign(window, { samplesSeen: seen })
        const look = () => {
          const text = document.body?.innerText ?? ''
          if (text.includes(alert as string)) seen.push('alert')
          if (text.includes(hero as string)) seen.push('hero')
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      },
      [SAMPLE_ALERT, SAMPLE_HERO],
    )
    const contentReads: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/rest/v1/website_content')) contentReads.push(response.url())
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${site?.url}/`)
    await expect(page.getByText('All games cancelled today').first()).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Opening Day is Saturday <script>',
    )
    // Past the vital read and the background read.
    await expect.poll(() => contentReads.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    // What is stored of home's documents is what its HTML was built from (same versions), and
    // the header's programs' registrations are in it too (built-in here: this suite stores no
    // programs), so nothing is parsed again during start-up: the schemas (zod) and the sample
    // content, if anything needs them at all, load only once the page is interactive. The
    // witness that the background read has been taken in is the header's rules of
    // registration, which load once that read has answered. (Every page's HTML carries the
    // stored field status too, whose decision times the status line names.)
    const timing = () =>
      page.evaluate(() => ({
        interactive: performance.getEntriesByName('club:page-interactive')[0]?.startTime ?? -1,
        chunks: performance
          .getEntriesByType('resource')
          .map((entry) => ({
            kind: /\/assets\/(parse-document|default-content|registration)-/.exec(entry.name)?.[1],
            at: entry.startTime,
          }))
          .filter((entry) => entry.kind),
      }))
    await expect
      .poll(async () => (await timing()).chunks.map((entry) => entry.kind), { timeout: 20_000 })
      .toContain('registration')
    const { interactive, chunks } = await timing()
    expect(interactive).toBeGreaterThan(0)
    for (const { at } of chunks) expect(at).toBeGreaterThanOrEqual(interactive)
    expect(
      await page.evaluate(() => (window as unknown as { samplesSeen: string[] }).samplesSeen),
    ).toEqual([])
    expect(errors.filter((message) => /hydrat|#418|#423|#425/i.test(message))).toEqual([])
  })

  test('should never show an alert older than what is stored now', async ({ page }) => {
    // Stored after the build: the HTML still names the old alert.
    const staff = createClient(backend?.url ?? '', backend?.anonKey ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    await staff.auth.signInWithPassword(SEEDED_STAFF)
    await storeContent(staff, 'alerts', [
      { ...cancelled, id: 'alert-games-on', title: 'Fields reopened: games on at 5 PM' },
    ])
    await page.addInitScript(() => {
      const seen = new Set<string>()
      Object.assign(window, { visibleAlerts: seen })
      // An alert counts as shown as current when it is visible without the notice that what
      // shows may be out of date. On a loaded machine the read can outlast its deadline: the
      // page as built then shows, flagged stale, until the read answers (stale-notice tests).
      // The stored alert keeps the built one's id, so what is recorded is which of the two
      // texts showed.
      const look = () => {
        const flagged = document.querySelector('.alerts-bar__stale')?.checkVisibility() ?? false
        for (const element of document.querySelectorAll<HTMLElement>('[data-alert-id]'))
          if (element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
            const which = element.textContent.includes('Fields reopened') ? 'stored' : 'built'
            seen.add(
              `${element.dataset.alertId ?? ''} as ${which}${flagged ? ' (flagged stale)' : ''}`,
            )
          }
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${site?.url}/`)
    await expect(page.getByText('Fields reopened: games on at 5 PM').first()).toBeVisible({
      timeout: 20_000,
    })
    const shown = () =>
      page.evaluate(() => [...(window as unknown as { visibleAlerts: Set<string> }).visibleAlerts])
    // The watcher looks once a frame: the text can be visible to the locator a frame before it
    // has looked.
    await expect.poll(shown).toContain('alert-games-on as stored')
    const seen = await shown()
    if (seen.some((alert) => alert.endsWith('(flagged stale)')))
      console.log(`[stored-first] the read outlasted its deadline; shown: ${seen.join(', ')}`)
    expect(seen.filter((alert) => !alert.endsWith('(flagged stale)'))).toEqual([
      'alert-games-on as stored',
    ])
  })

  test('should show a field status older than what is stored only dated as built, then the stored one', async ({
    page,
  }) => {
    const staff = createClient(backend?.url ?? '', backend?.anonKey ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    await staff.auth.signInWithPassword(SEEDED_STAFF)
    await storeContent(staff, 'fieldsContent', withFirstField('open', 'Dry again, games on'))
    await page.addInitScript(recordVisibility, 'Flooded after the storm')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // The served HTML still has the old status, shown at once as the page's own, dated "as of"
    // its build, until the read answers (read from the response itself: by the time the page
    // has loaded, the read may have answered).
    const html = await (await page.request.get(`${site?.url}/fields`)).text()
    expect(html).toContain('Flooded after the storm')
    expect(html).toMatch(/Field status as of <time[^>]*>\d{1,2}:\d{2} [AP]M<\/time>/)
    await page.goto(`${site?.url}/fields`)
    await expect(page.getByText('Dry again, games on', { exact: true })).toBeVisible({
      timeout: 20_000,
    })
    const seen = await page.evaluate(
      () => (window as unknown as { textSeen: { visible: boolean; undated: boolean } }).textSeen,
    )
    // Never shown as current: whenever the old status showed, the note dating it did too.
    expect(seen.undated).toBe(false)
    await expect(page.getByText('Flooded after the storm')).toHaveCount(0)
  })

  test('should keep the prerendered page in place when newer content arrives before its code', async ({
    page,
  }) => {
    // Stored after the build: the footer the HTML shows is out of date. The page's own code
    // is held back until the read has answered, so that the newer content arrives while the
    // page is still the prerendered HTML, as on a slow phone.
    const staff = createClient(backend?.url ?? '', backend?.anonKey ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    await staff.auth.signInWithPassword(SEEDED_STAFF)
    const home = await readContent(staff, 'content')
    const instagram = 'https://www.instagram.com/club-e2e-newer'
    await storeContent(staff, 'content', {
      ...home,
      footer: { socialLinks: { ...home.footer.socialLinks, instagram } },
    })
    let read = false
    page.on('response', (response) => {
      if (response.url().includes('/rest/v1/website_content')) read = true
    })
    await page.route('**/assets/program.route-*.js', async (route) => {
      await expect.poll(() => read, { timeout: 15_000 }).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await page.addInitScript(() => {
      const marks = { loaderShown: false, tagged: null as Element | null }
      Object.assign(window, { startMarks: marks })
      new MutationObserver(() => {
        marks.tagged ??= document.querySelector('.program-hero a')
        if (document.querySelector('main .club-loader')) marks.loaderShown = true
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${site?.url}/programs/select`)
    await expect(page.locator(`footer a[href="${instagram}"]`)).toBeAttached({ timeout: 20_000 })
    const link = page.locator('.program-hero a').first()
    await expect
      .poll(
        () =>
          link.evaluate((element) =>
            Object.keys(element).some((k) => k.startsWith('__reactProps')),
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(true)
    const marks = await page.evaluate(() => {
      const { loaderShown, tagged } = (
        window as unknown as { startMarks: { loaderShown: boolean; tagged: Element | null } }
      ).startMarks
      return { loaderShown, sameLink: Boolean(tagged?.isConnected) }
    })
    // Hydrated in place: never swapped for the loading screen and rendered again.
    expect(marks).toEqual({ loaderShown: false, sameLink: true })
  })
})

test('should report a dead backend within 3 s, and keep the page', async ({ page, backend }) => {
  // Timed in the page's own clock, from its first request to the backend to the notice:
  // what the app controls, whatever else the machine is doing.
  await page.addInitScript((backendUrl) => {
    const marks: { firstRead?: number; notice?: number } = {}
    Object.assign(window, { deadBackendMarks: marks })
    const original = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.startsWith(backendUrl)) marks.firstRead ??= performance.now()
      return original(input, init)
    }
    new MutationObserver(() => {
      if (document.querySelector('.club-notice__description')) marks.notice ??= performance.now()
    }).observe(document, { childList: true, subtree: true })
  }, backend.url)
  await page.route(`${backend.url}/**`, (route) => route.abort('connectionrefused'))
  await page.goto('/')
  await expect(page.locator('.club-notice__description')).toContainText(
    'Could not load vital content.',
    { timeout: 20_000 },
  )
  const marks = await page.evaluate(
    () =>
      (window as unknown as { deadBackendMarks: { firstRead: number; notice: number } })
        .deadBackendMarks,
  )
  console.log(
    `dead backend: first read at ${Math.round(marks.firstRead)} ms, notice at ${Math.round(marks.notice)} ms after navigation`,
  )
  expect(marks.notice - marks.firstRead).toBeLessThan(3_000)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
