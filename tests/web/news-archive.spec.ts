import type { Page } from '@playwright/test'

import { expect, test as base } from '../fixtures/test.ts'
import { compiledSite } from '../support/compiled-site.ts'
import {
  ARCHIVE_OLD_SLUG,
  archivePost,
  inCarousel,
  newsArchiveSql,
} from '../support/news-archive-seed.ts'
import { startSiteStack } from '../support/site-stack.ts'
import type { SiteStack } from '../support/site-stack.ts'

// Ten years of news (issue 35 §4): 2,000 published posts stored as rows in a backend of this
// worker's own (seeded in the database: tests/support/news-archive-seed.ts), and the site built
// from them as the production server's build is, with the older articles left to the server
// (BuildOptions.articles `newest`): each is rendered when first asked for. Home shows the
// newest, the news list pages to the oldest, an old post's address answers with its page, and
// what a visitor downloads does not grow with the archive. The figures are printed, not timed.

const POSTS = 2_000
const OLDEST = archivePost(POSTS - 1)
/** The post whose slug changed (it was at ARCHIVE_OLD_SLUG). */
const MOVED = archivePost(POSTS - 2)
/** The news list's page size. */
const PAGE_SIZE = 12
/** Issue 35 §3's targets, in KB of content JSON (uncompressed). */
const TARGET_KB = { home: 60, noNews: 20 }

