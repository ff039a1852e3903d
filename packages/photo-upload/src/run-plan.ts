import type { HashCache } from './hash-cache.ts'
import type { LibraryRecorder } from './library-update.ts'
import type { Manifest, ManifestRecord } from './manifest.ts'
import { createProgressTracker } from './report.ts'
import type { FileOutcome, Progress } from './report.ts'
import { scanFolder } from './scan.ts'
import type { ScanResult, ScannedFile } from './scan.ts'

/** An original of the run with the SHA-256 of its bytes. */
export type HashedFile = { file: ScannedFile; sha256: string }

/** A photo in the bucket whose library row is still to add; `earlier` when an earlier run sent it. */
export type RowToRecord = { record: ManifestRecord; earlier: boolean }

/** What the run does next: upload these originals, and add these rows to the library. */
export type RunPlan = { work: HashedFile[]; toRecord: RowToRecord[] }

/**
 * What a run does with one original, from what it already knows:
 * - `settle`: nothing more to do; `write`, when set, is the manifest record that says so;
 * - `record`: it is in the bucket already, only its library row is missing;
 * - `upload`: process and upload it;
 * - `skip`: left alone (a retry of failed files only, and this one did not fail).
 */
export type Placement =
  | { kind: 'settle'; outcome: FileOutcome; write?: Omit<ManifestRecord, 'at'> }
  | { kind: 'record'; record: ManifestRecord }
  | { kind: 'upload' }
  | { kind: 'skip' }

const IN_LIBRARY = 'already in the photo library'

/** Keeps only the files named in `only` (relative paths with `/`); all of them without it. */
export function keepOnly(scan: ScanResult, only: readonly string[] | undefined): ScanResult {
  if (!only) return scan
  const named = new Set(only)
  return { ...scan, files: scan.files.filter((file) => named.has(file.relativePath)) }
}

/** Scans the folder, then keeps the files named in `only` (the desktop app's dropped files). */
export async function scanForRun(
  folder: string,
  options: { ignore?: readonly string[] | undefined; only?: readonly string[] | undefined },
): Promise<ScanResult> {
  return keepOnly(await scanFolder(folder, { ignore: options.ignore }), options.only)
}

/**
 * Hashes each original (through the cache), telling the progress after each; once the signal
 * aborts, the files not hashed yet settle as not started: they wait for the next run.
 */
export async function hashOriginals(
  files: readonly ScannedFile[],
  cache: HashCache,
  run: {
    signal?: AbortSignal | undefined
    settle: (outcome: FileOutcome) => void
    emit: (progress: Progress) => void
  },
): Promise<HashedFile[]> {
  const hashing = createProgressTracker(
    files.length,
    files.reduce((sum, file) => sum + file.size, 0),
  )
  const hashed: HashedFile[] = []
  for (const file of files) {
    if (run.signal?.aborted) {
      run.settle({ relativePath: file.relativePath, size: file.size, status: 'not-started' })
      continue
    }
    hashed.push({ file, sha256: await cache.hash(file) })
    hashing.advance(file.size)
    run.emit(hashing.snapshot('hashing'))
  }
  return hashed
}

/**
 * Places one original: a repeat of an earlier file of this run is a duplicate; then the job's
 * manifest decides (recorded, uploaded but not recorded), then the library (a photo it holds is
 * a duplicate), then the manifest's duplicates and rejections; the rest is uploaded.
 *
 * @example
 * placeOriginal(hashed, { firstSeenAs: 'a.jpg', record: undefined, inLibrary: false, retryFailed: false })
 * // → { kind: 'settle', outcome: { …, status: 'duplicate', reason: 'the same photo as a.jpg' } }
 */
export function placeOriginal(
  { file, sha256 }: HashedFile,
  known: {
    /** The earlier file of this run with the same hash, if any. */
    firstSeenAs: string | undefined
    /** The job manifest's latest record of this photo. */
    record: ManifestRecord | undefined
    inLibrary: boolean
    retryFailed: boolean
  },
): Placement {
  const { relativePath, size } = file
  const { firstSeenAs, record } = known
  const settle = (outcome: FileOutcome): Placement => ({ kind: 'settle', outcome })
  if (firstSeenAs !== undefined) {
    return settle({
      relativePath,
      size,
      status: 'duplicate',
      reason: `the same photo as ${firstSeenAs}`,
    })
  }
  if (record?.state === 'recorded') {
    return settle({ relativePath, size, status: 'uploaded', earlier: true })
  }
  // In the bucket already; only the library entry is missing.
  if (record?.state === 'uploaded' && record.photo) return { kind: 'record', record }
  if (known.inLibrary) {
    return {
      kind: 'settle',
      outcome: { relativePath, size, status: 'duplicate', reason: IN_LIBRARY },
      ...(record?.state === 'duplicate'
        ? {}
        : { write: { sha256, relativePath, size, state: 'duplicate', reason: IN_LIBRARY } }),
    }
  }
  if (record?.state === 'duplicate') {
    return settle({ relativePath, size, status: 'duplicate', reason: record.reason ?? IN_LIBRARY })
  }
  if (record?.state === 'rejected') {
    return settle({
      relativePath,
      size,
      status: 'rejected',
      reason: record.reason ?? 'rejected',
      earlier: true,
    })
  }
  if (known.retryFailed && record?.state !== 'failed') return { kind: 'skip' }
  return { kind: 'upload' }
}

/**
 * Plans the run over the hashed originals: asks the library which of them it holds (only this
 * folder's: the library may hold tens of thousands), places each in order, settles the ones
 * with nothing left to do and writes what the manifest must learn (not in a dry run) before
 * going on to the next.
 */
export async function planRun(
  hashed: readonly HashedFile[],
  run: {
    library: LibraryRecorder | null
    manifest: Manifest
    retryFailed: boolean
    dryRun: boolean
    settle: (outcome: FileOutcome) => void
  },
): Promise<RunPlan> {
  const { manifest } = run
  const known = run.library
    ? await run.library.knownHashes(hashed.map(({ sha256 }) => sha256))
    : new Set<string>()
  const plan: RunPlan = { work: [], toRecord: [] }
  const seen = new Map<string, string>()
  for (const item of hashed) {
    const { sha256 } = item
    const firstSeenAs = seen.get(sha256)
    if (firstSeenAs === undefined) seen.set(sha256, item.file.relativePath)
    const place = placeOriginal(item, {
      firstSeenAs,
      record: manifest.get(sha256),
      inLibrary: known.has(sha256),
      retryFailed: run.retryFailed,
    })
    if (place.kind === 'settle') {
      run.settle(place.outcome)
      if (place.write && !run.dryRun) await manifest.set(place.write)
    } else if (place.kind === 'record') {
      plan.toRecord.push({ record: place.record, earlier: true })
    } else if (place.kind === 'upload') {
      plan.work.push(item)
    }
  }
  return plan
}
