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
 * The second suite closes the window during an upload (main refreshes) and opens it again.
 *
 * A separately named suite (`*.contract.test.ts`): it takes about two and a half minutes, and
 * runs in `pnpm test` with the other desktop tests (in its own lane in `pnpm check`).
 */
import { fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { createPhotoRepository } from '@club/core/photo-repository'
import { createBackendClient } from '@club/core/supabase'
import type { BackendClient } from '@club/core/supabase'
import { samplePhoto, writeSample } from '@club/photo-upload/testing'

import type { UploadJobView } from '../shared/ipc-contract.ts'
import { createCredentialStore } from './credential-store.ts'
import { createMainRefresher } from './main-refresher.ts'
import { createSessionOwner } from './session-owner.ts'
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

/**
 * Forwards everything to `target`; answers to uploads into Storage arrive `delayMs` late. Every
 * refresh token presented to Auth, by any client, is handed to `onRefreshGrant`.
 */
async function startSlowProxy(
  target: string,
  delayMs: number,
  onRefreshGrant: (refreshToken: string) => void = () => {},
) {
  const to = new URL(target)
  const server = createServer((incoming, outgoing) => {
    const slow =
      incoming.method === 'POST' && (incoming.url ?? '').startsWith('/storage/v1/object/')
    if (
      incoming.method === 'POST' &&
      (incoming.url ?? '').startsWith('/auth/v1/token?grant_type=refresh_token')
    ) {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          refresh_token?: string
        }
        onRefreshGrant(body.refresh_token ?? '')
      })
    }
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

/**
 * The window closed while an upload runs (macOS keeps the app running without one): main
 * refreshes the session itself, and hands it back to the page of a window opened again. Tokens
 * expire after 2 seconds and Auth revokes a reused token's family at once (no reuse window);
 * every client (the pages', main's, the upload process's) reaches the backend through one proxy,
 * which sees every refresh token presented. The run spans many expiries with no window, finishes
 * with every photo, and no refresh token was ever presented twice. About half a minute.
 */
describe('the desktop session while an upload goes on with no window open', () => {
  const SHORT_EXPIRY_SECONDS = 2
  const NO_WINDOW_PHOTOS = 20
  /** The window opens again once this many photos are up. */
  const REOPEN_AT = 15
  /**
   * Storage's answers arrive 1.5 seconds late: two uploads a photo (thumbnail, then photo), 4
   * photos at a time, so the photos after the first up to the 15th take at least 10.5 seconds,
   * 5 token lifetimes, however fast the machine.
   */
  const STORAGE_ANSWER_MS = 1_500
  const PAGE_PERIOD_MS = 1_000

  let server: LocalSupabase
  let front: { url: string; close(): Promise<void> }
  const presented: string[] = []

  beforeAll(async () => {
    server = await startLocalSupabase({
      port: 0,
      dataDir: null,
      log: () => {},
      bcryptCost: MIN_BCRYPT_COST,
      jwtExpiry: SHORT_EXPIRY_SECONDS,
      refreshTokenReuseInterval: 0,
    })
    front = await startSlowProxy(server.url, STORAGE_ANSWER_MS, (token) => presented.push(token))
  }, 120_000)
  afterAll(async () => {
    await front?.close()
    await server?.stop()
  })

  it('should refresh from main with the window closed, then hand the session back to a new window', async () => {
    const folder = join(base, 'no-window', 'season-photos')
    for (let seed = 1; seed <= NO_WINDOW_PHOTOS; seed += 1) {
      await writeSample(
        join(folder, `IMG_${seed}.jpg`),
        await samplePhoto({ width: 320, height: 240, seed: 12_000 + seed }),
      )
    }
    const backend = { url: front.url, anonKey: server.anonKey }

    // Main's credential store, as in the app (its keystore a byte rotation, its file in memory).
    const file = new Map<string, unknown>()
    const credentials = createCredentialStore({
      keystore: {
        isEncryptionAvailable: () => true,
        backend: () => 'gnome_libsecret',
        encryptString: (plain) => Buffer.from(Buffer.from(plain).map((b) => (b + 13) % 256)),
        decryptString: (data) => Buffer.from(data.map((b) => (b + 243) % 256)).toString(),
      },
      file: {
        get: (key) => file.get(key),
        set: (key, value) => void file.set(key, value),
        delete: (key) => void file.delete(key),
      },
    })
    const mainLog: string[] = []
    const refresher = createMainRefresher({
      backend: () => backend,
      storage: credentials,
      log: {
        info: (line) => mainLog.push(String(line)),
        warn: (line) => mainLog.push(`warn: ${String(line)}`),
        error: (line) => mainLog.push(`error: ${String(line)}`),
      },
    })
    let mainRefreshes = 0
    const counted = {
      refresh: (sentWith: string | null) => {
        mainRefreshes += 1
        return refresher.refresh(sentWith)
      },
      settled: () => refresher.settled(),
    }

    /** The window's page: its client over main's store (as over IPC), reading now and then. */
    type Page = {
      client: BackendClient
      reads: number
      errors: string[]
      /** Its answers to refresh requests under way. */
      answering: Set<Promise<void>>
      close(): Promise<void>
    }
    let page: Page | null = null
    const owner = createSessionOwner({
      ask: (request) => {
        const open = page
        if (!open) return false
        // desktop-app.tsx's answer to 'auth:refresh-needed'.
        const answer = (async () => {
          try {
            const { data } = await open.client.auth.getSession()
            if (data.session?.access_token === request.sentWith)
              await open.client.auth.refreshSession()
          } finally {
            owner.answered(request.requestId)
          }
        })()
        open.answering.add(answer)
        void answer.finally(() => open.answering.delete(answer))
        return true
      },
      main: counted,
    })
    const openWindow = (): Page => {
      // Its reads refresh the 2-second session each time (as its ticker would): no ticker here,
      // so that the test closes it between two refreshes, never during one.
      // Its storage: the 'auth-storage:*' handlers (owner.storage), as ipcAuthStorage reaches them.
      const handlers = owner.storage(credentials)
      const client = createBackendClient(backend, {
        storage: {
          getItem: (key) => handlers.getItem(key),
          setItem: async (key, value) => void (await handlers.setItem(key, value)),
          removeItem: async (key) => void (await handlers.removeItem(key)),
        },
        autoRefreshToken: false,
      })
      const opened: Page = {
        client,
        reads: 0,
        errors: [],
        answering: new Set(),
        close: async () => {
          clearInterval(timer)
          await last
          await Promise.all([...opened.answering])
          page = null
          // The window's 'closed' event.
          owner.rendererGone()
        },
      }
      let last: Promise<unknown> = Promise.resolve()
      const timer = setInterval(() => {
        last = last.then(() =>
          client
            .from('photos')
            .select('id')
            .limit(1)
            .then(({ error }) => {
              opened.reads += 1
              if (error) opened.errors.push(error.message)
            }),
        )
      }, PAGE_PERIOD_MS)
      page = opened
      onTestFinished(() => clearInterval(timer))
      return opened
    }

    const first = openWindow()
    const signedIn = await first.client.auth.signInWithPassword({
      email: 'staff@club.local',
      password: 'club-staff-2026',
    })
    if (signedIn.error) throw signedIn.error
    expect(owner.rendererOwns()).toBe(true)

    let filesDone = 0
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
      backend: () => backend,
      // What desktop-uploads.ts hands the registry: reads, and the owner's refresh.
      session: {
        getItem: (key) => credentials.getItem(key),
        signedIn: () => credentials.keys().some((key) => credentials.getItem(key)),
        refresh: (sentWith) => owner.refresh(sentWith),
      },
      stateBase: join(base, 'no-window', 'state'),
      emit: (job) => {
        filesDone = job.progress?.phase === 'uploading' ? job.progress.filesDone : filesDone
      },
    })
    jobs.follow((event) => {
      if (event.kind === 'ended') ended.push(event.job)
    })
    onTestFinished(() => jobs.stopAll())

    const startedAt = Date.now()
    const job = await jobs.chooseFolder()
    jobs.start({ jobId: job!.jobId, dryRun: false, retryFailed: false })

    // The director closes the window once the upload is under way.
    await expect.poll(() => filesDone, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0)
    await first.close()
    const closedAt = Date.now()
    expect(owner.rendererOwns()).toBe(false)
    const refreshesBeforeClose = mainRefreshes

    // With no window, the upload goes on for many token lifetimes: main renews the session.
    await expect
      .poll(() => filesDone >= REOPEN_AT || ended.length > 0, { timeout: 60_000, interval: 100 })
      .toBe(true)
    const closedSeconds = (Date.now() - closedAt) / 1000
    const refreshedByMain = mainRefreshes - refreshesBeforeClose

    // A window opens again: its page reads what main stored last, and owns the session again.
    const second = openWindow()
    const user = await second.client.auth.getUser()
    expect(user.error).toBeNull()
    expect(owner.rendererOwns()).toBe(true)
    const refreshesAtReopen = mainRefreshes

    await expect.poll(() => ended.length, { timeout: 60_000, interval: 250 }).toBe(1)
    await second.close()
    const seconds = (Date.now() - startedAt) / 1000

    expect(ended[0]).toMatchObject({
      state: 'done',
      report: { uploaded: NO_WINDOW_PHOTOS, failed: [], rejected: [], libraryError: null },
    })
    // The window stayed closed for many token lifetimes, and main renewed the session meanwhile.
    expect(closedSeconds).toBeGreaterThan(5 * SHORT_EXPIRY_SECONDS)
    expect(refreshedByMain).toBeGreaterThanOrEqual(2)
    expect(mainLog.filter((line) => line.startsWith('The session was renewed'))).not.toHaveLength(0)
    // No refresh by main while the page owned the session.
    expect(mainRefreshes).toBe(refreshesAtReopen)
    expect([...first.errors, ...second.errors]).toEqual([])
    expect(mainLog.filter((line) => /^(warn|error):/.test(line))).toEqual([])
    // One owner at a time: no refresh token was presented twice (Auth would have revoked the
    // session the second time, no reuse window here).
    expect(presented.length).toBeGreaterThan(closedSeconds / SHORT_EXPIRY_SECONDS / 2)
    expect(presented.length - new Set(presented).size).toBe(0)

    // Still signed in, from a client of the next window.
    const third = openWindow()
    const renewed = await third.client.auth.refreshSession()
    expect(renewed.error).toBeNull()
    const library = await createPhotoRepository(third.client).list({ offset: 0, limit: 100 })
    expect(library.photos.filter((photo) => photo.sha256)).toHaveLength(NO_WINDOW_PHOTOS)
    await third.close()
    console.log(
      `upload with the window closed for ${closedSeconds.toFixed(0)} s under ${SHORT_EXPIRY_SECONDS}-second tokens: ` +
        `${NO_WINDOW_PHOTOS} photos in ${seconds.toFixed(0)} s, ${refreshedByMain} refreshes by main, ` +
        `${presented.length} refresh tokens presented, none twice`,
    )
  }, 120_000)
})
