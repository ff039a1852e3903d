import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { settleDryRun } from './dry-run.ts'
import type { FileOutcome } from './report.ts'
import type { HashedFile } from './run-plan.ts'
import { samplePhoto } from './testing/sample-photos.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dry-run-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function original(name: string, data: Buffer): Promise<HashedFile> {
  await writeFile(join(dir, name), data)
  const file = { path: join(dir, name), relativePath: name, size: data.length, mtimeMs: 1 }
  return { file, sha256: 'a'.repeat(64) }
}

describe('settleDryRun', () => {
  it('should tell from the first bytes what would upload, then the rows an earlier run left', async () => {
    const photo = await original('photo.jpg', await samplePhoto({ width: 32, height: 24 }))
    const text = await original('notes.jpg', Buffer.from('not a photo at all'))
    const settled: FileOutcome[] = []
    const record = {
      sha256: 'b'.repeat(64),
      relativePath: 'old.jpg',
      size: 7,
      state: 'uploaded' as const,
      at: '',
    }
    await settleDryRun({ work: [photo, text], toRecord: [{ record, earlier: true }] }, (outcome) =>
      settled.push(outcome),
    )
    expect(settled).toEqual([
      { relativePath: 'photo.jpg', size: photo.file.size, status: 'would-upload' },
      {
        relativePath: 'notes.jpg',
        size: text.file.size,
        status: 'rejected',
        reason: 'Not a photo this uploader can read',
      },
      { relativePath: 'old.jpg', size: 7, status: 'would-upload', earlier: true },
    ])
  })
})
