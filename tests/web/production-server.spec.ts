import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import { buildSite } from '@club/web/scripts/build'
import { loadServerBundle } from '@club/web/scripts/site-output'
import { startProductionServer } from '@club/web/scripts/start'
import type { ProductionServer } from '@club/web/scripts/start'

import { expect, SEEDED_STAFF, storeContent, test } from '../fixtures/test.ts'
import { compiledSite } from '../support/compiled-site.ts'

// The production server (apps/web/scripts/start.ts) follows saves: a staff save is in the
// served HTML within 5 s, and only the pages that show the saved document are rendered
// again. It saves news posts, so it runs against a backend and a build of its own.

const root = fileURLToPath(new URL('../..', import.meta.url))

let backend: LocalSupabase | undefined
let server: ProductionServer | undefined
let staff: SupabaseClient
let outDir = ''
let serverDir = ''

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

/** The served HTML of `path`, fetched as a crawler or a link preview fetches it: no browser. */
async function served(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server?.url}${path}`)
  return { status: response.status, html: await response.text() }
}

const renderedAt = (html: string) => /data-rendered-at="(\d+)"/.exec(html)?.[1]

test.describe('the production server follows saves', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })

  // Playwright requires the object pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'the server and its HTML are the same for every screen size, so it is checked once, in the desktop project',
    )
    testInfo.setTimeout(300_000)
    // Scheduled posts are published by the database (pg_cron's every-minute job, whose minute the
    // local stand-in shortens to a second here); the server only follows the save it makes.
    backend = await startLocalSupabase({
      projectRoot: root,
      port: 0,
      dataDir: null,
      log: () => {},
      cron: { minuteMs: 1_000 },
    })
    staff = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
    if (error) throw error
    await storeContent(staff, 'newsPosts', DEFAULT_CONTENT.newsPosts)
    outDir = mkdtempSync(join(tmpdir(), 'club-web-live-'))
    serverDir = mkdtempSync(join(tmpdir(), 'club-web-live-server-'))
    const port = await freePort()
    await buildSite({
      compiled: compiledSite(),
      outDir,
      serverDir,
      siteUrl: `http://127.0.0.1:${port}`,
      backend: { url: backend.url, anonKey: backend.anonKey },
      quiet: true,
    })
    server = await startProductionServer({ outDir, serverDir, port, log: () => {} })
  })

  test.afterAll(async () => {
    await server?.close()
    await backend?.stop()
    for (const dir of [outDir, serverDir]) if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test("should serve a staff edit of a post's title within 5 s, re-rendering only the pages that show posts", async () => {
    await expect.poll(() => server?.follower?.realtime, { timeout: 15_000 }).toBe('joined')
    const [post, ...rest] = DEFAULT_CONTENT.newsPosts
    if (!post) throw new Error('the sample content has no news post')
    const path = `/news-and-updates/${post.slug}`
    const title = `Opening Day moves to Sunday ${Date.now().toString(36)}`
    const before = await served(path)
    expect(before.status).toBe(200)
    expect(before.html).not.toContain(title)
    const fieldsBefore = renderedAt((await served('/fields')).html)
    expect(fieldsBefore).toBeDefined()

    // The sample posts stored as they are (a row each): then the timed save is one post's.
    await storeContent(staff, 'newsPosts', DEFAULT_CONTENT.newsPosts)
    await server?.follower?.idle()
    const saved = Date.now()
    await storeContent(staff, 'newsPosts', [{ ...post, title }, ...rest])
    await expect
      .poll(async () => (await served(path)).html, { timeout: 5_000, intervals: [50] })
      .toContain(`<title>${title}`)
    const elapsed = Date.now() - saved
    console.log(`a post's title: save to served HTML in ${elapsed} ms`)
    expect(elapsed).toBeLessThan(5_000)

    const after = await served(path)
    expect(after.status).toBe(200)
    expect(after.html).toContain(`<meta property="og:title" content="${title}`)
    // The list of news shows it too; a page that shows no post was left as it was.
    expect((await served('/news-and-updates')).html).toContain(title)
    await server?.follower?.idle()
    expect(renderedAt((await served('/fields')).html)).toBe(fieldsBefore)
  })

  test('should give a new post a page and answer 404 for a deleted one, in the sitemap too', async () => {
    const [first, second, ...rest] = DEFAULT_CONTENT.newsPosts
    if (!first || !second) throw new Error('the sample content has fewer than two news posts')
    const added = {
      ...second,
      id: 'post-live-added',
      slug: 'live-added-post',
      title: 'A post added live',
    }
    const { entry } = await loadServerBundle(serverDir)
    const listed = entry.pageRoutes.pathsFor({
      ...entry.documents(),
      newsPosts: [added, second, ...rest],
    })
    // The routes are listed from the documents given, not the built-in ones.
    expect(listed).toContain(`/news-and-updates/${added.slug}`)
    expect(listed).not.toContain(`/news-and-updates/${first.slug}`)
    // The sample posts stored as they are (a row each), then one post added and one deleted.
    await storeContent(staff, 'newsPosts', DEFAULT_CONTENT.newsPosts)
    await server?.follower?.idle()
    await storeContent(staff, 'newsPosts', [added, second, ...rest])
    await expect
      .poll(async () => (await served(`/news-and-updates/${added.slug}`)).status, {
        timeout: 5_000,
      })
      .toBe(200)
    expect((await served(`/news-and-updates/${added.slug}`)).html).toContain(
      `<title>${added.title}`,
    )
    await expect
      .poll(async () => (await served(`/news-and-updates/${first.slug}`)).status, {
        timeout: 5_000,
      })
      .toBe(404)
    await server?.follower?.idle()
    const sitemap = (await served('/sitemap.xml')).html
    expect(sitemap).toContain(`/news-and-updates/${added.slug}</loc>`)
    expect(sitemap).not.toContain(`/news-and-updates/${first.slug}</loc>`)
  })

  test('should publish a scheduled post at its time and not before: its page, the sitemap and the feed', async () => {
    const [, second] = DEFAULT_CONTENT.newsPosts
    if (!second) throw new Error('the sample content has fewer than two news posts')
    const slug = `scheduled-${Date.now().toString(36)}`
    const title = `A scheduled post ${slug}`
    const path = `/news-and-updates/${slug}`
    const at = Date.now() + 6_000
    await storeContent(staff, 'newsDrafts', [
      { ...second, id: `post-${slug}`, slug, title, publishAt: new Date(at).toISOString() },
    ])
    // Before its time the server answers, and has nothing of it.
    expect((await served(path)).status).toBe(404)
    expect((await served('/sitemap.xml')).html).not.toContain(path)
    expect((await served('/news-and-updates/feed.xml')).html).not.toContain(title)
    expect((await served('/news-and-updates')).html).not.toContain(title)
    expect(Date.now(), 'the checks above ran before the post was due').toBeLessThan(at)

    // The database publishes it when it is due; the server renders its page from that save.
    await expect
      .poll(async () => (await served(path)).status, { timeout: 20_000, intervals: [100] })
      .toBe(200)
    expect(Date.now()).toBeGreaterThanOrEqual(at)
    expect((await served(path)).html).toContain(`<title>${title}`)
    await server?.follower?.idle()
    expect((await served('/sitemap.xml')).html).toContain(`${path}</loc>`)
    expect((await served('/news-and-updates/feed.xml')).html).toContain(title)
    expect((await served('/news-and-updates')).html).toContain(title)
  })
  test('should answer /dmv with an HTTP redirect to the program page', async () => {
    const response = await fetch(`${server?.url}/dmv`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/programs/dmv-prospects')
  })
})
