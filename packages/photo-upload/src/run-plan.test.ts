import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { hashFile, openHashCache } from './hash-cache.ts'
import type { LibraryRecorder } from './library-update.ts'
import { openManifest } from './manifest.ts'
import type { ManifestRecord } from './manifest.ts'
import type { FileOutcome, Progress } from './report.ts'
import { hashOriginals, keepOnly, placeOriginal, planRun } from './run-plan.ts'
import type { HashedFile } from './run-plan.ts'
import type { ScannedFile } from './scan.ts'

const hashOf = (letter: string) => letter.repeat(64)
const fileAt = (relativePath: string, size = 10): ScannedFile => ({
  path: `/photos/${relativePath}`,
  relativePath,
  size,
  mtimeMs: 1,
})
const hashed = (relativePath: string, letter: string): HashedFile => ({
  file: fileAt(relativePath),
  sha256: hashOf(letter),
})
const recordOf = (state: ManifestRecord['state'], extra: Partial<ManifestRecord> = {}) =>
  ({
    sha256: hashOf('a'),
    relativePath: 'a.jpg',
    size: 10,
    state,
    at: '',
    ...extra,
  }) as ManifestRecord
const photo = {
  id: 'p-a',
  src: 'library/aa/a.jpg',
  thumbnail: 'library/aa/a-t.jpg',
  width: 1,
  height: 1,
  alt: 'A',
}
const nothingKnown: Parameters<typeof placeOriginal>[1] = {
  firstSeenAs: undefined,
  record: undefined,
  inLibrary: false,
  retryFailed: false,
}
/** Places a.jpg (hash aaa…) with what the run knows, nothing unless told. */
const placeA = (known: Partial<typeof nothingKnown> = {}) =>
  placeOriginal(hashed('a.jpg', 'a'), { ...nothingKnown, ...known })

/** Answers the hashes it was told the library holds, and keeps what it was asked. */
function libraryHolding(held: string[]): LibraryRecorder & { asked: string[][] } {
  const asked: string[][] = []
  return {
    asked,
    async knownHashes(hashes) {
      asked.push([...hashes])
      return new Set([...hashes].filter((hash) => held.includes(hash)))
    },
    async add() {
      throw new Error('a plan adds no rows')
    },
    dispose() {},
  }
}

describe('placeOriginal', () => {
  it('should upload an original nothing knows, and skip it when only failed ones are retried', () => {
    expect(placeA()).toEqual({ kind: 'upload' })
    expect(placeA({ retryFailed: true })).toEqual({
      kind: 'skip',
    })
    expect(placeA({ retryFailed: true, record: recordOf('failed') })).toEqual({ kind: 'upload' })
  })

  it('should call a repeat of an earlier file of the run a duplicate, whatever the manifest says', () => {
    const place = placeOriginal(hashed('b.jpg', 'a'), {
      ...nothingKnown,
      firstSeenAs: 'a.jpg',
      record: recordOf('failed'),
    })
    expect(place).toEqual({
      kind: 'settle',
      outcome: {
        relativePath: 'b.jpg',
        size: 10,
        status: 'duplicate',
        reason: 'the same photo as a.jpg',
      },
    })
  })

  it('should trust the manifest before the library: recorded is uploaded earlier, uploaded needs its row', () => {
    const recorded = placeA({ inLibrary: true, record: recordOf('recorded', { photo }) })
    expect(recorded).toEqual({
      kind: 'settle',
      outcome: { relativePath: 'a.jpg', size: 10, status: 'uploaded', earlier: true },
    })
    const uploaded = recordOf('uploaded', { photo })
    expect(placeA({ inLibrary: true, record: uploaded })).toEqual({
      kind: 'record',
      record: uploaded,
    })
  })

  it('should write a photo the library holds to the manifest as a duplicate, once', () => {
    const reason = 'already in the photo library'
    expect(placeA({ inLibrary: true })).toEqual({
      kind: 'settle',
      outcome: { relativePath: 'a.jpg', size: 10, status: 'duplicate', reason },
      write: { sha256: hashOf('a'), relativePath: 'a.jpg', size: 10, state: 'duplicate', reason },
    })
    expect(
      placeA({ inLibrary: true, record: recordOf('duplicate', { reason: 'earlier words' }) }),
    ).toEqual({
      kind: 'settle',
      outcome: { relativePath: 'a.jpg', size: 10, status: 'duplicate', reason },
    })
  })

  it("should repeat the manifest's duplicates and rejections with their reasons", () => {
    expect(
      placeA({ record: recordOf('duplicate', { reason: 'the same photo as z.jpg' }) }),
    ).toMatchObject({ outcome: { status: 'duplicate', reason: 'the same photo as z.jpg' } })
    expect(
      placeA({ retryFailed: true, record: recordOf('rejected', { reason: 'Too large' }) }),
    ).toEqual({
      kind: 'settle',
      outcome: {
        relativePath: 'a.jpg',
        size: 10,
        status: 'rejected',
        reason: 'Too large',
        earlier: true,
      },
    })
  })
})

