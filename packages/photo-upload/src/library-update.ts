import type { SupabaseClient } from '@supabase/supabase-js'
import { entitiesCatalog } from '@club/core/catalog'
import { ContentError, createContentRepository, createContentStore } from '@club/core/content-store'
import type { ContentLogger } from '@club/core/content-store'
import type { Photo, PhotoLibrary } from '@club/core/entities'

import type { UploadedPhoto } from './manifest.ts'
import { sleep } from './retry.ts'

const KEY = 'photoLibrary'
/** Attempts at one batch: conflicts (someone else saved) and passing faults. */
const MAX_ROUNDS = 6

/** Makes a first alt text from a file name; a person confirms or rewrites it later. */
export function draftAltText(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '')
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.+]+/)
    // Camera counters and dates say nothing about what is in the picture.
    .filter((word) => word && !/^(img|dsc|dscn|dscf|pxl|mvimg|photo|image|p)?\d+$/i.test(word))
    .filter((word) => !/^(img|dsc|dscn|dscf|pxl|mvimg)$/i.test(word))
  const text = words.join(' ').trim().slice(0, 120)
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Photo'
}

/** The library entry of an uploaded photo: its alt text marked as a draft to confirm. */
export function libraryEntry(photo: UploadedPhoto, sha256: string, uploadedAt: string): Photo {
  return {
    id: photo.id,
    src: photo.src,
    thumbnail: photo.thumbnail,
    alt: photo.alt,
    needsAltText: true,
    width: photo.width,
    height: photo.height,
    sha256,
    uploadedAt,
  }
}

/** Adds photos to the `photoLibrary` document and tells which originals it already holds. */
export type LibraryRecorder = {
  /** SHA-256 of every original the library holds (read fresh from the backend). */
  knownHashes(): Promise<Set<string>>
  /** Adds the photos not there yet, as one save; a photo already present (same hash or id) is left as it is. */
  add(photos: readonly Photo[]): Promise<void>
  dispose(): void
}

async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error('The photo library could not be read in time')
    await sleep(25)
  }
}

/**
 * Records uploads through core's content store, the save pipeline every other edit uses: each
 * save names the version it started from, and when someone saved in between (a conflict) the
 * stored version is taken, the batch merged into it again, and saved anew.
 */
export function createLibraryRecorder(
  client: SupabaseClient,
  options: { logger?: ContentLogger; retryBaseMs?: number } = {},
): LibraryRecorder {
  const logger = options.logger ?? { warn: () => {}, error: () => {} }
  const retryBaseMs = options.retryBaseMs ?? 500
  const store = createContentStore({
    repository: createContentRepository(client),
    catalog: entitiesCatalog,
    storage: null,
    events: null,
    canSave: true,
    logger,
    backgroundDelayMs: 0,
    savingMs: 0,
    savedMs: 0,
    retryBaseMs,
    // Only the background read matters here; a failed vital read is not retried on its own.
    vitalRetryMs: [],
  })
  let started = false
  const load = async () => {
    if (!started) {
      started = true
      store.start()
    }
    await waitUntil(() => {
      const { background } = store.getLoadState()
      return background === 'loaded' || background === 'failed'
    }, 30_000)
    if (store.getLoadState().background === 'failed')
      throw new Error('The photo library could not be read')
  }
  const pendingOf = () =>
    store.getPendingSaves().find((save) => save.key === KEY && save.status !== 'set-aside')

  return {
    async knownHashes() {
      await load()
      const hashes = new Set<string>()
      for (const photo of store.get(KEY).photos) if (photo.sha256) hashes.add(photo.sha256)
      return hashes
    },

    async add(photos) {
      await load()
      for (let round = 1; round <= MAX_ROUNDS; round += 1) {
        const current: PhotoLibrary = store.get(KEY)
        const hashes = new Set(current.photos.map((photo) => photo.sha256).filter(Boolean))
        const ids = new Set(current.photos.map((photo) => photo.id))
        const fresh = photos.filter((photo) => !hashes.has(photo.sha256) && !ids.has(photo.id))
        if (fresh.length === 0) return
        const outcome = await store.save(KEY, { ...current, photos: [...current.photos, ...fresh] })
        if (outcome === 'stored') return
        const pending = pendingOf()
        if (!pending) continue
        if (outcome === 'conflict') {
          // Take what is stored now and merge this batch into it again on the next round.
          await store.reload(pending.id)
          store.discard(pending.id)
          continue
        }
        if (pending.status === 'pending' && round < MAX_ROUNDS) {
          // A passing fault: the store keeps the draft and retries it; wait, then send it now.
          await sleep(retryBaseMs * 2 ** (round - 1))
          const retried = await store.retryNow(pending.id)
          if (retried === 'stored') return
          const again = pendingOf()
          if (again && retried === 'conflict') {
            await store.reload(again.id)
            store.discard(again.id)
          }
          continue
        }
        store.discard(pending.id)
        throw new ContentError({
          kind: pending.errorKind ?? 'invalid',
          status: 0,
          message: pending.lastError ?? 'The photo library refused the save',
        })
      }
      const left = pendingOf()
      if (left) store.discard(left.id)
      throw new Error('The photo library kept changing while saving; run again to add the rest')
    },

    dispose() {
      store.dispose()
    },
  }
}
