import { readFile } from 'node:fs/promises'

import type { Locator, Page } from '@playwright/test'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import type { ProgramSlug, ScheduleEntry, Team, Teams } from '@club/core/entities'
import { isPlaceholderLink, PROGRAM_SLUGS } from '@club/core/entities'

import { readIcs } from '../fixtures/ics.ts'
import { describeSharedContent, expect, PHONE_TAG, storeContent, test } from '../fixtures/test.ts'

// What families come for: registration, schedules and calendar files, the home page's news and
// events, sponsors and giving. Against the production build and the real local backend.

const programs = DEFAULT_CONTENT.programsContent
const interestLink = (slug: string) => `/contact?program=${slug}#registration-interest`

/** The club's date (America/New_York) `days` from now, `YYYY-MM-DD`. */
function clubDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/New_York',
  })
}

/**
 * An entry whose text needs iCalendar escaping, stored on one team for the calendar test;
 * tomorrow, so that it is the first upcoming entry on the team page.
 */
const ESCAPED: ScheduleEntry = {
  id: 'e2e-escaped',
  kind: 'game',
  date: clubDate(1),
  time: '6:30 PM',
  durationMinutes: 90,
  opponent: 'Owls, Hawks; and Foxes',
  homeAway: 'home',
  fieldId: 'hollow-oak',
  location: '',
  status: 'scheduled',
  note: 'Bring water, sunscreen; arrive early',
}
const ESCAPED_TEAM = 'select-14u'

/** Waits until React has hydrated `locator`'s element (its event handlers are attached). */
async function hydrated(locator: Locator) {
  await expect
    .poll(
      () =>
        locator.evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps')),
        ),
      // Hydration waits for the page's code, which a busy machine may take a while to load.
      { timeout: 20_000 },
    )
    .toBe(true)
}

/**
 * The state a program's Register action must be in. The sample's links are placeholders
 * (reserved example domain): "coming soon" with a way to ask, never a working button.
 */
function expectedRegistration(slug: ProgramSlug): {
  link?: string
  opensText?: string
  soon?: true
} {
  const registration = programs[slug].registration
  if (registration?.link && isPlaceholderLink(registration.link)) return { soon: true }
  return registration?.link ? { link: registration.link } : { opensText: registration?.opensText }
}

