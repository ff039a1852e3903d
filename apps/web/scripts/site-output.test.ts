import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createPageOnRequest, createSiteWriter } from './site-output.ts'
import { siteFile, writeFileAtomic } from './site-files.ts'
import type { ServerEntry } from './site-output.ts'

const dirs: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'club-site-output-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('siteFile', () => {
  it('should map a page path to its index.html and a file path to the file', () => {
    const out = scratch()
    expect(siteFile(out, '/', true)).toBe(join(out, 'index.html'))
    expect(siteFile(out, '/news-and-updates/opening-day', true)).toBe(
      join(out, 'news-and-updates', 'opening-day', 'index.html'),
    )
    expect(siteFile(out, '/calendars/big-train-12u.ics', false)).toBe(
      join(out, 'calendars', 'big-train-12u.ics'),
    )
    expect(siteFile(out, '/news-and-updates/caf%C3%A9', true)).toBe(
      join(out, 'news-and-updates', 'café', 'index.html'),
    )
  })

  it.each([
    'news-and-updates/x',
    '/../outside',
    '/news-and-updates/..',
    '/news-and-updates/%2e%2e/%2e%2e/etc',
    '/news-and-updates/a%2Fb',
    '/news-and-updates/a%5Cb',
    '/news-and-updates/.hidden',
    '/news-and-updates//x',
    '/news-and-updates/x/',
    '/news-and-updates/%00',
    '/news-and-updates/%E0%A4%A',
  ])('should refuse the stored path %j', (path) => {
    expect(siteFile(scratch(), path, true)).toBeUndefined()
  })
})

describe('writeFileAtomic', () => {
  it('should replace a file whole and leave no temporary file', () => {
    const out = scratch()
    const file = join(out, 'a', 'index.html')
    writeFileAtomic(file, 'first')
    writeFileAtomic(file, 'second')
    expect(readFileSync(file, 'utf8')).toBe('second')
    expect(readdirSync(join(out, 'a'))).toEqual(['index.html'])
  })
})

describe('createSiteWriter', () => {
  const template =
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>'
  const entry = {
    render: async (url: string) => ({
      html: `<p>${url}</p>`,
      head: `<title>${url}</title>`,
      renderedAt: 1,
      baseline: '{"alerts":[]}',
      builtIn: '',
      versions: 'alerts:3',
      keys: ['alerts'],
    }),
    redirects: () => ({ app: { '/rules-faq': '/rules' }, moved: {} }),
    calendars: () => [],
    feed: () => ({ path: '/news-and-updates/feed.xml', text: '<rss />' }),
    // The canonical addresses, as the route registry lists them for the stored documents.
    sitemap: () => ['/', '/news-and-updates/y'],
  } as unknown as ServerEntry

  it('should write a page with its head, HTML and documents, and refuse a hostile path', async () => {
    const out = scratch()
    const warnings: string[] = []
    const writer = createSiteWriter({
      entry,
      template,
      outDir: out,
      siteUrl: 'https://club.example',
      warn: (message) => warnings.push(message),
    })
    expect(await writer.writePage('/news-and-updates/x')).toEqual(['alerts'])
    const html = readFileSync(join(out, 'news-and-updates', 'x', 'index.html'), 'utf8')
    expect(html).toContain('<title>/news-and-updates/x</title>')
    expect(html).toContain('<div id="root" data-rendered-at="1"><p>/news-and-updates/x</p>')
    expect(html).toContain(
      '<script type="application/json" id="content-baseline" data-built-in="" data-versions="alerts:3">{"alerts":[]}</script>',
    )
    expect(await writer.writePage('/../../escape')).toBeUndefined()
    expect(warnings).toEqual([expect.stringContaining('/../../escape')])
    expect(existsSync(join(out, '..', 'escape'))).toBe(false)
  })

  it('should remove a page but never home, and drop derived files no longer made', async () => {
    const out = scratch()
    const writer = createSiteWriter({
      entry,
      template,
      outDir: out,
      siteUrl: 'https://club.example',
    })
    await writer.writePage('/')
    await writer.writePage('/news-and-updates/x')
    writer.removePage('/news-and-updates/x')
    writer.removePage('/')
    expect(existsSync(join(out, 'news-and-updates', 'x'))).toBe(false)
    expect(existsSync(join(out, 'index.html'))).toBe(true)

    const sitemap = writer.derived.find((output) => output.name === 'sitemap')
    if (!sitemap) throw new Error('no sitemap output')
    const stale = { ...sitemap, files: () => [{ path: '/old.xml', text: 'old' }] }
    const before = writer.writeDerived(stale, [])
    expect(writer.writeDerived(sitemap, ['/', '/news-and-updates/y'], before)).toEqual([
      '/sitemap.xml',
    ])
    expect(existsSync(join(out, 'old.xml'))).toBe(false)
    const xml = readFileSync(join(out, 'sitemap.xml'), 'utf8')
    expect(xml).toContain('<loc>https://club.example/news-and-updates/y</loc>')
    expect(xml).not.toContain('/news-and-updates/x')
  })
})

describe('createPageOnRequest', () => {
  it('should render a wanted page once for requests at once, and never one not wanted', async () => {
    const rendered: string[] = []
    const written: string[] = []
    let finish!: () => void
    const held = new Promise<void>((resolve) => (finish = resolve))
    const render = createPageOnRequest({
      writer: {
        writePage: async (path) => {
          rendered.push(path)
          await held
          return ['news/old']
        },
      },
      isWanted: (path) => path === '/news-and-updates/old' && written.length === 0,
      onWritten: (path) => written.push(path),
    })
    const both = Promise.all([render('/news-and-updates/old'), render('/news-and-updates/old/')])
    expect(await render('/news-and-updates/other')).toBe(false)
    finish()
    expect(await both).toEqual([true, true])
    expect(rendered).toEqual(['/news-and-updates/old'])
    expect(written).toEqual(['/news-and-updates/old'])
    // Written: no longer wanted, so not rendered again.
    expect(await render('/news-and-updates/old')).toBe(false)
    expect(rendered).toHaveLength(1)
  })

  it('should answer false, and warn, when the render fails', async () => {
    const warnings: string[] = []
    const render = createPageOnRequest({
      writer: { writePage: () => Promise.reject(new Error('no such post')) },
      isWanted: () => true,
      warn: (message) => warnings.push(message),
    })
    expect(await render('/news-and-updates/gone')).toBe(false)
    expect(warnings).toEqual([expect.stringContaining('no such post')])
  })
})
