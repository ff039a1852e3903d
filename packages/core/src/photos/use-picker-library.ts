import { useEffect, useMemo, useState } from 'react'

import type { PhotoLibrary } from '../entities/photo-library.ts'
import { createPhotoRepository } from './photo-repository.ts'
import { LIBRARY_BUCKET } from './photo-rules.ts'
import { createPhotoStorage } from './photo-storage.ts'

/** Photos the editors' pickers offer: the newest ones (search lives in the library screen). */
export const PICKER_PHOTO_COUNT = 300

const EMPTY: PhotoLibrary = { albums: [], photos: [] }

/**
 * The photo library as the editors' photo pickers take it (`{ albums, photos }`), read from
 * the library's rows: its newest {@link PICKER_PHOTO_COUNT} photos and every album, kept
 * current over Realtime. Each photo also carries its row `version`, for saving alt text.
 * Empty until read, and for a client that is not staff's (the rows are staff-only).
 *
 * Library photos live in the private bucket, so each photo's `thumbnail` is replaced by a
 * signed address of its thumbnail (or of the photo), for the picker to show; `src` stays the
 * bucket path, which the editors turn into the public address a page stores (and publish).
 */
export function usePickerLibrary(
  client: Parameters<typeof createPhotoRepository>[0],
): PhotoLibrary {
  const repository = useMemo(() => createPhotoRepository(client), [client])
  const files = useMemo(() => createPhotoStorage(client, { bucket: LIBRARY_BUCKET }), [client])
  const [library, setLibrary] = useState<PhotoLibrary>(EMPTY)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = async () => {
      try {
        const [page, albums] = await Promise.all([
          repository.list({ limit: PICKER_PHOTO_COUNT }),
          repository.albums(),
        ])
        const shown = (photo: (typeof page.photos)[number]) => photo.thumbnail ?? photo.src
        const paths = page.photos.map(shown).filter((path) => !/^(?:\/|https?:)/.test(path))
        const signed = paths.length > 0 ? await files.signedUrls(paths) : new Map<string, string>()
        const photos = page.photos.map((photo) => {
          const address = signed.get(shown(photo))
          return address ? { ...photo, thumbnail: address } : photo
        })
        if (live) setLibrary({ albums, photos })
      } catch {
        // Not staff, or offline: the picker shows what it had.
      }
    }
    void load()
    const stop = repository.subscribe(() => {
      if (timer === undefined)
        timer = setTimeout(() => {
          timer = undefined
          void load()
        }, 800)
    })
    return () => {
      live = false
      clearTimeout(timer)
      stop()
    }
  }, [repository, files])
  return library
}
