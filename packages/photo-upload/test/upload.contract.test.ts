import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import exifr from 'exifr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MEDIUM_WIDTH } from '@club/core/entities'
import { photoObjectPaths } from '@club/core/photo-rules'
import { createPhotoRepository } from '@club/core/photo-repository'

import { createLibraryRecorder } from '../src/library-update.ts'
import { summarize } from '../src/report.ts'
import { uploadFolder } from '../src/upload-folder.ts'
import {
  HEIC_FIXTURE_TAKEN_AT,
  SAMPLE_GPS,
  sampleIphoneHeic,
  sampleOversizedJpeg,
  samplePhoto,
  writeSample,
} from '../src/testing/sample-photos.ts'
import { createObjectUploader } from '../src/uploader.ts'
import { makePhotoFolder, startBackend, startFaultProxy, tempDir } from './helpers.ts'
import type { Backend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startBackend()
})
afterAll(async () => {
  await backend?.stop()
})

const FAST_RETRY = { attempts: 5, baseMs: 20, maxMs: 200 }

async function run(
  folder: string,
  stateDir: string | null,
  url?: string,
  extra: { dryRun?: boolean } = {},
) {
  const client = await backend.staff(url)
  const library = createLibraryRecorder(client)
  try {
    return await uploadFolder({
      folder,
      uploader: createObjectUploader(client, { retry: FAST_RETRY }),
      library,
      stateDir,
      ...extra,
    })
  } finally {
    library.dispose()
  }
}

