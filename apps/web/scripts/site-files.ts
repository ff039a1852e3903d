// Where the built site's files go, and how each is written: shared by the writer of pages
// (site-output.ts), the share images (share-images.ts) and the search index (search-index.ts).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve, sep } from 'node:path'

let temporaries = 0

/** Writes `file` whole or not at all: a reader sees the old file or the new one, never a part. */
export function writeFileAtomic(file: string, data: string | Buffer) {
  mkdirSync(dirname(file), { recursive: true })
  // A dot-file: the server never serves it, even for the moment it exists.
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${++temporaries}.tmp`)
  try {
    writeFileSync(temporary, data)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/**
 * The file inside `outDir` for a site path (`/fields/x` → `…/fields/x/index.html`
 * with `page`, `…/calendars/x.ics` without), or undefined when the path could reach outside
 * it or name a hidden file: a segment that is empty, `.`, `..`, starts with a dot, or holds
 * a backslash, a control character or an encoded slash.
 */
export function siteFile(outDir: string, path: string, page: boolean): string | undefined {
  if (!path.startsWith('/')) return undefined
  let segments: string[]
  try {
    segments = path === '/' ? [] : path.slice(1).split('/').map(decodeURIComponent)
  } catch {
    return undefined
  }
  const bad = (segment: string) =>
    segment === '' || segment.startsWith('.') || /[\\/\p{Cc}]/u.test(segment)
  if (segments.some(bad)) return undefined
  const root = resolve(outDir)
  const file = resolve(root, ...segments, ...(page ? ['index.html'] : []))
  return file.startsWith(root + sep) ? file : undefined
}
