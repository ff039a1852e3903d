import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { paths } from '@club/core/routes'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'

import { openAsStaff, signIn } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'
import { compiledSite } from '../support/compiled-site.ts'

// Every page the club publishes is a real page (issue 18 §2): staff add a news post and a team
// in the admin screens (a camp through supabase-js as staff: it has no screen of its own),
// rename the post's address and delete a sample post; then the site is rebuilt into a
// directory of its own against the same backend and served. Each new address answers 200
// with its own title and Open Graph title in the HTML, before any script runs (fetched
// without a browser); the deleted post answers 404; the sitemap, the feed and the link
// picker list exactly what is stored.

/** Words no other test writes, so what the build shows can only come from this run. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}`

/** The value of `<meta property|name="…" content="…">` in the HTML. */
function meta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))
  return tag?.[1]?.replace(/&amp;/g, '&')
}

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&')

/** The JSON-LD of the page's head. */
function structuredData(html: string): Record<string, unknown> {
  const script = html.match(
    /<script type="application\/ld\+json" id="structured-data">(.*?)<\/script>/s,
  )
  return JSON.parse(script?.[1] ?? '{}') as Record<string, unknown>
}

/** The site paths of the link picker's choices (the News editor's "Page on this site"). */
async function linkPickerPaths(page: Page): Promise<string[]> {
  await openAsStaff(page, '/admin/news/new')
  await page.getByLabel('New block').selectOption({ label: 'Button' })
  await page.getByRole('button', { name: 'Add block' }).click()
  const select = page.getByLabel('Page on this site')
  await expect(select).toBeVisible()
  return (
    await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  ).filter(Boolean)
}

const below = (prefix: string, all: readonly string[]) =>
  all.filter((path) => path.startsWith(`${prefix}/`)).sort()

test('should lead /admin to the admin home', async ({ page }) => {
  test.setTimeout(60_000)
  await signIn(page, undefined, '/admin')
  await expect(page).toHaveURL(/\/admin\/home$/)
})

