import { appendFile, mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Where one original stands in a job:
 * - `uploaded`: photo, thumbnail and medium copy are in the bucket, not yet in the library;
 * - `recorded`: in the library too (done);
 * - `duplicate`: the library already held it, or another file of this job is the same photo;
 * - `rejected`: the pipeline will not take it (damaged, too large); the reason says why;
 * - `failed`: something went wrong that may pass (network, server); tried again next run.
 */
export type ManifestState = 'uploaded' | 'recorded' | 'duplicate' | 'rejected' | 'failed'

/** What the library entry of an uploaded photo will hold, kept so a restart need not redo it. */
export type UploadedPhoto = {
  id: string
  src: string
  thumbnail: string
  /** The medium copy (absent for a photo no wider than it, and in records made before it existed). */
  variants?: { width: number; src: string; format: 'jpeg' | 'webp' }[]
  width: number
  height: number
  alt: string
  /** When the original was taken (its EXIF capture date, the one tag kept), ISO 8601. */
  takenAt?: string
}

export type ManifestRecord = {
  sha256: string
  relativePath: string
  state: ManifestState
  /** For `rejected`, `failed` and `duplicate`: why, in words. */
  reason?: string
  photo?: UploadedPhoto
  /** Bytes of the original. */
  size: number
  at: string
}

/** The job's record of every original, persisted line by line. */
export type Manifest = {
  /** The latest record for a photo (by the SHA-256 of its original). */
  get(sha256: string): ManifestRecord | undefined
  all(): ManifestRecord[]
  /** Stores a new state; on disk before the promise resolves. */
  set(record: Omit<ManifestRecord, 'at'>): Promise<void>
}

const STATES = new Set<ManifestState>(['uploaded', 'recorded', 'duplicate', 'rejected', 'failed'])

function isRecord(value: unknown): value is ManifestRecord {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<ManifestRecord>
  return (
    typeof record.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(record.sha256) &&
    typeof record.relativePath === 'string' &&
    STATES.has(record.state as ManifestState) &&
    typeof record.size === 'number' &&
    (record.state !== 'uploaded' && record.state !== 'recorded'
      ? true
      : typeof record.photo?.src === 'string')
  )
}

/**
 * Opens the manifest at `path` (an append-only JSON-lines file). Appending a line is the only
 * write, so a process killed at any moment leaves every earlier line intact; a torn last line
 * is ignored on reading, and its file is simply done again (object paths are content-addressed,
 * so redoing an upload cannot make a duplicate).
 */
export async function openManifest(path: string | null): Promise<Manifest> {
  const latest = new Map<string, ManifestRecord>()
  if (path) {
    await mkdir(dirname(path), { recursive: true })
    let text = ''
    try {
      text = await readFile(path, 'utf8')
    } catch {
      // A new job.
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue
      try {
        const parsed: unknown = JSON.parse(line)
        if (isRecord(parsed)) latest.set(parsed.sha256, parsed)
      } catch {
        // The line a crash cut short: its file is done again.
      }
    }
    // Seal off a line a crash left unfinished, so the next record starts on a line of its own.
    if (text.length > 0 && !text.endsWith('\n')) await appendFile(path, '\n')
  }
  // Writes go out one after another, in the order they were asked for.
  let queue: Promise<void> = Promise.resolve()
  return {
    get: (sha256) => latest.get(sha256),
    all: () => [...latest.values()],
    set(partial) {
      const record: ManifestRecord = { ...partial, at: new Date().toISOString() }
      latest.set(record.sha256, record)
      if (!path) return Promise.resolve()
      const write = queue.then(() =>
        appendFile(path, `${JSON.stringify(record)}\n`, { mode: 0o600 }),
      )
      queue = write.catch(() => {})
      return write
    },
  }
}
