import type { SupabaseClient } from '@supabase/supabase-js'
import { PhotoLibraryError, createPhotoRepository } from '@club/core/photo-repository'
import type { NewLibraryPhoto } from '@club/core/photo-repository'

import type { Connectivity } from './connectivity.ts'
import type { UploadedPhoto } from './manifest.ts'
import { MAX_REFRESHES } from './retry.ts'
import { currentToken, refresherFor } from './session.ts'

/** Makes a first alt text from a file name; a person confirms or rewrites it later. */
export function guessAltText(fileName: string): string {
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

/** The library row of an uploaded photo: its alt text marked as a guess to confirm. */
export function libraryEntry(
  photo: UploadedPhoto,
  sha256: string,
  uploadedAt: string,
  fileName = '',
): NewLibraryPhoto {
  return {
    id: photo.id,
    src: photo.src,
    thumbnail: photo.thumbnail,
    ...(photo.variants ? { variants: photo.variants } : {}),
    fileName: fileName.replace(/^.*[\\/]/, ''),
    alt: photo.alt,
    needsAltText: true,
    width: photo.width,
    height: photo.height,
    ...(photo.takenAt ? { takenAt: photo.takenAt } : {}),
    sha256,
    uploadedAt,
  }
}

/** Adds photos to the library's rows and tells which originals it already holds. */
export type LibraryRecorder = {
  /** Which of `hashes` (SHA-256 of originals) the library holds, read fresh from the backend. */
  knownHashes(hashes: Iterable<string>): Promise<Set<string>>
  /**
   * Adds the photos as rows, in batches; a photo whose original is there already (same hash,
   * e.g. a racing uploader's) is left as it is. Answers the hashes of the given photos that
   * are in the library afterwards: only those count as uploaded.
   */
  add(photos: readonly NewLibraryPhoto[]): Promise<Set<string>>
  dispose(): void
}

/**
 * Records uploads through core's photo repository (the one module that writes the library's
 * rows). A call answered "JWT expired" refreshes the session once (through the client's one
 * refresher, shared with the uploads) and is tried again; a call that got no answer while the
 * backend is unreachable waits, with the uploads, until it is back, and is tried again.
 */
export function createLibraryRecorder(
  client: SupabaseClient,
  options: { connectivity?: Connectivity } = {},
): LibraryRecorder {
  const repository = createPhotoRepository(client)
  const refresh = refresherFor(client)
  const { connectivity } = options
  const withSession = async <T>(call: () => Promise<T>): Promise<T> => {
    let refreshes = 0
    for (;;) {
      await connectivity?.ready()
      const sentWith = await currentToken(client)
      try {
        return await call()
      } catch (error) {
        if (!(error instanceof PhotoLibraryError)) throw error
        if (error.kind === 'expired' && refreshes < MAX_REFRESHES) {
          refreshes += 1
          await refresh(sentWith)
          continue
        }
        // No answer at all (status 0): an outage is waited out, a passing fault is not retried here.
        if (error.kind === 'unavailable' && error.status === 0 && connectivity) {
          if (await connectivity.failedToConnect()) continue
        }
        throw error
      }
    }
  }
  return {
    knownHashes: (hashes) => withSession(() => repository.knownHashes(hashes)),
    add: (photos) => withSession(() => repository.insertMany(photos)),
    dispose() {},
  }
}