async function expectRegisterAction(scope: Locator, slug: ProgramSlug, name: RegExp) {
  const expected = expectedRegistration(slug)
  if (expected.soon) {
    await expect(scope.getByRole('link', { name })).toHaveCount(0)
    await expect(scope.getByText('Registration link coming soon').first()).toBeVisible()
    await expect(scope.getByRole('link', { name: /^Contact the club/ }).first()).toHaveAttribute(
      'href',
      interestLink(slug),
    )
  } else if (expected.link) {
    const register = scope.getByRole('link', { name })
    await expect(register).toHaveAttribute('href', expected.link)
    await expect(register).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(register).toHaveAccessibleName(/\(opens another site\)$/)
  } else {
    await expect(scope.getByRole('link', { name })).toHaveCount(0)
    await expect(scope.getByText(`Registration opens ${expected.opensText}`)).toBeVisible()
    await expect(scope.getByRole('link', { name: /^Tell me when it opens/ })).toHaveAttribute(
      'href',
      interestLink(slug),
    )
  }
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

describeSharedContent('registration', () => {
  // Reads the programs' pages as the sample content has them: staff tests that edit programs
  // hold the same lock (tests/fixtures/test.ts).

  test('should send every program card’s Register action to its program’s registration', async ({
    page,
  }) => {
    await page.goto('/programs')
    const cards = page.locator('.program-cards > li')
    await expect(cards).toHaveCount(DEFAULT_CONTENT.programCards.length)
    for (const card of DEFAULT_CONTENT.programCards) {
      const slug = card.id as ProgramSlug
      const item = cards.filter({ has: page.getByRole('heading', { name: card.name }) })
      await expectRegisterAction(item, slug, new RegExp(`^Register for ${card.name}`))
    }
    // No Register action anywhere on the page goes to the contact page.
    for (const register of await page.getByRole('link', { name: /^Register/ }).all()) {
      await expect(register).not.toHaveAttribute('href', /^\/contact/)
    }
  })

  test('should show the program name as text on logo-only cards', async ({ page }) => {
    await page.goto('/programs')
    const logoCards = DEFAULT_CONTENT.programCards.filter((card) => card.displayType === 'logo')
    expect(logoCards.map((card) => card.id)).toEqual([
      'flash-softball',
      'big-train',
      'dmv-prospects',
    ])
    for (const card of logoCards) {
      const heading = page.locator('.program-card__title', { hasText: card.name })
      await expect(heading.locator('img')).toBeVisible()
      await expect(heading.getByText(card.name, { exact: true })).toBeVisible()
    }
  })

  test('should land the Registration quick link on every program’s registration', async ({
    page,
  }) => {
    await page.goto('/')
    const quick = page.getByRole('link', { name: /^Registration/ })
    await expect(quick).toHaveAttribute('href', '/programs#registration')
    await hydrated(quick)
    await quick.click()
    await expect(page).toHaveURL(/\/programs#registration$/)
    const list = page.locator('#registration')
    await expect(list).toBeInViewport()
    for (const slug of PROGRAM_SLUGS) {
      const item = list
        .locator('li')
        .filter({ has: page.getByRole('heading', { name: programs[slug].name, exact: true }) })
      await expectRegisterAction(item, slug, new RegExp(`^Register for ${programs[slug].name}`))
    }
  })

  for (const slug of PROGRAM_SLUGS) {
    test(`should put ${slug}’s Register action in the first screen of its page @phone`, async ({
      page,
    }) => {
      await page.goto(`/programs/${slug}`)
      const hero = page.locator('.program-hero')
      const name = programs[slug].tryouts ? /^Register for tryouts/ : /^Register for/
      await expectRegisterAction(hero, slug, name)
      const expected = expectedRegistration(slug)
      const action = expected.soon
        ? hero.getByRole('link', { name: /^Contact the club/ })
        : expected.link
          ? hero.getByRole('link', { name })
          : hero.getByRole('link', { name: /^Tell me when it opens/ })
      const box = await action.boundingBox()
      const viewport = page.viewportSize()
      expect(box && viewport && box.y + box.height).toBeLessThanOrEqual(viewport?.height ?? 0)
      if (programs[slug].tryouts) {
        await expectRegisterAction(page.locator('#tryouts'), slug, /^Register for tryouts/)
      }
    })
  }

  test('should take “Tell me when it opens” to the interest form for that program', async ({
    page,
  }) => {
    await page.goto('/programs/select')
    const tell = page.locator('.program-hero').getByRole('link', { name: /^Tell me when it opens/ })
    await hydrated(tell)
    await tell.click()
    await expect(page).toHaveURL(/\/contact\?program=select#registration-interest$/)
    await expect(page.locator('#registration-interest')).toBeAttached()
  })

  test('should send event Register actions to each event’s own link', async ({ page }) => {
    await page.goto('/camps-events')
    for (const clinic of DEFAULT_CONTENT.clinics) {
      const register = page.getByRole('link', { name: new RegExp(`^Register for ${clinic.title}`) })
      if (clinic.registrationLink && isPlaceholderLink(clinic.registrationLink)) {
        await expect(register).toHaveCount(0)
        const card = page.locator('.event-card').filter({ hasText: clinic.title })
        await expect(card.getByText('Registration link coming soon')).toBeVisible()
      } else if (clinic.registrationLink) {
        await expect(register).toHaveAttribute('href', clinic.registrationLink)
        await expect(register).toHaveAccessibleName(/\(opens another site\)$/)
      } else {
        await expect(register).toHaveCount(0)
      }
    }
    const camp = DEFAULT_CONTENT.clinics.find((clinic) => clinic.registrationOpensText)
    expect(camp).toBeDefined()
    await expect(page.getByText(`Registration opens ${camp?.registrationOpensText}`)).toBeVisible()
  })
})

describeSharedContent('schedules', () => {
  // Stored in the worker's own backend (the `stack` fixture): no other test can replace
  // these midway.
  test.beforeEach(async ({ backend }) => {
    const teams = structuredClone(DEFAULT_CONTENT.teams) as Teams
    const team = teams[ESCAPED_TEAM] as Team
    team.schedule = [...(team.schedule ?? []), ESCAPED]
    await storeContent(await backend.staff(), 'teams', teams)
  })

  test('should list upcoming games on a team page and link the full schedule', async ({ page }) => {
    await page.goto('/programs/big-train/12u')
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Upcoming Schedule' }),
    })
    const days = section.locator('.schedule-day time')
    await expect(days.first()).toBeVisible()
    const dates = await days.evaluateAll((times) =>
      times.map((time) => time.getAttribute('datetime') ?? ''),
    )
    const today = clubDate()
    expect(dates.length).toBeGreaterThan(0)
    for (const date of dates) expect(date >= today).toBe(true)
    await expect(section.getByRole('link', { name: 'Full season schedule' })).toHaveAttribute(
      'href',
      '/schedule?team=big-train-12u',
    )
  })

  test('should download a team’s calendar file that calendar apps can read', async ({ page }) => {
    await page.goto(`/team/${ESCAPED_TEAM}`)
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Upcoming Schedule' }),
    })
    // The stored schedule (with the entry to escape) replaces the built-in one once it loads.
    await expect(section.getByText(ESCAPED.opponent)).toBeVisible({ timeout: 15_000 })
    const link = section.getByRole('link', { name: /^Add to calendar/ })
    await expect(link).toHaveAttribute('href', `/calendars/${ESCAPED_TEAM}.ics`)
    await hydrated(link)
    // Made in the browser from the schedule on screen (the stored one, newer than the build).
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe(`${ESCAPED_TEAM}.ics`)
    const text = await readFile((await download.path()) ?? '', 'utf8')
    const calendar = readIcs(text)
    const schedule = DEFAULT_CONTENT.teams[ESCAPED_TEAM]?.schedule ?? []
    expect(calendar.events).toHaveLength(schedule.length + 1)
    expect(calendar.timezones).toEqual(['America/New_York'])
    const escaped = calendar.events.find((event) => event.text.UID?.includes(ESCAPED.id))
    const day = ESCAPED.date.replace(/-/g, '')
    expect(escaped?.raw.DTSTART).toBe(`DTSTART;TZID=America/New_York:${day}T183000`)
    expect(escaped?.raw.DTEND).toBe(`DTEND;TZID=America/New_York:${day}T200000`)
    expect(escaped?.raw.SUMMARY).toBe('SUMMARY:Select 14U vs Owls\\, Hawks\\; and Foxes')
    expect(escaped?.text.SUMMARY).toBe('Select 14U vs Owls, Hawks; and Foxes')
    expect(escaped?.text.LOCATION).toBe(
      'Hollow Oak Park, 1200 Hollow Oak Drive, Rockville, MD 20850',
    )
    expect(escaped?.text.DESCRIPTION).toContain('Bring water, sunscreen; arrive early')
    // Linked to the game's own field on the status page.
    expect(escaped?.text.DESCRIPTION).toContain('/fields#field-hollow-oak')
    for (const event of calendar.events) {
      expect(event.text.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/)
      expect(event.raw.DTSTART).toMatch(
        /^DTSTART(;TZID=America\/New_York:\d{8}T\d{6}|;VALUE=DATE:\d{8})$/,
      )
    }
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('should download the calendar file the build published', async ({ page }) => {
      await page.goto('/programs/big-train/12u')
      const link = page.getByRole('link', { name: /^Add to calendar/ })
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
      expect(download.suggestedFilename()).toBe('big-train-12u.ics')
      const calendar = readIcs(await readFile((await download.path()) ?? '', 'utf8'))
      const schedule = DEFAULT_CONTENT.teams['big-train-12u']?.schedule ?? []
      expect(calendar.events).toHaveLength(schedule.length)
      expect(calendar.events[0]?.raw.DTSTART).toMatch(
        /^DTSTART;TZID=America\/New_York:\d{8}T\d{6}$/,
      )
    })
  })

  test('should filter the season schedule by program and by team', async ({ page }) => {
    await page.goto('/schedule')
    const season = page.locator('#season-schedule')
    const upcoming = season.locator(':scope .container > .schedule-days')
    await expect(upcoming.locator('.schedule-entry').first()).toBeVisible()
    const program = season.getByLabel('Program')
    await hydrated(program)

    const show = season.getByRole('button', { name: 'Show schedule' })
    await program.selectOption('big-train')
    await show.click()
    await expect(page).toHaveURL(/\/schedule\?program=big-train$/)
    // The list has changed (its count says so) before its entries are judged: the address
    // changes at once, the list when React has rendered the filter.
    await expect(season.locator('.schedule-count')).toHaveText(/ for Big Train\b/)
    const teamNames = upcoming.locator('.schedule-entry__team')
    await expect(teamNames.first()).toBeVisible()
    for (const name of await teamNames.allTextContents()) expect(name).toMatch(/^Big Train/)

    await season.getByLabel('Team').selectOption('big-train-12u')
    await show.click()
    await expect(page).toHaveURL(/\/schedule\?team=big-train-12u$/)
    await expect(season.locator('.schedule-count')).toHaveText(/for Big Train 12U\.$/)
    await expect(upcoming.locator('.schedule-entry__team')).toHaveCount(0)
    await expect(
      season.getByRole('link', { name: /^Add Big Train 12U to your calendar/ }),
    ).toBeVisible()

    // Each field links to its own card on the fields page, and to directions. A game shows its
    // field's status only on its own day (status-day.spec.ts): none on these later games.
    const field = upcoming.locator('.schedule-entry__field').first()
    await expect(field).toHaveAttribute('href', /^\/fields#field-[a-z0-9-]+$/)
    await expect(upcoming.locator('.field-state')).toHaveCount(0)
    await expect(
      upcoming.getByRole('link', { name: /^Directions to .*\(opens another site\)$/ }).first(),
    ).toHaveAttribute('href', /^https:\/\//)
    const anchor = (await field.getAttribute('href'))?.split('#')[1] ?? ''
    await hydrated(field)
    await field.click()
    await expect(page).toHaveURL(new RegExp(`/fields#${anchor}$`))
    await expect(page.locator(`#${anchor}`)).toBeInViewport()
  })

  test('should let the keyboard alone reach the Team filter and choose Flash 12U', async ({
    page,
  }) => {
    await page.goto('/schedule')
    const season = page.locator('#season-schedule')
    const team = season.getByLabel('Team')
    const program = season.getByLabel('Program')
    await hydrated(team)
    // Tab from the top of the page to the Team list.
    for (let step = 0; step < 120; step++) {
      if (await team.evaluate((element) => element === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await expect(team).toBeFocused()
    const options = await team.locator('option').allTextContents()
    // A closed select takes the next option with each arrow key: every team is on the way, and
    // neither the list nor the Program filter changes under the keyboard meanwhile.
    for (let step = 0; step < options.length; step++) {
      if ((await team.inputValue()) === 'flash-12u') break
      await page.keyboard.press('ArrowDown')
    }
    await expect(team).toHaveValue('flash-12u')
    expect(await team.locator('option').allTextContents()).toEqual(options)
    await expect(program).toHaveValue('')
    await expect(season.locator('.schedule-count')).toHaveText(/ for all teams\.$/)
    // Applied on confirm: Tab to the filter's button, Enter.
    await page.keyboard.press('Tab')
    await expect(season.getByRole('button', { name: 'Show schedule' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/schedule\?team=flash-12u$/)
    await expect(season.locator('.schedule-count')).toHaveText(/ for Flash 12U\.$/)
    await expect(team).toHaveValue('flash-12u')
    await expect(program).toHaveValue('flash-softball')
  })

  test('should open the schedule filtered from an address', async ({ page }) => {
    await page.goto('/schedule?team=flash-12u')
    const season = page.locator('#season-schedule')
    await expect(season.getByLabel('Team')).toHaveValue('flash-12u')
    await expect(season.getByLabel('Program')).toHaveValue('flash-softball')
    await expect(season.locator('.schedule-count')).toHaveText(/for Flash 12U\.$/)
    // The sample's postponed game: among the upcoming entries until its day has passed, then
    // under "Earlier this season".
    const postponed = DEFAULT_CONTENT.teams['flash-12u']?.schedule?.find(
      (entry) => entry.status === 'postponed',
    )
    expect(postponed).toBeDefined()
    if ((postponed?.date ?? '') < clubDate()) await season.getByText(/^Earlier this season/).click()
    await expect(season.getByText('Postponed').first()).toBeVisible()
  })
})

test.describe('home, sponsors and giving', () => {
  test('should show the latest news and the upcoming events on the home page', async ({ page }) => {
    await page.goto('/')
    const news = page.locator('.home-news')
    const stories = DEFAULT_CONTENT.newsPosts
      .filter((post) => post.showInCarousel)
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 3)
    await expect(news.getByRole('link')).toHaveText(
      stories.map((post) => post.cardTitle || post.title),
    )
    const events = page.locator('.home-events')
    const links = events.getByRole('link')
    await expect(links.first()).toBeVisible()
    const today = clubDate()
    const upcoming = DEFAULT_CONTENT.clinics
      .filter((clinic) => clinic.endDate >= today)
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .slice(0, 3)
    await expect(links).toHaveText(upcoming.map((clinic) => clinic.title))
    await expect(
      page.getByRole('heading', { level: 2, name: DEFAULT_CONTENT.content.homeOf.title }),
    ).toBeVisible()
  })

  test('should show the current sponsors, their sample sites as names only, then the levels', async ({
    page,
  }) => {
    await page.goto('/sponsors')
    const current = page.getByRole('region', { name: 'Our sponsors' })
    const sponsors = DEFAULT_CONTENT.content.support.sponsors ?? []
    expect(sponsors.length).toBeGreaterThan(0)
    for (const sponsor of sponsors) {
      // The sample sponsors' sites are placeholders (reserved example domain): no link.
      expect(isPlaceholderLink(sponsor.link)).toBe(true)
      await expect(current.getByText(sponsor.name, { exact: true })).toBeVisible()
    }
    await expect(current.getByRole('link')).toHaveCount(0)
    await expect(current.locator('img').first()).toBeVisible()
    // No level card sits alone on its row.
    const levels = page.locator('.sponsors-levels > li')
    const tops = await levels.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    )
    const perRow = new Map<number, number>()
    for (const top of tops) perRow.set(top, (perRow.get(top) ?? 0) + 1)
    const width = page.viewportSize()?.width ?? 0
    if (width >= 640) expect([...perRow.values()].slice(1).every((count) => count > 1)).toBe(true)
  })

  test('should not present the sample’s placeholder giving link as working', async ({ page }) => {
    const donation = DEFAULT_CONTENT.content.support.donationLink ?? ''
    expect(isPlaceholderLink(donation)).toBe(true)
    await page.goto('/donate')
    const hero = page.locator('.page-hero')
    // A clear way to give now (the sample sets no mailing address: by asking the club), and no
    // word of giving online, not even "coming soon".
    await expect(hero.getByRole('link', { name: 'Contact us to give' })).toHaveAttribute(
      'href',
      '/contact',
    )
    await expect(page.getByRole('main')).not.toContainText(/give online|online giving/i)
    await expect(page.getByRole('link', { name: /^Give online/ })).toHaveCount(0)
    await expect(page.locator(`a[href="${donation}"]`)).toHaveCount(0)
  })
})

test.describe('hydration', { tag: PHONE_TAG }, () => {
  for (const path of ['/', '/schedule?team=flash-12u', '/programs/big-train/12u', '/sponsors']) {
    test(`should hydrate ${path} without a mismatch`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      // The page's two content reads (the vital keys, then the background ones), answered.
      let answered = 0
      page.on('requestfinished', (request) => {
        if (request.url().includes('/rest/v1/website_content')) answered += 1
      })
      await page.goto(path)
      await hydrated(page.locator('#main a').first())
      await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
        timeout: 20_000,
      })
      // Past the background read, when stored content and the clock have taken over: both
      // reads answered, and the page has drawn a frame after them.
      await expect.poll(() => answered, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      expect(errors.filter((message) => /hydrat|#418|#423|#425/i.test(message))).toEqual([])
    })
  }
})

test.describe('screenshots', () => {
  const PAGES = [
    ['home', '/'],
    ['schedule', '/schedule'],
    ['sponsors', '/sponsors'],
    ['programs', '/programs'],
    ['program', '/programs/big-train'],
    ['team', '/programs/big-train/12u'],
  ] as const

  for (const [name, path] of PAGES) {
    test(`should lay out ${path} without overflow at 390 and 1280 px`, async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'Both widths are taken in the desktop project.')
      // Two loads and two full-page captures of long pages.
      test.setTimeout(90_000)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await expect(page.getByRole('contentinfo')).toBeVisible()
        await noHorizontalOverflow(page)
        await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true })
      }
    })
  }
})
