/**
 * One owner for the refresh token, for real and at length: the local server issues access
 * tokens that expire after 5 seconds; the upload process (forked, driven by the real job
 * registry) uploads a folder for about two minutes through a proxy that holds each Storage
 * answer back, so the run spans many expiries; meanwhile a second supabase-js client, standing
 * for the renderer, uses the same stored session every 9 seconds and refreshes it (which, with
 * 5-second tokens, it does at every call); between its calls the token expires under the
 * upload, which then asks for a fresh one. The upload process never presents the
 * refresh token: it reads the access token main keeps, and asks the renderer's client for a
 * new session when Storage answers "jwt expired". At the end every photo is in the library and
 * the session is still valid: the refresh token was never presented by two clients, so
 * Supabase's reuse detection never revoked it.
 *
 * A separately named suite (`*.contract.test.ts`): it takes about two minutes, and runs in
 * `pnpm test` with the other desktop tests.
 */
import { fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { createPhotoRepository } from '@club/core/photo-repository'
import { createBackendClient } from '@club/core/supabase'
import { samplePhoto, writeSample } from '@club/photo-upload/testing'

import type { UploadJobView } from '../shared/ipc-contract.ts'
import { createJobRegistry } from './upload-jobs.ts'
import type { JobProcess } from './upload-jobs.ts'
import { sessionKey } from './upload-worker.ts'

const entry = fileURLToPath(new URL('./upload-process.ts', import.meta.url))
const JWT_EXPIRY_SECONDS = 5
const PHOTOS = 40
/** How long the proxy holds back each Storage upload's answer (after the server took it). */
const ANSWER_DELAY_MS = 5_000
/** How often the renderer's client uses (and so refreshes) the session. */
const RENDERER_PERIOD_MS = 9_000
/** How long the renderer rests from its reads, once, early in the upload. */
const RENDERER_REST_MS = 30_000

let local: LocalSupabase
let proxy: { url: string; close(): Promise<void> }
let base: string

/** Forwards everything to `target`; answers to uploads into Storage arrive `delayMs` late. */
async function startSlowProxy(target: string, delayMs: number) {
  const to = new URL(target)
  const server = createServer((incoming, outgoing) => {
    const slow =
      incoming.method === 'POST' && (incoming.url ?? '').startsWith('/storage/v1/object/')
    const forward = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: to.host },
      },
      (answer) => {
        const send = () => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        }
        if (slow) setTimeout(send, delayMs)
        else send()
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

beforeAll(async () => {
  local = await startLocalSupabase({
    port: 0,
    dataDir: null,
    log: () => {},
    bcryptCost: MIN_BCRYPT_COST,
    jwtExpiry: JWT_EXPIRY_SECONDS,
  })
  proxy = await startSlowProxy(local.url, ANSWER_DELAY_MS)
  base = await mkdtemp(join(tmpdir(), 'desktop-session-'))
}, 120_000)
afterAll(async () => {
  await proxy?.close()
  await local?.stop()
  if (base) await rm(base, { recursive: true, force: true })
})

describe('the desktop session while an upload outlives many token expiries', () => {
  it('should upload every photo and keep the session valid, the renderer refreshing too', async () => {
    const folder = join(base, 'tournament')
    for (let seed = 1; seed <= PHOTOS; seed += 1) {
      await writeSample(
        join(folder, `IMG_${seed}.jpg`),
        await samplePhoto({ width: 320, height: 240, seed: 9_000 + seed }),
      )
    }

    // Main's encrypted store, in memory: the renderer's client and the registry share it.
    const stored = new Map<string, string>()
    const tokensSeen = new Set<string>()
    const renderer = createBackendClient(
      { url: local.url, anonKey: local.anonKey },
      {
        storage: {
          getItem: (key) => stored.get(key) ?? null,
          setItem: (key, value) => {
            stored.set(key, value)
            const token = (JSON.parse(value) as { access_token?: string }).access_token
            if (token) tokensSeen.add(token)
          },
          removeItem: (key) => void stored.delete(key),
        },
        autoRefreshToken: true,
      },
    )
    const signedIn = await renderer.auth.signInWithPassword({
      email: 'staff@club.local',
      password: 'club-staff-2026',
    })
    if (signedIn.error) throw signedIn.error
    expect([...stored.keys()]).toEqual([sessionKey(proxy.url)])

    // The renderer at work: a read every 9 seconds, each refreshing the 5-second session; for
    // the last 4 seconds of each gap the stored token has expired, and an upload that starts
    // then must ask, unless the renderer's next read has refreshed it first (how often that
    // happens depends on the machine's load). So the renderer also rests for half a minute
    // (the director watching the upload), and uploads made then find the token expired and
    // must ask the renderer for a new one.
    const rendererErrors: string[] = []
    let rendererReads = 0
    let restFrom = Number.POSITIVE_INFINITY
    const busy = setInterval(() => {
      const now = Date.now()
      if (now >= restFrom && now < restFrom + RENDERER_REST_MS) return
      void renderer
        .from('photos')
        .select('id')
        .limit(1)
        .then(({ error }) => {
          rendererReads += 1
          if (error) rendererErrors.push(error.message)
        })
    }, RENDERER_PERIOD_MS)

    const ownerRequests: (string | null)[] = []
    const ended: UploadJobView[] = []
    const jobs = createJobRegistry({
      launch: (): JobProcess => {
        const child = fork(entry, [], {
          execArgv: [],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        })
        return {
          send: (message) => void child.send(message),
          onMessage: (listener) => void child.on('message', listener),
          onExit: (listener) => void child.once('exit', (code) => listener(code)),
          kill: () => void child.kill(),
        }
      },
      chooseFolder: async () => folder,
      // The process reaches the backend through the slow proxy; the renderer directly.
      backend: () => ({ url: proxy.url, anonKey: local.anonKey }),
      session: {
        getItem: (key) => stored.get(key) ?? null,
        signedIn: () => stored.size > 0,
        // What main does: ask the renderer, the session's owner (desktop-app.tsx's handler).
        refresh: async (sentWith) => {
          ownerRequests.push(sentWith)
          const { data } = await renderer.auth.getSession()
          if (data.session?.access_token === sentWith) await renderer.auth.refreshSession()
        },
      },
      stateBase: join(base, 'state'),
      emit: () => {},
    })
    jobs.follow((event) => {
      if (event.kind === 'ended') ended.push(event.job)
    })

    const startedAt = Date.now()
    restFrom = startedAt + RENDERER_PERIOD_MS * 2
    const job = await jobs.chooseFolder()
    jobs.start({ jobId: job!.jobId, dryRun: false, retryFailed: false })
    try {
      await expect.poll(() => ended.length, { timeout: 270_000, interval: 250 }).toBe(1)
    } finally {
      clearInterval(busy)
    }
    const seconds = (Date.now() - startedAt) / 1000

    expect(ended[0]).toMatchObject({
      state: 'done',
      report: { uploaded: PHOTOS, failed: [], rejected: [], libraryError: null },
    })
    // The run spanned many expiries, and the session was renewed many times meanwhile.
    expect(seconds).toBeGreaterThan(20 * JWT_EXPIRY_SECONDS)
    expect(tokensSeen.size).toBeGreaterThan(seconds / JWT_EXPIRY_SECONDS / 2)
    expect(rendererReads).toBeGreaterThan(8)
    // The upload met an expired token and had the renderer refresh it.
    expect(ownerRequests.length).toBeGreaterThan(0)
    expect(rendererErrors).toEqual([])

    // Still signed in: the refresh token was never revoked by reuse detection.
    const refreshed = await renderer.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const user = await renderer.auth.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user?.email).toBe('staff@club.local')
    const library = await createPhotoRepository(renderer).list({ offset: 0, limit: 100 })
    expect(library.photos.filter((photo) => photo.sha256)).toHaveLength(PHOTOS)
    console.log(
      `upload under 5-second tokens: ${PHOTOS} photos in ${seconds.toFixed(0)} s, ` +
        `${tokensSeen.size} sessions stored, ${ownerRequests.length} refreshes asked of the renderer, ` +
        `${rendererReads} renderer reads`,
    )
  }, 300_000)
})
