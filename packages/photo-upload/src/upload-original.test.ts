import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { photoObjectPaths } from '@club/core/photo-rules'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openManifest } from './manifest.ts'
import { RejectedImage } from './process-image.ts'
import type { FileOutcome } from './report.ts'
import type { HashedFile, RowToRecord } from './run-plan.ts'
import { sampleCorruptJpeg, samplePhoto, writeSample } from './testing/sample-photos.ts'
import { createOriginalWorker, failureOf, sendOriginal } from './upload-original.ts'
import type { ObjectUploader } from './uploader.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-original-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const SHA = 'ab'.repeat(32)

async function original(name: string, data: Buffer): Promise<HashedFile> {
  await writeSample(join(dir, name), data)
  return {
    file: { path: join(dir, name), relativePath: name, size: data.length, mtimeMs: 1 },
    sha256: SHA,
  }
}

/** Keeps the path and size of each object in the order sent; `fail` throws instead. */
function sentTo(fail?: Error): ObjectUploader & { sent: [string, number][] } {
  const sent: [string, number][] = []
  return {
    sent,
    async upload(path, data) {
      if (fail) throw fail
      sent.push([path, data.length])
      return 'uploaded'
    },
  }
}

describe('sendOriginal', () => {
  it('should send the thumbnail and medium copy before the photo, at paths named by the hash', async () => {
    const item = await original(
      'summer_team-day.jpg',
      await samplePhoto({ width: 1200, height: 900 }),
    )
    const uploader = sentTo()
    const { photo, bytesSent } = await sendOriginal(item, { uploader, maxPixels: 100_000_000 })
    const paths = photoObjectPaths(SHA, 'image/jpeg')
    expect(uploader.sent.map(([path]) => path)).toEqual([paths.thumbnail, paths.medium, paths.src])
    expect(bytesSent).toBe(uploader.sent.reduce((sum, [, size]) => sum + size, 0))
    expect(photo).toMatchObject({
      id: `p-${SHA.slice(0, 20)}`,
      src: paths.src,
      thumbnail: paths.thumbnail,
      variants: [{ width: 800, src: paths.medium }],
      width: 1200,
      height: 900,
      alt: 'Summer team day',
    })
  })
})

describe('failureOf', () => {
  it('should reject for good what the image pipeline refused, and fail the rest with their message', () => {
    expect(failureOf(new RejectedImage('Too large'))).toEqual({
      state: 'rejected',
      reason: 'Too large',
    })
    expect(failureOf(new Error('HTTP 503'))).toEqual({ state: 'failed', reason: 'HTTP 503' })
    expect(failureOf('socket hang up')).toEqual({ state: 'failed', reason: 'socket hang up' })
  })
})

describe('createOriginalWorker', () => {
  async function work(item: HashedFile, uploader: ObjectUploader, signal?: AbortSignal) {
    const manifest = await openManifest(null)
    const settled: FileOutcome[] = []
    const uploaded: RowToRecord[] = []
    const done: number[] = []
    let sent = 0
    const worker = createOriginalWorker({
      uploader,
      manifest,
      maxPixels: 100_000_000,
      signal,
      settle: (outcome) => settled.push(outcome),
      onSent: (bytes) => (sent += bytes),
      onUploaded: (row) => uploaded.push(row),
      onDone: (size) => done.push(size),
    })
    await worker(item)
    return { manifest, settled, uploaded, done, sent }
  }

  it('should write an uploaded photo to the manifest before handing it on for its row', async () => {
    const item = await original('a.jpg', await samplePhoto({ width: 64, height: 48 }))
    const { manifest, settled, uploaded, done, sent } = await work(item, sentTo())
    expect(manifest.get(SHA)).toMatchObject({ state: 'uploaded', relativePath: 'a.jpg' })
    expect(uploaded).toEqual([{ record: { ...manifest.get(SHA), at: '' }, earlier: false }])
    expect(settled).toEqual([])
    expect(sent).toBeGreaterThan(0)
    expect(done).toEqual([item.file.size])
  })

  it('should write a damaged original as rejected and a refused upload as failed', async () => {
    const damaged = await original('bad.jpg', await sampleCorruptJpeg())
    const rejected = await work(damaged, sentTo())
    expect(rejected.manifest.get(SHA)?.state).toBe('rejected')
    expect(rejected.settled).toMatchObject([{ relativePath: 'bad.jpg', status: 'rejected' }])

    const item = await original('a.jpg', await samplePhoto({ width: 64, height: 48 }))
    const failed = await work(item, sentTo(new Error('HTTP 403')))
    expect(failed.manifest.get(SHA)).toMatchObject({ state: 'failed', reason: 'HTTP 403' })
    expect(failed.settled).toEqual([
      { relativePath: 'a.jpg', size: item.file.size, status: 'failed', reason: 'HTTP 403' },
    ])
    expect(failed.done).toEqual([item.file.size])
  })

  it('should write nothing for an original the cancel cut short: it waits for the next run', async () => {
    const item = await original('a.jpg', await samplePhoto({ width: 64, height: 48 }))
    const controller = new AbortController()
    controller.abort()
    const { manifest, settled, done } = await work(
      item,
      sentTo(new Error('aborted')),
      controller.signal,
    )
    expect(manifest.all()).toEqual([])
    expect(settled).toEqual([
      { relativePath: 'a.jpg', size: item.file.size, status: 'not-started', reason: 'cancelled' },
    ])
    expect(done).toEqual([item.file.size])
  })
})