describe('uploading a folder to the local server', () => {
  it('should upload each new photo once without any metadata, skip duplicates, reject damaged files, and record the photos needing alt text', async () => {
    const folder = await makePhotoFolder(100)
    const state = await tempDir()
    try {
      // The originals do carry a location: JPEG EXIF and a PNG eXIf chunk.
      const original = await readFile(join(folder.dir, 'IMG_100.jpg'))
      expect((await exifr.gps(original))?.latitude).toBeCloseTo(SAMPLE_GPS.latitude)
      const png = await sharp(await readFile(join(folder.dir, 'scoreboard_102.png'))).metadata()
      const pngExif = (await exifr.parse(png.exif ?? Buffer.alloc(0)).catch(() => undefined)) as
        { latitude?: number } | undefined
      expect(pngExif?.latitude).toBeCloseTo(SAMPLE_GPS.latitude)

      // The file's other tests share the backend: what this one adds is counted from here.
      const objectsBefore = new Set(await backend.objects())
      const added = async () => (await backend.objects()).filter((name) => !objectsBefore.has(name))
      const photosBefore = (await backend.library()).value.photos.map((photo) => photo.id)
      const ours = <T extends { sha256?: string | undefined }>(photos: T[]) =>
        photos.filter((photo) => photo.sha256 !== undefined && folder.hashes.has(photo.sha256))

      const report = await run(folder.dir, state.dir)
      const counts = summarize(report)
      expect(counts).toMatchObject({ uploaded: 6, duplicate: 1, rejected: 2, failed: 0 })
      const rejected = report.files.filter((file) => file.status === 'rejected')
      expect(rejected.find((file) => file.relativePath === 'cut-off.HEIC')?.reason).toMatch(
        /HEIC photo is damaged or incomplete/,
      )
      expect(rejected.find((file) => file.relativePath === 'broken.jpg')?.reason).toMatch(
        /damaged or incomplete/,
      )
      expect(report.files.some((file) => file.relativePath.includes('hidden'))).toBe(false)

      expect(await added()).toHaveLength(12)

      const { value } = await backend.library()
      const uploaded = ours(value.photos)
      expect(uploaded).toHaveLength(6)
      expect(uploaded.every((photo) => photo.needsAltText === true)).toBe(true)
      expect(uploaded.map((photo) => photo.alt)).toContain('Scoreboard')
      // The photos already there (the built-in samples among them) still are: the batch was
      // merged, not written over.
      expect(photosBefore.length).toBeGreaterThan(0)
      expect(value.photos.map((photo) => photo.id)).toEqual(expect.arrayContaining(photosBefore))

      for (const photo of uploaded) {
        for (const path of [photo.src, photo.thumbnail ?? '']) {
          const { data, error } = await (
            await backend.staff()
          ).storage
            .from('photo-library-private')
            .download(path)
          expect(error).toBeNull()
          const bytes = Buffer.from(await data!.arrayBuffer())
          expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined()
          const meta = await sharp(bytes).metadata()
          expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined])
        }
      }

      // Again, same job: nothing new.
      const again = await run(folder.dir, state.dir)
      expect(summarize(again)).toMatchObject({ uploaded: 6, failed: 0 })
      expect(
        again.files.filter((file) => file.status === 'uploaded').every((file) => file.earlier),
      ).toBe(true)
      expect(again.bytesSent).toBe(0)
      // A new job (no manifest, no hash cache): the library's hashes say they are all there.
      const fresh = await run(folder.dir, null)
      expect(summarize(fresh)).toMatchObject({ uploaded: 0, duplicate: 7, rejected: 2 })
      expect(await added()).toHaveLength(12)
      expect(ours((await backend.library()).value.photos)).toHaveLength(6)
    } finally {
      await folder.cleanup()
      await state.cleanup()
    }
  })

  it('should take an iPhone HEIC like a JPEG, keep each capture date as takenAt, and refuse a file over the pixel limit without stopping', async () => {
    const base = await tempDir()
    const dir = join(base.dir, 'phone')
    await writeSample(join(dir, 'IMG_4001.HEIC'), await sampleIphoneHeic())
    await writeSample(
      join(dir, 'IMG_4002.jpg'),
      await samplePhoto({
        width: 300,
        height: 200,
        seed: 4002,
        gps: true,
        dateTimeOriginal: '2024:04:20 16:30:05',
        offsetTimeOriginal: '-05:00',
      }),
    )
    await writeSample(join(dir, 'panorama.jpg'), await sampleOversizedJpeg(24_000, 8_000))
    await writeSample(
      join(dir, 'scan.png'),
      await samplePhoto({ width: 200, height: 200, seed: 4003, format: 'png' }),
    )
    try {
      const report = await run(dir, null)
      expect(summarize(report)).toMatchObject({ uploaded: 3, rejected: 1, failed: 0 })
      expect(report.files.find((file) => file.relativePath === 'panorama.jpg')?.reason).toMatch(
        /^Too large: 24000 × 8000 px \(192 megapixels\) is over the uploader's limit of 100 megapixels/,
      )
      const photos = (await backend.library()).value.photos
      const byName = (name: string) => photos.find((photo) => photo.fileName === name)
      const heic = byName('IMG_4001.HEIC')
      expect(heic).toMatchObject({ width: 320, height: 240, takenAt: HEIC_FIXTURE_TAKEN_AT })
      expect(byName('IMG_4002.jpg')?.takenAt).toBe('2024-04-20T21:30:05.000Z')
      expect(byName('scan.png')).toBeDefined()
      expect(byName('scan.png')?.takenAt).toBeUndefined()
      expect(byName('panorama.jpg')).toBeUndefined()
      // What visitors could be served of the iPhone photo (once published) is a plain JPEG: no GPS, no tags.
      for (const path of [heic?.src ?? '', heic?.thumbnail ?? '']) {
        expect(path).toMatch(/\.jpg$/)
        const { data, error } = await (
          await backend.staff()
        ).storage
          .from('photo-library-private')
          .download(path)
        expect(error).toBeNull()
        const bytes = Buffer.from(await data!.arrayBuffer())
        expect((await sharp(bytes).metadata()).format).toBe('jpeg')
        expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined()
        expect(bytes.includes('Exif\0\0')).toBe(false)
      }
    } finally {
      await base.cleanup()
    }
  })

  it('should upload nothing in a dry run and say what it would do', async () => {
    const folder = await makePhotoFolder(200, 3)
    try {
      const before = await backend.objects()
      const report = await run(folder.dir, null, undefined, { dryRun: true })
      // A dry run reads each file's first bytes only: the damaged JPEG and the cut-off HEIC
      // look like photos there (HEIC is taken now), notes.txt is not even scanned.
      expect(summarize(report)).toMatchObject({
        'would-upload': 5,
        duplicate: 1,
        rejected: 0,
        uploaded: 0,
      })
      expect(await backend.objects()).toEqual(before)
    } finally {
      await folder.cleanup()
    }
  })

  it('should get every photo through connection resets, 503s and lost answers, with no duplicate', async () => {
    const folder = await makePhotoFolder(300, 6)
    const proxy = await startFaultProxy(backend.local.url, {
      resets: 3,
      unavailable: 3,
      lostAnswers: 2,
    })
    try {
      const before = (await backend.objects()).length
      const report = await run(folder.dir, null, proxy.url)
      expect(proxy.faults).toBe(8)
      expect(summarize(report)).toMatchObject({ uploaded: 6, failed: 0 })
      expect((await backend.objects()).length - before).toBe(12)
      const hashes =
        (await backend.library()).value?.photos.map((photo) => photo.sha256).filter(Boolean) ?? []
      expect(new Set(hashes).size).toBe(hashes.length)
    } finally {
      await proxy.stop()
      await folder.cleanup()
    }
  })

  it('should add its photos while a staff member edits alt text, losing neither', async () => {
    const folder = await makePhotoFolder(400, 3)
    try {
      const editor = createPhotoRepository(await backend.staff())
      const [first] = (await editor.list({ limit: 1 })).photos
      if (!first) throw new Error('the library is empty')
      const client = await backend.staff()
      const library = createLibraryRecorder(client)
      const [report, edited] = await Promise.all([
        uploadFolder({
          folder: folder.dir,
          uploader: createObjectUploader(client),
          library,
          stateDir: null,
        }),
        editor.update(first.id, first.version, {
          alt: 'Edited during the upload',
          needsAltText: false,
        }),
      ])
      library.dispose()
      expect(summarize(report)).toMatchObject({ uploaded: 3, failed: 0 })
      expect(report.libraryError).toBeUndefined()
      expect(edited.alt).toBe('Edited during the upload')
      const after = (await backend.library()).value.photos
      expect(after.find((photo) => photo.id === first.id)?.alt).toBe('Edited during the upload')
      for (const hash of folder.hashes) {
        expect(after.filter((photo) => photo.sha256 === hash)).toHaveLength(1)
      }
    } finally {
      await folder.cleanup()
    }
  })
})