const test = base.extend<object, { archive: SiteStack }>({
  archive: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = performance.now()
      const stack = await startSiteStack(compiledSite(), {
        seed: newsArchiveSql(POSTS),
        articles: 'newest',
      })
      console.log(
        `[news archive] ${POSTS} posts stored and the site built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  stack: async ({ archive }, use) => {
    await use(archive)
  },
})

const BASELINE = /<script type="application\/json" id="content-baseline"[^>]*>([\s\S]*?)<\/script>/

/** The keys of the documents in a content read's answer, or in a page's baseline. */
function keysIn(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown
    if (Array.isArray(value)) return value.map((row) => String((row as { key?: unknown }).key))
    return Object.keys(value as object)
  } catch {
    return []
  }
}

/**
 * Opens `path` and measures the content JSON it downloads, as the network log has it: the
 * documents in its HTML, then every content read (the documents' and the news archive's)
 * until the page is interactive, both reads at start are answered and the network is quiet.
 */
async function contentDownload(page: Page, path: string) {
  const reads: Promise<{ url: string; body: string }>[] = []
  page.on('response', (response) => {
    const url = response.url()
    if (!url.includes('/rest/v1/website_content') && !url.includes('/rest/v1/rpc/news_')) return
    reads.push(
      response.text().then(
        (body) => ({ url, body }),
        () => ({ url, body: '' }),
      ),
    )
  })
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  const baseline = BASELINE.exec((await response?.text()) ?? '')?.[1] ?? ''
  await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
    timeout: 20_000,
  })
  await expect.poll(() => reads.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  await page.waitForLoadState('networkidle')
  const answers = await Promise.all(reads)
  const bytes =
    Buffer.byteLength(baseline) +
    answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.body), 0)
  const keys = [...keysIn(baseline), ...answers.flatMap((answer) => keysIn(answer.body))]
  const kb = bytes / 1024
  console.log(
    `[news archive] ${path}: ${kb.toFixed(1)} KB of content JSON (${(Buffer.byteLength(baseline) / 1024).toFixed(1)} KB in its HTML, ${answers.length} reads)`,
  )
  return { kb, keys, text: [baseline, ...answers.map((answer) => answer.body)].join('\n') }
}

test.describe('ten years of news', () => {
  // One stack for the file: its tests share the seeded backend, one after another.
  test.describe.configure({ mode: 'default', timeout: 60_000 })

  test('should show the newest posts on home, within 60 KB of content JSON', async ({ page }) => {
    const home = await contentDownload(page, '/')
    const newest = [0, 1, 2].map((n) => archivePost(n).title)
    await expect(page.locator('.home-news').getByRole('heading', { level: 3 })).toHaveText(newest)
    expect(home.kb).toBeLessThanOrEqual(TARGET_KB.home)
    // No post's body: the newest cards only.
    expect(home.keys.filter((key) => key.startsWith('news/'))).toEqual([])
    expect(home.text).not.toContain(OLDEST.title)
  })

  test('should page the news list to the oldest post, and open it', async ({ page }) => {
    const pages = Math.ceil(POSTS / PAGE_SIZE)
    // The list's section, named by its heading ("All news", "News from 2015").
    const list = page.locator('section[aria-labelledby="news-all"]')
    const card = (n: number) =>
      list.getByRole('heading', { level: 3, name: archivePost(n).title, exact: true })
    await page.goto('/news-and-updates')
    await expect(list.getByText(`Page 1 of ${pages}`)).toBeVisible({ timeout: 15_000 })
    await expect(card(0)).toBeVisible()
    await list.getByRole('link', { name: 'Older news →' }).click()
    await expect(list.getByText(`Page 2 of ${pages}`)).toBeVisible()
    await expect(card(PAGE_SIZE)).toBeVisible()

    // The last page (each page is an address of its own), and back one.
    await page.goto(`/news-and-updates?page=${pages}`)
    await expect(list.getByText(`Page ${pages} of ${pages}`)).toBeVisible({ timeout: 15_000 })
    await expect(list.locator('.news-list > li').last()).toContainText(OLDEST.title)
    await expect(list.getByRole('link', { name: 'Older news →' })).toHaveCount(0)
    await list.getByRole('link', { name: '← Newer news' }).click()
    await expect(list.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible()
    await expect(card((pages - 2) * PAGE_SIZE)).toBeVisible()

    // The oldest year holds the oldest post too; its article was left to the server.
    const year = OLDEST.date.slice(0, 4)
    await page
      .getByRole('navigation', { name: 'News by year' })
      .getByRole('link', { name: year, exact: true })
      .click()
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(`News from ${year}`)
    await expect(list.locator('.news-list > li').last()).toContainText(OLDEST.title)
    await list.getByRole('link', { name: OLDEST.title, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: OLDEST.title })).toBeVisible()
  })

  test('should answer an old post’s address, and its old address, with its page', async ({
    request,
  }) => {
    const response = await request.get(`/news-and-updates/${OLDEST.slug}`)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<h1`)
    expect(html).toContain(OLDEST.title)
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="${OLDEST.title}[^"]*"`))
    // The sitemap lists it, and a post's old address leads to where it is now.
    expect(await (await request.get('/sitemap.xml')).text()).toContain(
      `/news-and-updates/${OLDEST.slug}</loc>`,
    )
    const moved = await (await request.get(`/news-and-updates/${ARCHIVE_OLD_SLUG}`)).text()
    expect(moved).toContain(`url=/news-and-updates/${MOVED.slug}"`)
    const target = await request.get(`/news-and-updates/${MOVED.slug}`)
    expect(target.status()).toBe(200)
    expect(await target.text()).toContain(MOVED.title)
  })

  test('should download no news on /donate and /contact, and an old article its own post alone', async ({
    page,
  }) => {
    for (const path of ['/donate', '/contact']) {
      const figures = await contentDownload(page, path)
      expect(figures.kb, path).toBeLessThanOrEqual(TARGET_KB.noNews)
      expect(
        figures.keys.filter((key) => key.startsWith('news')),
        path,
      ).toEqual([])
    }
    const article = archivePost(POSTS - 3)
    expect(inCarousel(POSTS - 3)).toBe(false)
    const figures = await contentDownload(page, `/news-and-updates/${article.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible()
    expect(figures.keys.filter((key) => key.startsWith('news/'))).toEqual([
      `news/archive-${POSTS - 3}`,
    ])
    expect(figures.text).not.toContain(OLDEST.title)
  })
})
