/**
 * Shared set-up for the contract suites: a real local server per file, staff signed in with the
 * unmodified supabase-js, photos generated with sharp, and an HTTP proxy that injects faults.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { MIN_BCRYPT_COST, startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { createPhotoRepository } from '@club/core/photo-repository'
import type { LibraryPhoto } from '@club/core/photo-repository'
import type { PhotoAlbum } from '@club/core/entities'

import { signInStaff } from '../src/session.ts'
import {
  sampleCorruptJpeg,
  sampleHeic,
  samplePhoto,
  writeSample,
} from '../src/testing/sample-photos.ts'

export const STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }

export type Backend = {
  local: LocalSupabase
  anon: SupabaseClient
  staff(url?: string): Promise<SupabaseClient>
  /** Every object in the private library bucket under `library/` (listed as staff). */
  objects(): Promise<string[]>
  /** Every row of the library (read as staff: visitors read nothing of it). */
  library(): Promise<{ value: { photos: LibraryPhoto[]; albums: PhotoAlbum[] } }>
  /** Rows of the photo revisions table. */
  revisions(): Promise<number>
  stop(): Promise<void>
}

export async function startBackend(options: { jwtExpiry?: number } = {}): Promise<Backend> {
  const local = await startLocalSupabase({
    port: 0,
    dataDir: null,
    log: () => {},
    bcryptCost: MIN_BCRYPT_COST,
    ...options,
  })
  const anon = createClient(local.url, local.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  let reader: Promise<SupabaseClient> | undefined
  const staffClient = () =>
    (reader ??= signInStaff({ url: local.url, anonKey: local.anonKey, ...STAFF }))
  return {
    local,
    anon,
    staff: (url = local.url) => signInStaff({ url, anonKey: local.anonKey, ...STAFF }),
    async objects() {
      // Only staff may list the bucket.
      const bucket = (await staffClient()).storage.from('photo-library-private')
      const top = await bucket.list('library', { limit: 1000 })
      if (top.error) throw top.error
      const names: string[] = []
      for (const folder of top.data) {
        const inside = await bucket.list(`library/${folder.name}`, { limit: 1000 })
        if (inside.error) throw inside.error
        for (const item of inside.data) names.push(`library/${folder.name}/${item.name}`)
      }
      return names.sort()
    },
    async library() {
      const repository = createPhotoRepository(await staffClient())
      const photos: LibraryPhoto[] = []
      for (let offset = 0; ; offset += 1000) {
        const page = await repository.list({ offset, limit: 1000 })
        photos.push(...page.photos)
        if (page.photos.length < 1000) break
      }
      return { value: { photos, albums: await repository.albums() } }
    },
    async revisions() {
      return createPhotoRepository(await staffClient()).revisionCount()
    },
    stop: () => local.stop(),
  }
}

/**
 * A folder of test photos: JPEG and PNG, some with GPS, a duplicate, a damaged file, a cut-off HEIC and
 * files to skip. `hashes` are the SHA-256 of the `unique` photos that belong in the library.
 */
export async function makePhotoFolder(
  seedBase: number,
  count = 6,
): Promise<{ dir: string; unique: number; hashes: Set<string>; cleanup(): Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'photos-'))
  const dir = join(base, 'photos')
  const hashes = new Set<string>()
  for (let index = 0; index < count; index += 1) {
    const png = index % 3 === 2
    const photo = await samplePhoto({
      width: 640,
      height: 480,
      seed: seedBase + index,
      gps: index % 2 === 0,
      format: png ? 'png' : 'jpeg',
    })
    hashes.add(createHash('sha256').update(photo).digest('hex'))
    await writeSample(
      join(
        dir,
        index < count / 2 ? '' : 'day-2',
        `${png ? 'scoreboard' : 'IMG'}_${seedBase + index}.${png ? 'png' : 'jpg'}`,
      ),
      photo,
    )
  }
  // The same bytes as the first photo, under another name.
  await writeSample(
    join(dir, 'copies', 'first again.jpg'),
    await samplePhoto({ width: 640, height: 480, seed: seedBase, gps: true }),
  )
  await writeSample(join(dir, 'broken.jpg'), await sampleCorruptJpeg())
  await writeSample(join(dir, 'cut-off.HEIC'), sampleHeic())
  await writeSample(
    join(dir, '.hidden.jpg'),
    await samplePhoto({ width: 32, height: 32, seed: seedBase + 500 }),
  )
  await writeSample(join(dir, 'notes.txt'), Buffer.from('not a photo'))
  return { dir, unique: count, hashes, cleanup: () => rm(base, { recursive: true, force: true }) }
}

export type FaultPlan = {
  /** Upload requests whose connection is cut before they reach the server. */
  resets: number
  /** Upload requests answered 503 without reaching the server. */
  unavailable: number
  /** Upload requests that reach the server and are stored, but whose answer is lost. */
  lostAnswers: number
}

/** A request the proxy passed on, as the server answered it. */
export type ProxiedAnswer = { method: string; path: string; status: number }

/**
 * An HTTP proxy in front of the server that spoils the first upload requests as planned.
 * `onAnswer` is told of each answer before it is passed on, and may hold it (the proxy waits
 * for it) or have it dropped, as a crash at that moment would: the server did the work, the
 * client never hears of it.
 */
export async function startFaultProxy(
  target: string,
  plan: FaultPlan,
  onAnswer?: (answer: ProxiedAnswer) => 'pass' | 'drop' | Promise<'pass' | 'drop'>,
): Promise<{ url: string; uploads: number; faults: number; stop(): Promise<void> }> {
  const upstream = new URL(target)
  const state = { uploads: 0, faults: 0 }
  const left = { ...plan }
  const forward = (req: IncomingMessage, res: ServerResponse, lose?: () => void) => {
    const proxied = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (lose) {
          answer.resume()
          answer.on('end', lose)
          return
        }
        const status = answer.statusCode ?? 502
        const seen = { method: req.method ?? 'GET', path: req.url ?? '/', status }
        void Promise.resolve(onAnswer?.(seen) ?? 'pass').then((verdict) => {
          if (verdict === 'drop') {
            answer.resume()
            req.socket.destroy()
            return
          }
          res.writeHead(status, answer.headers)
          answer.pipe(res)
        })
      },
    )
    proxied.on('error', () => res.destroy())
    req.pipe(proxied)
  }
  const server: Server = createServer((req, res) => {
    const isUpload =
      req.method === 'POST' &&
      (req.url ?? '').startsWith('/storage/v1/object/photo-library-private/')
    if (isUpload) state.uploads += 1
    if (isUpload && left.resets > 0) {
      left.resets -= 1
      state.faults += 1
      req.socket.destroy()
      return
    }
    if (isUpload && left.unavailable > 0) {
      left.unavailable -= 1
      state.faults += 1
      req.resume()
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          statusCode: '503',
          error: 'Service Unavailable',
          message: 'Try again later',
        }),
      )
      return
    }
    if (isUpload && left.lostAnswers > 0) {
      left.lostAnswers -= 1
      state.faults += 1
      forward(req, res, () => req.socket.destroy())
      return
    }
    forward(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get uploads() {
      return state.uploads
    },
    get faults() {
      return state.faults
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function tempDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-state-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
