/**
 * The uploader at a club's scale, against the local server: 2,500 photos into the library's
 * rows, a rerun that uploads nothing, then a second folder (overlapping the first) while a
 * staff member edits alt text. Every photo ends up in the library exactly once, each edit is
 * kept, and the revisions table grows by one row per photo and per edit (not photos²).
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPhotoRepository } from '@club/core/photo-repository'

import { createLibraryRecorder } from '../src/library-update.ts'
import { summarize } from '../src/report.ts'
import { samplePhoto, writeSample } from '../src/testing/sample-photos.ts'
import { uploadFolder } from '../src/upload-folder.ts'
import { createObjectUploader } from '../src/uploader.ts'
import { startBackend, tempDir } from './helpers.ts'
import type { Backend } from './helpers.ts'

const FIRST = 2500
const SECOND = 300
/** Photos of the second folder that are also in the first. */
const OVERLAP = 50

let backend: Backend
let base: string
beforeAll(async () => {
  backend = await startBackend()
  base = await mkdtemp(join(tmpdir(), 'photos-scale-'))
})
afterAll(async () => {
  await backend?.stop()
  if (base) await rm(base, { recursive: true, force: true })
})

/** Small, distinct real JPEGs named like a camera's, in day folders; answers their hashes. */
async function writeFolder(dir: string, seeds: readonly number[]): Promise<string[]> {
  const hashes: string[] = []
  for (const seed of seeds) {
    const photo = await samplePhoto({ width: 24, height: 16, seed })
    hashes.push(createHash('sha256').update(photo).digest('hex'))
    await writeSample(
      join(dir, `day-${seed % 7}`, `IMG_${String(seed).padStart(5, '0')}.jpg`),
      photo,
    )
  }
  return hashes
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

async function upload(folder: string, stateDir: string) {
  const client = await backend.staff()
  const library = createLibraryRecorder(client)
  try {
    return await uploadFolder({
      folder,
      uploader: createObjectUploader(client),
      library,
      stateDir,
      concurrency: 8,
    })
  } finally {
    library.dispose()
  }
}

describe('a club-sized import', () => {
  it(
    'should put 2,500 photos in the library once, upload none on a rerun, and add a second folder while alt text is edited',
    async () => {
      const firstDir = join(base, 'weekend-1')
      const secondDir = join(base, 'weekend-2')
      const firstHashes = await writeFolder(firstDir, range(10_000, FIRST))
      const secondHashes = await writeFolder(secondDir, [
        ...range(10_000, OVERLAP),
        ...range(20_000, SECOND - OVERLAP),
      ])
      const revisionsBefore = await backend.revisions()

      const state = await tempDir()
      try {
        const started = Date.now()
        const first = await upload(firstDir, state.dir)
        console.log(
          `[scale] ${FIRST} photos uploaded and recorded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        )
        expect(first.libraryError).toBeUndefined()
        expect(summarize(first)).toMatchObject({ uploaded: FIRST, failed: 0, duplicate: 0 })
        const afterFirst = await backend.revisions()
        // One revision per added photo: no document rewritten per batch.
        expect(afterFirst - revisionsBefore).toBe(FIRST)

        // The same folder again, as a new job (no manifest): the library says they are there.
        const fresh = await tempDir()
        try {
          const rerun = await upload(firstDir, fresh.dir)
          expect(summarize(rerun)).toMatchObject({ uploaded: 0, duplicate: FIRST, failed: 0 })
          expect(rerun.bytesSent).toBe(0)
        } finally {
          await fresh.cleanup()
        }

        // A second folder, while a staff member confirms alt text in the browser.
        const editor = createPhotoRepository(await backend.staff())
        const toEdit = (await editor.list({ needsAltText: true, limit: 40 })).photos
        expect(toEdit).toHaveLength(40)
        const secondState = await tempDir()
        try {
          const [second] = await Promise.all([
            upload(secondDir, secondState.dir),
            (async () => {
              for (const photo of toEdit) {
                await editor.update(photo.id, photo.version, {
                  alt: `Confirmed ${photo.fileName}`,
                  needsAltText: false,
                })
              }
            })(),
          ])
          expect(second.libraryError).toBeUndefined()
          expect(summarize(second)).toMatchObject({
            uploaded: SECOND - OVERLAP,
            duplicate: OVERLAP,
            failed: 0,
          })
        } finally {
          await secondState.cleanup()
        }

        const photos = (await backend.library()).value.photos
        const counts = new Map<string, number>()
        for (const photo of photos)
          if (photo.sha256) counts.set(photo.sha256, (counts.get(photo.sha256) ?? 0) + 1)
        const all = new Set([...firstHashes, ...secondHashes])
        expect(all.size).toBe(FIRST + SECOND - OVERLAP)
        expect([...all].filter((hash) => counts.get(hash) !== 1)).toEqual([])
        for (const photo of toEdit) {
          const stored = photos.find((item) => item.id === photo.id)
          expect(stored?.alt).toBe(`Confirmed ${photo.fileName}`)
          expect(stored?.needsAltText).toBeUndefined()
        }
        // The original file names are kept and searchable.
        const found = await editor.list({ search: 'IMG_10007' })
        expect(found.photos.map((photo) => photo.fileName)).toEqual(['IMG_10007.jpg'])
        const revisionsAfter = await backend.revisions()
        expect(revisionsAfter - revisionsBefore).toBe(FIRST + (SECOND - OVERLAP) + toEdit.length)
      } finally {
        await state.cleanup()
      }
    },
    20 * 60_000,
  )
})
