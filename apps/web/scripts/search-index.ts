// The site search's index (issue 35 §2): Pagefind reads the prerendered pages and writes a
// static, chunked index into `pagefind/` of the site, which the header's search reads in the
// browser (packages/core/src/site/search-dialog.tsx). Only the public, canonical pages are
// given to it (the sitemap's: never /admin, a draft or a noindex page), and in each only the
// page's own content (`data-pagefind-body` on <main>) with its kind (`data-pagefind-meta`).
//
// The build writes it once (scripts/build.ts); the production server writes it again after
// each pass that changed a page (scripts/follow-saves.ts), so a new post is found as soon as
// its page is served. Pagefind cannot change an index in place: each write indexes the pages
// again (about 0.3 s for the sample site's 60 pages).
//
// Pagefind indexes in a process of its own (its platform package's binary, @pagefind/linux-x64
// and the like, installed by pnpm as an optional dependency: nothing is downloaded), kept
// between writes and not keeping Node running.
//
// A tab that read the previous index may still ask for its chunks: their names are their
// content's hashes, so the files of the index before are kept until the next write, and the
// entry file that names the chunks is written last, whole.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

import * as pagefind from 'pagefind'

import { siteFile, writeFileAtomic } from './site-files.ts'

/** Where in the site the index is; the search reads `/pagefind/pagefind.js`. */
export const SEARCH_DIR = 'pagefind'

/** Pagefind's files the search uses: its script and worker, the WebAssembly and the index. */
const USED =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(index|fragment|filter)\/[\w-]+\.pf_\w+)$/
const ENTRY = 'pagefind-entry.json'

export type SearchIndexReport = {
  pages: number
  /** The index's own files (entry, meta, index chunks and fragments), in bytes. */
  indexBytes: number
  files: number
  ms: number
}

/**
 * A page's HTML as Pagefind needs it: without its stylesheets and scripts (the inline CSS and
 * the documents the page carries are nine tenths of a page), which Pagefind skips anyway; what
 * it indexes is the same. At 2,000 articles this halves the index's time, most of which was
 * handing 200 MB of HTML to Pagefind's process.
 */
export function searchableHtml(html: string): string {
  return html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
}

/** Every file under `dir`, relative to it, with `/` between folders. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

/**
 * Indexes the pages at `paths` (as written in `outDir`) and writes the index into
 * `outDir/pagefind/`. `keep` names the files of the index before, which stay for one more
 * write; the files of this one are returned, for the next call's `keep`.
 */
export async function writeSearchIndex({
  outDir,
  paths,
  keep = [],
}: {
  outDir: string
  paths: readonly string[]
  keep?: readonly string[]
}): Promise<SearchIndexReport & { written: string[] }> {
  const started = performance.now()
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
  if (!index) throw new Error(`could not start Pagefind: ${errors.join('; ')}`)
  try {
    let pages = 0
    for (const path of paths) {
      const file = siteFile(outDir, path, true)
      if (!file || !existsSync(file)) continue
      const added = await index.addHTMLFile({
        url: path,
        content: searchableHtml(readFileSync(file, 'utf8')),
      })
      if (added.errors.length > 0)
        throw new Error(`Pagefind could not index ${path}: ${added.errors.join('; ')}`)
      pages++
    }
    const answer = await index.getFiles()
    if (answer.errors.length > 0) throw new Error(`Pagefind: ${answer.errors.join('; ')}`)
    const files = answer.files.filter((file) => USED.test(file.path))
    const dir = join(outDir, SEARCH_DIR)
    // The chunks first, the entry that names them last: a reader never meets a missing chunk.
    const ordered = [
      ...files.filter((file) => file.path !== ENTRY),
      ...files.filter((file) => file.path === ENTRY),
    ]
    for (const file of ordered) writeFileAtomic(join(dir, file.path), Buffer.from(file.content))
    const written = ordered.map((file) => file.path)
    const stay = new Set([...written, ...keep])
    for (const old of filesUnder(dir)) if (!stay.has(old)) rmSync(join(dir, old), { force: true })
    const indexBytes = files
      .filter((file) => /\.pf_\w+$|^pagefind-entry\.json$/.test(file.path))
      .reduce((sum, file) => sum + file.content.length, 0)
    return {
      pages,
      indexBytes,
      files: written.length,
      ms: performance.now() - started,
      written,
    }
  } finally {
    await index.deleteIndex()
  }
}