describeSharedContent('pages from what is stored', () => {
  // It prerenders the site twice (about 15 s on a quiet two-core machine): twice the default.
  test.describe.configure({ timeout: 60_000 })

  test('should publish every stored post, camp and team as its own page, and nothing deleted', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'clinics', 'teams'], async (before) => {
      // A post, published in the News editor, then given another address.
      const postTitle = unique('Fall Ball Signups')
      await openAsStaff(page, '/admin/news')
      await page.getByRole('link', { name: 'New post' }).click()
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(postTitle)
      await page.getByRole('textbox', { name: 'Card summary' }).fill('Fall ball signups are open.')
      const firstSlug = await page.getByRole('textbox', { name: 'Address' }).inputValue()
      await page.getByRole('button', { name: 'Publish post' }).click()
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/, { timeout: 15_000 })
      // Published once "Save post" shows: the address changes while the post is still a draft,
      // and a save before then would store it as one.
      await expect(page.getByRole('button', { name: 'Save post' })).toBeVisible({
        timeout: 15_000,
      })
      const slug = `${firstSlug}-moved`
      await page.getByRole('textbox', { name: 'Address' }).fill(slug)
      await page.getByRole('button', { name: 'Save post' }).click()
      await expect
        .poll(
          async () => (await readContent(backend.anon, 'newsPosts')).find((p) => p.slug === slug),
          {
            timeout: 15_000,
          },
        )
        .toMatchObject({ title: postTitle, previousSlugs: [firstSlug] })

      // A sample post deleted in the News editor (not one other suites open).
      const doomed = before.newsPosts.at(-1)!
      await page.goto('/admin/news')
      await page.getByRole('button', { name: `Delete ${doomed.title}` }).click()
      await page
        .getByRole('dialog', { name: `Delete “${doomed.title}”?` })
        .getByRole('button', { name: 'Delete post' })
        .click()
      await expect
        .poll(
          async () =>
            (await readContent(backend.anon, 'newsPosts')).some((p) => p.id === doomed.id),
          {
            timeout: 15_000,
          },
        )
        .toBe(false)

      // A team, added in the Rosters & staff editor.
      const teamName = unique('Select 11U')
      await page.goto('/admin/rosters-staff')
      await page.getByLabel(/^New team name/).fill(teamName)
      await page.getByLabel('Program of the new team').selectOption('select')
      await page.getByRole('button', { name: 'Add team' }).click()
      await page.getByRole('button', { name: 'Save changes' }).first().click()
      await expect
        .poll(
          async () =>
            Object.values(await readContent(await backend.staff(), 'teams')).find(
              (t) => t.name === teamName,
            )?.id,
          {
            timeout: 15_000,
          },
        )
        .toBeTruthy()
      const teams = await readContent(await backend.staff(), 'teams')
      const team = Object.values(teams).find((candidate) => candidate.name === teamName)!

      // A camp, stored as staff.
      const campTitle = unique('Fall Fielding Camp')
      const camp = {
        ...DEFAULT_CONTENT.clinics[0]!,
        id: `clinic-${Date.now().toString(36)}`,
        slug: campTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        title: campTitle,
        startDate: '2027-10-04',
        endDate: '2027-10-06',
        location: { name: 'Briar Meadow Park', address: '100 Meadow Lane' },
      }
      await storeContent(await backend.staff(), 'clinics', [...before.clinics, camp])

      const stored = {
        newsPosts: await readContent(backend.anon, 'newsPosts'),
        clinics: await readContent(backend.anon, 'clinics'),
      }
      const storedPosts = stored.newsPosts.map((post) => paths.newsPost(post.slug)).sort()
      const storedEvents = stored.clinics.map((clinic) => paths.event(clinic.slug)).sort()

      // The link picker offers exactly the stored posts and events, and the new team.
      const picker = await linkPickerPaths(page)
      expect(below(paths.news(), picker)).toEqual(storedPosts)
      expect(below(paths.events(), picker)).toEqual(storedEvents)
      expect(picker).toContain(paths.team(team.id))

      // The site rebuilt against the same backend, served as production serves it.
      const outDir = mkdtempSync(join(tmpdir(), 'club-web-stored-pages-'))
      const site = await serveSite({ dir: outDir })
      try {
        await buildSite({
          compiled: compiledSite(),
          outDir,
          siteUrl: site.url,
          backend: { url: backend.url, anonKey: backend.anonKey },
          quiet: true,
        })
        const get = async (path: string) => {
          const response = await fetch(`${site.url}${path}`)
          return { status: response.status, text: await response.text() }
        }

        const post = await get(paths.newsPost(slug))
        expect(post.status).toBe(200)
        expect(titleOf(post.text)).toContain(postTitle)
        expect(meta(post.text, 'og:title')).toContain(postTitle)
        expect(meta(post.text, 'og:type')).toBe('article')
        expect(post.text).toContain(
          `<link rel="canonical" href="${site.url}${paths.newsPost(slug)}"`,
        )
        expect(structuredData(post.text)).toMatchObject({
          '@type': 'NewsArticle',
          headline: postTitle,
        })
        expect(post.text).toMatch(
          /<link rel="alternate" type="application\/rss\+xml"[^>]*feed\.xml"/,
        )

        // The post's first address leads to where it is now.
        const moved = await get(paths.newsPost(firstSlug))
        expect(moved.status).toBe(200)
        expect(moved.text).toContain(
          `<meta http-equiv="refresh" content="0;url=${paths.newsPost(slug)}"`,
        )
        expect(readFileSync(join(outDir, '_redirects'), 'utf8')).toContain(
          `${paths.newsPost(firstSlug)}  ${paths.newsPost(slug)}  301`,
        )

        const event = await get(paths.event(camp.slug))
        expect(event.status).toBe(200)
        expect(titleOf(event.text)).toContain(campTitle)
        expect(meta(event.text, 'og:title')).toContain(campTitle)
        expect(structuredData(event.text)).toMatchObject({
          '@type': 'Event',
          startDate: '2027-10-04',
          endDate: '2027-10-06',
          location: { '@type': 'Place', name: 'Briar Meadow Park' },
        })

        const teamPage = await get(paths.team(team.id))
        expect(teamPage.status).toBe(200)
        expect(titleOf(teamPage.text)).toContain(teamName)
        expect(meta(teamPage.text, 'og:title')).toContain(teamName)
        expect(structuredData(teamPage.text)).toMatchObject({
          '@type': 'SportsTeam',
          name: teamName,
        })

        // The deleted post has no page.
        const gone = await get(paths.newsPost(doomed.slug))
        expect(gone.status).toBe(404)
        expect(titleOf(gone.text)).toMatch(/not found/i)

        // The sitemap and the feed list exactly what is stored.
        const sitemap = [...(await get('/sitemap.xml')).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
          ([, loc]) => new URL(loc ?? '').pathname,
        )
        expect(below(paths.news(), sitemap)).toEqual(storedPosts)
        expect(below(paths.events(), sitemap)).toEqual(storedEvents)
        expect(sitemap).toContain(paths.team(team.id))
        const feed = await get(paths.newsFeed())
        expect(feed.status).toBe(200)
        const items = [...feed.text.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(
          ([, link]) => new URL(link ?? '').pathname,
        )
        expect(items.sort()).toEqual(storedPosts)

        // The camps and events calendar carries the new camp.
        const calendar = await get(paths.eventsCalendar())
        expect(calendar.status).toBe(200)
        expect(calendar.text.replace(/\r\n[ \t]/g, '')).toContain(`UID:${camp.id}@`)
      } finally {
        await site.close()
        rmSync(outDir, { recursive: true, force: true })
      }
    })
  })
})
