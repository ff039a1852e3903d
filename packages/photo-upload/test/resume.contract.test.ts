import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLibraryRecorder } from '../src/library-update.ts'
import { summarize } from '../src/report.ts'
import { uploadFolder } from '../src/upload-folder.ts'
import { createObjectUploader } from '../src/uploader.ts'
import { makePhotoFolder, startBackend, startFaultProxy, tempDir } from './helpers.ts'
import type { Backend, ProxiedAnswer } from './helpers.ts'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

let backend: Backend
beforeAll(async () => {
  backend = await startBackend()
})
afterAll(async () => {
  await backend?.stop()
})

/** `pnpm photos:upload` in a process of its own, as the seeded staff user, two photos at a time. */
function startCli(folder: string, stateDir: string, url = backend.local.url) {
  const child = spawn(
    process.execPath,
    [CLI, folder, '--state-dir', stateDir, '--concurrency', '2'],
    {
      env: { ...process.env, SUPABASE_URL: url, SUPABASE_ANON_KEY: backend.local.anonKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, exited, output: () => output }
}

/** The latest state of each photo in the job's manifest, by hash. */
async function manifestStates(stateDir: string): Promise<Map<string, string>> {
  const states = new Map<string, string>()
  let text: string
  try {
    text = await readFile(join(stateDir, 'manifest.jsonl'), 'utf8')
  } catch {
    return states
  }
  for (const line of text.split('\n')) {
    try {
      const record = JSON.parse(line) as { sha256: string; state: string }
      states.set(record.sha256, record.state)
    } catch {
      // A torn line.
    }
  }
  return states
}

const count = (states: Map<string, string>, state: string) =>
  [...states.values()].filter((value) => value === state).length

/** The folder's photos as the backend holds them: library entries and bucket objects. */
async function heldFor(hashes: Set<string>) {
  const photos = (await backend.library()).value?.photos ?? []
  const entries = photos.filter((photo) => photo.sha256 && hashes.has(photo.sha256))
  const objects = (await backend.objects()).filter((name) =>
    [...hashes].some((hash) => name.includes(hash)),
  )
  return { entries, objects }
}

/**
 * Every photo of the folder is in the library exactly once (0 duplicates, 0 lost), its photo
 * and thumbnail are in the bucket, and the bucket holds nothing else of the folder.
 */
async function expectEachPhotoOnce(hashes: Set<string>) {
  const { entries, objects } = await heldFor(hashes)
  expect(entries.map((photo) => photo.sha256).sort()).toEqual([...hashes].sort())
  expect(objects.sort()).toEqual(
    entries.flatMap((photo) => [photo.src, photo.thumbnail ?? 'no thumbnail']).sort(),
  )
}

const isUpload = (answer: ProxiedAnswer) =>
  answer.method === 'POST' &&
  answer.path.startsWith('/storage/v1/object/photo-library-private/library/')
const isLibrarySave = (answer: ProxiedAnswer) =>
  answer.method === 'POST' && answer.path.startsWith('/rest/v1/photos')
const succeeded = (answer: ProxiedAnswer) => answer.status >= 200 && answer.status < 300

describe('stopping part way and starting again', () => {
  it('should lose nothing and duplicate nothing when the process is killed mid-batch and run again', async () => {
    const folder = await makePhotoFolder(500, 10)
    const state = await tempDir()
    try {
      const first = startCli(folder.dir, state.dir)
      const deadline = Date.now() + 45_000
      while (count(await manifestStates(state.dir), 'uploaded') < 3) {
        if (Date.now() > deadline) throw new Error(`No uploads in time: ${first.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      first.child.kill('SIGKILL')
      await first.exited
      const atKill = await manifestStates(state.dir)
      // Killed mid-batch: some uploaded, none recorded in the library yet.
      expect(count(atKill, 'recorded')).toBe(0)
      expect(count(atKill, 'uploaded')).toBeLessThan(10)

      const second = startCli(folder.dir, state.dir)
      expect((await second.exited).code, second.output()).toBe(0)
      expect(second.output()).toContain('uploaded:              10')
      await expectEachPhotoOnce(folder.hashes)
      expect(count(await manifestStates(state.dir), 'recorded')).toBe(10)
    } finally {
      await folder.cleanup()
      await state.cleanup()
    }
  })

  // The two moments a crash can do harm, hit exactly: the server has done the work and the
  // process dies before it hears so (its proxy holds the answer while the test kills it). The
  // killed run also goes through a connection reset and a 503.
  it.each([
    {
      moment: 'a photo is stored in the bucket but its answer has not arrived',
      seed: 700,
      photos: 8,
      isTheMoment: () => {
        let stored = 0
        return (answer: ProxiedAnswer) => isUpload(answer) && succeeded(answer) && ++stored === 5
      },
      // Some objects are in the bucket that the manifest knows nothing of.
      atKill: async (states: Map<string, string>, hashes: Set<string>) => {
        const { objects } = await heldFor(hashes)
        expect(objects.length).toBeGreaterThan(2 * count(states, 'uploaded'))
      },
    },
    {
      moment: 'a batch is saved to the library but the manifest does not say so yet',
      seed: 800,
      // More than one batch (20): the process dies mid-job, with photos still to go.
      photos: 24,
      isTheMoment: () => (answer: ProxiedAnswer) => isLibrarySave(answer) && succeeded(answer),
      // The library holds a batch of the folder's photos; the manifest records none of them.
      atKill: async (states: Map<string, string>, hashes: Set<string>) => {
        expect(count(states, 'recorded')).toBe(0)
        expect((await heldFor(hashes)).entries).toHaveLength(20)
      },
    },
  ])(
    'should lose nothing and duplicate nothing when killed (SIGKILL) just as $moment, then run again',
    async ({ seed, photos, isTheMoment, atKill }) => {
      const folder = await makePhotoFolder(seed, photos)
      const state = await tempDir()
      const isKillPoint = isTheMoment()
      let first: ReturnType<typeof startCli> | undefined
      let killedAt: ProxiedAnswer | undefined
      const proxy = await startFaultProxy(
        backend.local.url,
        { resets: 1, unavailable: 1, lostAnswers: 0 },
        async (answer) => {
          if (killedAt || !first || !isKillPoint(answer)) return 'pass'
          killedAt = answer
          first.child.kill('SIGKILL')
          await first.exited
          return 'drop'
        },
      )
      try {
        first = startCli(folder.dir, state.dir, proxy.url)
        expect((await first.exited).signal, first.output()).toBe('SIGKILL')
        expect(killedAt).toBeDefined()
        expect(proxy.faults).toBe(2)
        await atKill(await manifestStates(state.dir), folder.hashes)

        const second = startCli(folder.dir, state.dir)
        expect((await second.exited).code, second.output()).toBe(0)
        expect(second.output()).toMatch(new RegExp(`uploaded: +${photos}\\b`))
        await expectEachPhotoOnce(folder.hashes)
        const final = await manifestStates(state.dir)
        expect([...folder.hashes].map((hash) => final.get(hash))).toEqual(
          [...folder.hashes].map(() => 'recorded'),
        )
      } finally {
        await proxy.stop()
        await folder.cleanup()
        await state.cleanup()
      }
    },
  )

  it('should stop taking photos when cancelled and finish the rest on the next run', async () => {
    const folder = await makePhotoFolder(600, 6)
    const state = await tempDir()
    try {
      const client = await backend.staff()
      const controller = new AbortController()
      const library = createLibraryRecorder(client)
      const options = {
        folder: folder.dir,
        uploader: createObjectUploader(client),
        library,
        stateDir: state.dir,
        concurrency: 1,
      }
      const cancelled = await uploadFolder({
        ...options,
        signal: controller.signal,
        onFile: (outcome) => {
          if (outcome.status === 'rejected') controller.abort(new Error('Cancelled'))
        },
      })
      expect(cancelled.cancelled).toBe(true)
      const counts = summarize(cancelled)
      expect(counts['not-started']).toBeGreaterThan(0)
      expect(counts.failed).toBe(0)

      const rest = await uploadFolder(options)
      library.dispose()
      expect(summarize(rest)).toMatchObject({ uploaded: 6, failed: 0, 'not-started': 0 })
      await expectEachPhotoOnce(folder.hashes)
    } finally {
      await folder.cleanup()
      await state.cleanup()
    }
  })
})
