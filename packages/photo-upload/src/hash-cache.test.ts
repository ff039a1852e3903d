import { createHash } from 'node:crypto'
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { hashFile, openHashCache } from './hash-cache.ts'
import type { ScannedFile } from './scan.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hash-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

async function scanned(path: string): Promise<ScannedFile> {
  const info = await stat(path)
  return { path, relativePath: 'x', size: info.size, mtimeMs: info.mtimeMs }
}

describe('hashFile', () => {
  it('should give the SHA-256 of the bytes', async () => {
    await writeFile(join(dir, 'a'), 'hello')
    expect(await hashFile(join(dir, 'a'))).toBe(sha('hello'))
  })
})

describe('openHashCache', () => {
  it('should reuse a stored hash while path, size and mtime are unchanged, across reopening', async () => {
    const file = join(dir, 'a.jpg')
    const cachePath = join(dir, 'state', 'hashes.json')
    await writeFile(file, 'one')
    const when = new Date('2026-01-02T03:04:05Z')
    await utimes(file, when, when)
    const first = await openHashCache(cachePath)
    expect(await first.hash(await scanned(file))).toBe(sha('one'))
    await first.save()

    // Same size and mtime, other bytes: only an answer from the cache still says 'one'.
    await writeFile(file, 'two')
    await utimes(file, when, when)
    const second = await openHashCache(cachePath)
    expect(await second.hash(await scanned(file))).toBe(sha('one'))
    expect(second.hits).toBe(1)
  })

  it('should hash again when the file changed', async () => {
    const file = join(dir, 'a.jpg')
    const cache = await openHashCache(null)
    await writeFile(file, 'one')
    await cache.hash(await scanned(file))
    await writeFile(file, 'two!')
    await utimes(file, new Date(), new Date(Date.now() + 5000))
    expect(await cache.hash(await scanned(file))).toBe(sha('two!'))
    expect(cache.hits).toBe(0)
  })

  it('should ignore a damaged cache file', async () => {
    const cachePath = join(dir, 'hashes.json')
    await writeFile(cachePath, '{not json')
    await writeFile(join(dir, 'a'), 'x')
    const cache = await openHashCache(cachePath)
    expect(await cache.hash(await scanned(join(dir, 'a')))).toBe(sha('x'))
  })
})
