/**
 * The upload process for real: `upload-process.ts` started with Node's child_process.fork (as
 * Electron's utilityProcess would start its build), driven by the real job registry, uploading
 * generated photos to the local backend over HTTP as a signed-in staff member.
 */
import { fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'
import { createPhotoRepository } from '@club/core/photo-repository'
import { createBackendClient } from '@club/core/supabase'
import { samplePhoto, writeSample } from '@club/photo-upload/testing'

import type { UploadJobView } from '../shared/ipc-contract.ts'
import { followJobs, PROGRESS_NONE } from './job-effects.ts'
import { createJobRegistry } from './upload-jobs.ts'
import type { JobProcess } from './upload-jobs.ts'

const entry = fileURLToPath(new URL('./upload-process.ts', import.meta.url))

/** Node's fork in the role of utilityProcess.fork. */
function forkLauncher(started: { pid: number | undefined; kill(): void }[]): () => JobProcess {
  return () => {
    const child = fork(entry, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    started.push({ pid: child.pid, kill: () => child.kill('SIGKILL') })
    return {
      send: (message) => void child.send(message),
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.once('exit', (code) => listener(code)),
      kill: () => void child.kill(),
    }
  }
}

let harness: Harness
let base: string
let staff: Awaited<ReturnType<Harness['signedInUser']>>
beforeAll(async () => {
  harness = await startHarness()
  staff = await harness.signedInUser({ staff: true })
  base = await mkdtemp(join(tmpdir(), 'desktop-upload-'))
}, 60_000)
afterAll(async () => {
  await harness?.stop()
  if (base) await rm(base, { recursive: true, force: true })
})

/** A folder of generated photos, and their SHA-256 (how the library knows them). */
async function photoFolder(name: string, seeds: number[]) {
  const folder = join(base, name)
  const hashes = new Set<string>()
  for (const seed of seeds) {
    const photo = await samplePhoto({ width: 1600, height: 1200, seed })
    hashes.add(createHash('sha256').update(photo).digest('hex'))
    await writeSample(join(folder, `IMG_${seed}.jpg`), photo)
  }
  return { folder, hashes }
}

/** The registry as main builds it, over a session signed in like the renderer's. */
async function setUp(folders: string[]) {
  const session = new Map<string, string>()
  const client = createBackendClient(
    { url: harness.url, anonKey: harness.anonKey },
    {
      storage: {
        getItem: (key) => session.get(key) ?? null,
        setItem: (key, value) => void session.set(key, value),
        removeItem: (key) => void session.delete(key),
      },
      autoRefreshToken: false,
    },
  )
  const signedIn = await client.auth.signInWithPassword({
    email: staff.email,
    password: staff.password,
  })
  if (signedIn.error) throw signedIn.error
  const started: { pid: number | undefined; kill(): void }[] = []
  const ended: UploadJobView[] = []
  const effects: [string, ...unknown[]][] = []
  const jobs = createJobRegistry({
    launch: forkLauncher(started),
    chooseFolder: async () => folders.shift() ?? null,
    backend: () => ({ url: harness.url, anonKey: harness.anonKey }),
    session: {
      getItem: (key) => session.get(key) ?? null,
      signedIn: () => session.size > 0,
      // The renderer's client owns the session: it refreshes when the process asks.
      refresh: async (sentWith) => {
        const { data } = await client.auth.getSession()
        if (data.session?.access_token === sentWith) await client.auth.refreshSession()
      },
    },
    stateBase: join(base, 'state'),
    emit: () => {},
  })
  jobs.follow((event) => {
    if (event.kind === 'ended') ended.push(event.job)
  })
  jobs.follow(
    followJobs(() => jobs.list(), {
      preventSleep: () => effects.push(['preventSleep']),
      allowSleep: (id) => void effects.push(['allowSleep', id]),
      setProgress: (value) => void effects.push(['setProgress', value]),
      notify: (title) => void effects.push(['notify', title]),
    }),
  )
  const waitForEnd = (count: number) =>
    expect.poll(() => ended.length, { timeout: 60_000, interval: 50 }).toBe(count)
  return { jobs, started, ended, effects, waitForEnd }
}

describe('the upload process, forked for real', () => {
  it('should upload a folder to the backend from its own process and report it', async () => {
    const { folder, hashes } = await photoFolder('opening-day', [1, 2, 3, 4])
    const { jobs, started, ended, effects, waitForEnd } = await setUp([folder])
    const job = await jobs.chooseFolder()
    jobs.start({ jobId: job!.jobId, dryRun: false, retryFailed: false })
    expect(started[0]?.pid).not.toBe(process.pid)
    await waitForEnd(1)

    expect(ended[0]).toMatchObject({
      state: 'done',
      report: { uploaded: 4, duplicates: 0, failed: [], rejected: [], libraryError: null },
    })
    const library = await createPhotoRepository(staff.client).list({ offset: 0, limit: 100 })
    // This run's photos (the file's other test shares the backend).
    expect(library.photos.filter((photo) => hashes.has(photo.sha256 ?? ''))).toHaveLength(4)
    // Awake and on the taskbar while it ran; neither once it ended (a short run: no notice).
    expect(effects[0]).toEqual(['preventSleep'])
    expect(effects.filter(([name]) => name === 'setProgress').length).toBeGreaterThan(1)
    expect(effects.slice(-2)).toEqual([
      ['allowSleep', 1],
      ['setProgress', PROGRESS_NONE],
    ])
  }, 90_000)

  it('should fail only the run when its process dies, and continue where it stopped on the next', async () => {
    const { folder } = await photoFolder('finals', [11, 12, 13, 14, 15, 16])
    const { jobs, started, ended, waitForEnd } = await setUp([folder])
    const job = await jobs.chooseFolder()
    jobs.start({ jobId: job!.jobId, dryRun: false, retryFailed: false })
    // As a crash in libvips would: the process is gone mid-run, the registry carries on.
    await expect
      .poll(() => jobs.list()[0]?.progress?.phase, { timeout: 30_000, interval: 10 })
      .toMatch(/hashing|uploading|recording/)
    started[0]!.kill()
    await waitForEnd(1)
    expect(ended[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/stopped unexpectedly/),
    })

    jobs.start({ jobId: job!.jobId, dryRun: false, retryFailed: false })
    await waitForEnd(2)
    const report = ended[1]?.report
    expect(ended[1]?.state).toBe('done')
    // Every photo is in the library once: uploaded now, or already there from the first run.
    expect((report?.uploaded ?? 0) + (report?.duplicates ?? 0)).toBe(6)
    expect(report?.failed).toEqual([])
  }, 120_000)
})
