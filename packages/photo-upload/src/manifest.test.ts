import { appendFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openManifest } from './manifest.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'manifest-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)
const photo = {
  id: 'p-a',
  src: 'library/aa/a.jpg',
  thumbnail: 'library/aa/a-thumb.jpg',
  width: 1,
  height: 1,
  alt: 'A',
}

describe('openManifest', () => {
  it('should keep the latest state of each photo across reopening', async () => {
    const path = join(dir, 'job', 'manifest.jsonl')
    const first = await openManifest(path)
    await first.set({ sha256: A, relativePath: 'a.jpg', state: 'uploaded', photo, size: 10 })
    await first.set({
      sha256: B,
      relativePath: 'b.heic',
      state: 'rejected',
      reason: 'HEIC',
      size: 5,
    })
    await first.set({ sha256: A, relativePath: 'a.jpg', state: 'recorded', photo, size: 10 })

    const second = await openManifest(path)
    expect(second.get(A)?.state).toBe('recorded')
    expect(second.get(A)?.photo).toEqual(photo)
    expect(second.get(B)?.reason).toBe('HEIC')
    expect(second.all()).toHaveLength(2)
  })

  it('should ignore a line a crash cut short and keep the ones before it', async () => {
    const path = join(dir, 'manifest.jsonl')
    const first = await openManifest(path)
    await first.set({ sha256: A, relativePath: 'a.jpg', state: 'uploaded', photo, size: 10 })
    await appendFile(path, '{"sha256":"bbbb","relativePath":"b.j')
    const second = await openManifest(path)
    expect(second.all().map((record) => record.sha256)).toEqual([A])
    await second.set({
      sha256: B,
      relativePath: 'b.jpg',
      state: 'failed',
      reason: 'reset',
      size: 3,
    })
    const third = await openManifest(path)
    expect(third.all().map((record) => record.sha256)).toEqual([A, B])
  })
})