describe('medium copies for phones', () => {
  it('should store a medium copy of a wide photo where the shared rule names it, and record it for srcset', async () => {
    const base = await tempDir()
    const dir = join(base.dir, 'wide')
    const original = await samplePhoto({ width: 1600, height: 1067, seed: 5001, gps: true })
    await writeSample(join(dir, 'IMG_5001.jpg'), original)
    try {
      const report = await run(dir, null)
      expect(summarize(report)).toMatchObject({ uploaded: 1, failed: 0 })
      const sha256 = createHash('sha256').update(original).digest('hex')
      const paths = photoObjectPaths(sha256, 'image/jpeg')
      const photo = (await backend.library()).value.photos.find((row) => row.sha256 === sha256)
      expect(photo).toMatchObject({
        src: paths.src,
        thumbnail: paths.thumbnail,
        width: 1600,
        variants: [{ width: MEDIUM_WIDTH, src: paths.medium, format: 'jpeg' }],
      })
      expect(await backend.objects()).toEqual(
        expect.arrayContaining([paths.src, paths.thumbnail, paths.medium]),
      )
      const { data, error } = await (
        await backend.staff()
      ).storage
        .from('photo-library-private')
        .download(paths.medium)
      expect(error).toBeNull()
      const bytes = Buffer.from(await data!.arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        'jpeg',
        MEDIUM_WIDTH,
        534,
        undefined,
      ])
      expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined()
    } finally {
      await base.cleanup()
    }
  })
})
