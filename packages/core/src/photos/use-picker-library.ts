import { useEffect, useMemo, useState } from 'react'

import type { PhotoLibrary } from '../entities/photo-library.ts'
import { createPhotoRepository } from './photo-repository.ts'

/** Photos the editors' pickers offer: the newest ones (search lives in the library screen). */
export const PICKER_PHOTO_COUNT = 300

const EMPTY: PhotoLibrary = { albums: [], photos: [] }

/**
 * The photo library as the editors' photo pickers take it (`{ albums, photos }`), read from
 * the library's rows: its newest {@link PICKER_PHOTO_COUNT} photos and every album, kept
 * current over Realtime. Each photo also carries its row `version`, for saving alt text.
 * Empty until read, and for a client that is not staff's (the rows are staff-only).
 */
export function usePickerLibrary(
  client: Parameters<typeof createPhotoRepository>[0],
): PhotoLibrary {
  const repository = useMemo(() => createPhotoRepository(client), [client])
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
        if (live) setLibrary({ albums, photos: page.photos })
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
  }, [repository])
  return library
}
