import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { photoObjectPaths } from '@club/core/photo-rules'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { summarize } from './report.ts'
import { samplePhoto, writeSample } from './testing/sample-photos.ts'
import { uploadFolder } from './upload-folder.ts'
import type { ObjectUploader } from './uploader.ts'

let base: string
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'upload-folder-'))
  for (const seed of [1, 2, 3]) {
    await writeSample(
      join(base, `p${seed}.jpg`),
      await samplePhoto({ width: 64, height: 48, seed }),
    )
  }
})
afterEach(async () => {
  await rm(base, { recursive: true, force: true })
})

/** Keeps what it is given, in memory: the contract tests use the real bucket. */
function memoryUploader(): ObjectUploader & { paths: string[] } {
  const paths: string[] = []
  return {
    paths,
    async upload(path) {
      if (paths.includes(path)) return 'existed'
      paths.push(path)
      return 'uploaded'
    },
  }
}

describe('uploadFolder', () => {
  it('should upload nothing and leave every file for later when cancelled before it starts', async () => {
    const uploader = memoryUploader()
    const controller = new AbortController()
    controller.abort(new Error('Cancelled'))
    const report = await uploadFolder({
      folder: base,
      uploader,
      library: null,
      stateDir: null,
      signal: controller.signal,
    })
    expect(report.cancelled).toBe(true)
    expect(summarize(report)['not-started']).toBe(3)
    expect(uploader.paths).toEqual([])
  })

  it('should put each photo and its thumbnail at paths named by the original hash', async () => {
    const uploader = memoryUploader()
    const report = await uploadFolder({ folder: base, uploader, library: null, stateDir: null })
    expect(summarize(report).uploaded).toBe(3)
    expect(uploader.paths).toHaveLength(6)
    expect(
      uploader.paths.every((path) =>
        /^library\/[0-9a-f]{2}\/[0-9a-f]{64}(-thumb)?\.jpg$/.test(path),
      ),
    ).toBe(true)
    expect(photoObjectPaths('ab'.repeat(32), 'image/jpeg').thumbnail).toBe(
      `library/ab/${'ab'.repeat(32)}-thumb.jpg`,
    )
  })

  it('should upload only the files named in `only`', async () => {
    const uploader = memoryUploader()
    const report = await uploadFolder({
      folder: base,
      uploader,
      library: null,
      stateDir: null,
      only: ['p2.jpg'],
    })
    expect(report.files.map((file) => [file.relativePath, file.status])).toEqual([
      ['p2.jpg', 'uploaded'],
    ])
    expect(uploader.paths).toHaveLength(2)
  })
})
