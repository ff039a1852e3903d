/**
 * The network goes away part way through an upload: the local server is stopped while photos
 * are under way, and started again on the same port with the same data. The run pauses once
 * ("paused: backend unreachable"), waits, probing, and goes on when the server is back: every
 * photo ends in the library, none fails.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { createPhotoRepository } from '@club/core/photo-repository'

import { PAUSED_MESSAGE, createConnectivity, probeBackend } from '../src/connectivity.ts'
import { createLibraryRecorder } from '../src/library-update.ts'
import { formatReport, summarize } from '../src/report.ts'
import { signInStaff } from '../src/session.ts'
import { uploadFolder } from '../src/upload-folder.ts'
import { createObjectUploader } from '../src/uploader.ts'
import type { FileOutcome } from '../src/report.ts'
import { STAFF, makePhotoFolder } from './helpers.ts'

let dataDir: string
let local: LocalSupabase | undefined
beforeAll(async () => {
  // On disk, so a restart finds the same users, rows and stored files.
  dataDir = await mkdtemp(join(tmpdir(), 'offline-backend-'))
  local = await startLocalSupabase({ port: 0, dataDir, log: () => {}, bcryptCost: MIN_BCRYPT_COST })
}, 120_000)
afterAll(async () => {
  await local?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('an upload while the backend goes away and comes back', () => {
  it('should pause once, go on when the server is back on its port, and upload every photo', async () => {
    const first = local!
    const port = Number(new URL(first.url).port)
    const { anonKey } = first
    const folder = await makePhotoFolder(700, 24)
    const client = await signInStaff({ url: first.url, anonKey, ...STAFF })
    const messages: string[] = []
    let resumedAfterMs = 0
    let announcePause = () => {}
    const pausedOnce = new Promise<void>((resolve) => (announcePause = resolve))
    const connectivity = createConnectivity({
      probe: probeBackend(first.url, anonKey),
      backoff: { attempts: Infinity, baseMs: 200, maxMs: 1_000 },
      onPause: (message) => {
        messages.push(message)
        announcePause()
      },
      onResume: (ms) => (resumedAfterMs = ms),
    })
    const settled: FileOutcome[] = []
    let stopping: Promise<void> | undefined
    try {
      const run = uploadFolder({
        folder: folder.dir,
        uploader: createObjectUploader(client, {
          connectivity,
          retry: { attempts: 3, baseMs: 50, maxMs: 200 },
        }),
        library: createLibraryRecorder(client, { connectivity }),
        connectivity,
        stateDir: null,
        concurrency: 2,
        batchSize: 2,
        onFile: (outcome) => {
          settled.push(outcome)
          // The first photos are in the library: the server goes away under the rest.
          if (outcome.status === 'uploaded' && !stopping) stopping = first.stop()
        },
      })
      await pausedOnce
      await stopping
      const settledWhileAway = settled.filter((outcome) => outcome.status === 'uploaded').length
      expect(settledWhileAway).toBeLessThan(folder.unique)
      // Back on the same port, with the same data.
      local = await startLocalSupabase({
        port,
        dataDir,
        log: () => {},
        bcryptCost: MIN_BCRYPT_COST,
      })
      const report = await run
      expect(
        summarize(report),
        JSON.stringify(report.files.filter((file) => file.status === 'failed')),
      ).toMatchObject({ uploaded: folder.unique, failed: 0, 'not-started': 0 })
      expect(report.libraryError).toBeUndefined()
      expect(messages).toEqual([PAUSED_MESSAGE])
      expect(report.paused?.times).toBe(1)
      expect(resumedAfterMs).toBeGreaterThan(0)
      expect(formatReport(report)).toContain('paused: backend unreachable once')

      const rows = await createPhotoRepository(client).list({ limit: 1000 })
      for (const hash of folder.hashes) {
        expect(rows.photos.filter((photo) => photo.sha256 === hash)).toHaveLength(1)
      }
      // The session came through the outage too.
      expect((await client.auth.getUser()).data.user?.email).toBe(STAFF.email)
    } finally {
      await folder.cleanup()
    }
  }, 180_000)
})
