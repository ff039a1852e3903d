import type { NewLibraryPhoto } from '@club/core/photo-repository'
import { describe, expect, it } from 'vitest'

import { createLibraryBatches } from './library-batches.ts'
import type { LibraryRecorder } from './library-update.ts'
import { openManifest } from './manifest.ts'
import type { Manifest, ManifestRecord } from './manifest.ts'
import type { FileOutcome } from './report.ts'
import type { RowToRecord } from './run-plan.ts'

const rowOf = (letter: string, earlier = false): RowToRecord => ({
  earlier,
  record: {
    sha256: letter.repeat(64),
    relativePath: `dir/${letter}.jpg`,
    size: 10,
    state: 'uploaded',
    photo: {
      id: `p-${letter}`,
      src: `library/${letter}.jpg`,
      thumbnail: `library/${letter}-t.jpg`,
      width: 1,
      height: 1,
      alt: letter,
    },
    at: '',
  },
})

/** Keeps the batches it is given; `stores` says which hashes end up in the library. */
function libraryThat(stores: (photo: NewLibraryPhoto) => boolean | 'throw') {
  const batches: NewLibraryPhoto[][] = []
  const recorder: LibraryRecorder = {
    async knownHashes() {
      return new Set()
    },
    async add(photos) {
      batches.push([...photos])
      if (photos.some((photo) => stores(photo) === 'throw')) throw new Error('HTTP 503')
      return new Set(photos.filter((photo) => stores(photo)).map((photo) => photo.sha256 ?? ''))
    },
    dispose() {},
  }
  return { recorder, batches }
}

async function run(library: LibraryRecorder | null, rows: RowToRecord[][], manifest?: Manifest) {
  const settled: FileOutcome[] = []
  let recording = 0
  const batches = createLibraryBatches({
    library,
    manifest: manifest ?? (await openManifest(null)),
    batchSize: 2,
    settle: (outcome) => settled.push(outcome),
    onRecording: () => (recording += 1),
  })
  for (const added of rows) batches.add(added)
  await batches.finish()
  return { settled, recording, error: batches.error }
}

describe('createLibraryBatches', () => {
  it('should send full batches as they fill up and the rest at the end, marking each row recorded', async () => {
    const { recorder, batches } = libraryThat(() => true)
    const manifest = await openManifest(null)
    const { settled, recording, error } = await run(
      recorder,
      [[rowOf('a', true), rowOf('b', true), rowOf('c', true)], [rowOf('d')], [rowOf('e')]],
      manifest,
    )
    expect(batches.map((batch) => batch.map((photo) => photo.fileName))).toEqual([
      ['a.jpg', 'b.jpg'],
      ['c.jpg', 'd.jpg'],
      ['e.jpg'],
    ])
    expect(recording).toBe(3)
    expect(error).toBeUndefined()
    expect(settled.map((o) => [o.relativePath, o.status, o.earlier])).toEqual([
      ['dir/a.jpg', 'uploaded', true],
      ['dir/b.jpg', 'uploaded', true],
      ['dir/c.jpg', 'uploaded', true],
      ['dir/d.jpg', 'uploaded', false],
      ['dir/e.jpg', 'uploaded', false],
    ])
    expect(manifest.all().map((record) => record.state)).toEqual(Array(5).fill('recorded'))
  })

  it('should save a batch as soon as it is full, before the run ends', async () => {
    const { recorder, batches } = libraryThat(() => true)
    const settled: FileOutcome[] = []
    const queue = createLibraryBatches({
      library: recorder,
      manifest: await openManifest(null),
      batchSize: 2,
      settle: (outcome) => settled.push(outcome),
      onRecording: () => {},
    })
    queue.add([rowOf('a')])
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toEqual([])
    queue.add([rowOf('b')])
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches.map((batch) => batch.length)).toEqual([2])
    expect(settled.map((o) => o.relativePath)).toEqual(['dir/a.jpg', 'dir/b.jpg'])
    queue.add([rowOf('c')])
    await queue.finish()
    expect(batches.map((batch) => batch.length)).toEqual([2, 1])
  })

  it('should report a row the library refused as failed and keep it uploaded for the next run', async () => {
    const { recorder } = libraryThat((photo) => (photo.id === 'p-c' ? 'throw' : photo.id !== 'p-b'))
    const manifest = await openManifest(null)
    const rows = [rowOf('a'), rowOf('b'), rowOf('c')]
    for (const { record } of rows) await manifest.set(record)
    const { settled, error } = await run(recorder, [rows], manifest)
    expect(settled.map((o) => [o.relativePath, o.status, o.reason])).toEqual([
      ['dir/a.jpg', 'uploaded', undefined],
      ['dir/b.jpg', 'failed', 'stored, but not yet in the photo library; run again to finish'],
      [
        'dir/c.jpg',
        'failed',
        'stored, but not yet in the photo library (HTTP 503); run again to finish',
      ],
    ])
    expect(error).toBe('HTTP 503')
    const states = (letter: string) => (manifest.get(letter.repeat(64)) as ManifestRecord).state
    expect([states('a'), states('b'), states('c')]).toEqual(['recorded', 'uploaded', 'uploaded'])
  })

  it('should count every photo uploaded and record nothing without a library', async () => {
    const manifest = await openManifest(null)
    const { settled, recording } = await run(
      null,
      [[rowOf('a'), rowOf('b', true), rowOf('c')]],
      manifest,
    )
    expect(settled.map((o) => [o.status, o.earlier])).toEqual([
      ['uploaded', false],
      ['uploaded', true],
      ['uploaded', false],
    ])
    expect(recording).toBe(0)
    expect(manifest.all()).toEqual([])
  })
})