describe('planRun', () => {
  it("should ask the library for this run's hashes only, write its duplicates first and plan the rest in order", async () => {
    const manifest = await openManifest(null)
    await manifest.set({
      ...recordOf('uploaded', { photo, sha256: hashOf('c'), relativePath: 'c.jpg' }),
    })
    const library = libraryHolding([hashOf('b'), hashOf('z')])
    const settled: FileOutcome[] = []
    const plan = await planRun(
      [
        hashed('a.jpg', 'a'),
        hashed('b.jpg', 'b'),
        hashed('c.jpg', 'c'),
        hashed('d.jpg', 'a'),
        hashed('e.jpg', 'a'),
      ],
      { library, manifest, retryFailed: false, dryRun: false, settle: (o) => settled.push(o) },
    )
    expect(library.asked).toEqual([
      [hashOf('a'), hashOf('b'), hashOf('c'), hashOf('a'), hashOf('a')],
    ])
    expect(plan.work.map(({ file }) => file.relativePath)).toEqual(['a.jpg'])
    expect(plan.toRecord.map(({ record, earlier }) => [record.relativePath, earlier])).toEqual([
      ['c.jpg', true],
    ])
    expect(settled.map((o) => [o.relativePath, o.status, o.reason])).toEqual([
      ['b.jpg', 'duplicate', 'already in the photo library'],
      ['d.jpg', 'duplicate', 'the same photo as a.jpg'],
      ['e.jpg', 'duplicate', 'the same photo as a.jpg'],
    ])
    expect(manifest.get(hashOf('b'))?.state).toBe('duplicate')
  })

  it('should write nothing to the manifest in a dry run, and ask no library when there is none', async () => {
    const manifest = await openManifest(null)
    const plan = await planRun([hashed('a.jpg', 'a')], {
      library: libraryHolding([hashOf('a')]),
      manifest,
      retryFailed: false,
      dryRun: true,
      settle: () => {},
    })
    expect(plan).toEqual({ work: [], toRecord: [] })
    expect(manifest.all()).toEqual([])
    const uploadOnly = await planRun([hashed('a.jpg', 'a')], {
      library: null,
      manifest,
      retryFailed: false,
      dryRun: false,
      settle: () => {},
    })
    expect(uploadOnly.work).toHaveLength(1)
  })
})

describe('keepOnly', () => {
  it('should keep the named files and the whole scan without names', () => {
    const scan = { root: '/photos', files: [fileAt('a.jpg'), fileAt('x/b.jpg')], skipped: [] }
    expect(keepOnly(scan, ['x/b.jpg', 'gone.jpg']).files.map((f) => f.relativePath)).toEqual([
      'x/b.jpg',
    ])
    expect(keepOnly(scan, undefined)).toBe(scan)
  })
})

describe('hashOriginals', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-plan-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('should hash each file with progress, and leave the rest not started once cancelled', async () => {
    const files: ScannedFile[] = []
    for (const name of ['a.jpg', 'b.jpg']) {
      await writeFile(join(dir, name), name)
      files.push({ path: join(dir, name), relativePath: name, size: 5, mtimeMs: 1 })
    }
    const controller = new AbortController()
    const settled: FileOutcome[] = []
    const progress: Progress[] = []
    const result = await hashOriginals(files, await openHashCache(null), {
      signal: controller.signal,
      settle: (outcome) => settled.push(outcome),
      emit: (snapshot) => {
        progress.push(snapshot)
        controller.abort()
      },
    })
    expect(result).toEqual([{ file: files[0], sha256: await hashFile(join(dir, 'a.jpg')) }])
    expect(
      progress.map(({ phase, filesDone, filesTotal }) => [phase, filesDone, filesTotal]),
    ).toEqual([['hashing', 1, 2]])
    expect(settled).toEqual([{ relativePath: 'b.jpg', size: 5, status: 'not-started' }])
  })
})
