import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { searchableHtml, SEARCH_DIR, writeSearchIndex } from './search-index.ts'
import { siteFile, writeFileAtomic } from './site-files.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A site of prerendered pages, each with its own words in <main> and the same header. */
function site(pages: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'club-search-index-'))
  dirs.push(outDir)
  for (const [path, words] of Object.entries(pages)) {
    const file = siteFile(outDir, path, true)
    if (!file) throw new Error(`not a site path: ${path}`)
    writeFileAtomic(
      file,
      `<!doctype html><html lang="en"><head><title>${words}</title></head><body><header>Headerword</header><main data-pagefind-body data-pagefind-meta="kind:Page"><h1>${words}</h1></main></body></html>`,
    )
  }
  return outDir
}

const files = (outDir: string) =>
  readdirSync(join(outDir, SEARCH_DIR), { recursive: true }).map(String).sort()

describe('writeSearchIndex', () => {
  it('should index the pages given, and only their main content, into pagefind/', async () => {
    const outDir = site({ '/': 'Home words', '/rules': 'Rules words', '/admin': 'Staff words' })
    const index = await writeSearchIndex({ outDir, paths: ['/', '/rules', '/missing'] })
    expect(index.pages).toBe(2)
    expect(index.indexBytes).toBeGreaterThan(0)
    const written = files(outDir)
    expect(written).toContain('pagefind.js')
    expect(written).toContain('pagefind-entry.json')
    // Pagefind's own interface is not shipped: the site has its own.
    expect(written.some((file) => file.includes('-ui'))).toBe(false)
    const entry = JSON.parse(readFileSync(join(outDir, SEARCH_DIR, 'pagefind-entry.json'), 'utf8'))
    expect(entry.languages.en.page_count).toBe(2)
  })

  it('should keep the index before for one more write, then remove it', async () => {
    const outDir = site({ '/': 'Home words', '/rules': 'Rules words' })
    const first = await writeSearchIndex({ outDir, paths: ['/'] })
    const second = await writeSearchIndex({ outDir, paths: ['/', '/rules'], keep: first.written })
    const gone = first.written.filter((file) => !second.written.includes(file))
    expect(gone.length).toBeGreaterThan(0)
    for (const file of gone) expect(existsSync(join(outDir, SEARCH_DIR, file))).toBe(true)
    await writeSearchIndex({ outDir, paths: ['/rules'], keep: second.written })
    for (const file of gone) expect(existsSync(join(outDir, SEARCH_DIR, file))).toBe(false)
  })

  it('should hand Pagefind a page without its stylesheets and scripts, and index its words', async () => {
    const page = `<!doctype html><html><head><style>main{color:navy}</style><script type="module">init()</script></head><body><main data-pagefind-body><h1>Tryouts</h1><p>Bring a glove</p></main><script type="application/json" id="content-baseline">{"newsPosts":[]}</script></body></html>`
    const html = searchableHtml(page)
    expect(html).toContain('<main data-pagefind-body><h1>Tryouts</h1><p>Bring a glove</p></main>')
    expect(html).not.toMatch(/navy|init\(\)|newsPosts|<script|<style/)
    const outDir = site({})
    writeFileAtomic(join(outDir, 'index.html'), page)
    expect((await writeSearchIndex({ outDir, paths: ['/'] })).pages).toBe(1)
  })
})
