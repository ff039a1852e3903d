import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'

import { writeFileAtomic } from './atomic-file.ts'
import type { ScannedFile } from './scan.ts'

/** Bumped when the cache's layout changes; an older cache is then ignored, not misread. */
const CACHE_VERSION = 1

type Entry = { size: number; mtimeMs: number; sha256: string }

/** SHA-256 of a file's bytes, streamed (the whole file is never held in memory). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}

/** Remembers each original's hash by path, size and mtime, so an unchanged file is not read again. */
export type HashCache = {
  /** The hash of the file, from the cache when its path, size and mtime are unchanged. */
  hash(file: ScannedFile): Promise<string>
  /** How many hashes came from the cache since it was opened. */
  readonly hits: number
  save(): Promise<void>
}

/** Opens (or starts) the hash cache kept at `cachePath`; `null` keeps it in memory only. */
export async function openHashCache(cachePath: string | null): Promise<HashCache> {
  const entries = new Map<string, Entry>()
  if (cachePath) {
    try {
      const parsed = JSON.parse(await readFile(cachePath, 'utf8')) as {
        version?: unknown
        entries?: Record<string, Entry>
      }
      if (parsed.version === CACHE_VERSION && parsed.entries) {
        for (const [path, entry] of Object.entries(parsed.entries)) {
          if (
            typeof entry?.sha256 === 'string' &&
            /^[0-9a-f]{64}$/.test(entry.sha256) &&
            typeof entry.size === 'number' &&
            typeof entry.mtimeMs === 'number'
          ) {
            entries.set(path, entry)
          }
        }
      }
    } catch {
      // No cache yet, or a damaged one: every file is hashed again, which is only slower.
    }
  }
  let hits = 0
  let dirty = false
  return {
    async hash(file) {
      const known = entries.get(file.path)
      if (known && known.size === file.size && known.mtimeMs === file.mtimeMs) {
        hits += 1
        return known.sha256
      }
      const sha256 = await hashFile(file.path)
      entries.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, sha256 })
      dirty = true
      return sha256
    },
    get hits() {
      return hits
    },
    async save() {
      if (!cachePath || !dirty) return
      await writeFileAtomic(
        cachePath,
        JSON.stringify({ version: CACHE_VERSION, entries: Object.fromEntries(entries) }),
      )
      dirty = false
    },
  }
}
