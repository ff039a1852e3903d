import { useEffect, useMemo, useState } from 'react'

import type { Photo, PhotoLibrary } from '../entities/photo-library.ts'
import { createPhotoRepository } from '../photo-library/photo-repository.ts'
import { LIBRARY_BUCKET } from '../photo-library/photo-rules.ts'
import { createPhotoStorage } from '../photo-library/photo-storage.ts'
import type { PhotoStorage } from '../photo-library/photo-storage.ts'
import { createBrowserImageCodec } from './prepare-image.ts'
import { createPhotoUploader } from './upload-photo.ts'

/** Photos the editors' pickers offer before a search: the newest ones. */
export const PICKER_PHOTO_COUNT = 300

const EMPTY: PhotoLibrary = { albums: [], photos: [] }

/**
 * Library photos live in the private bucket: each photo's `thumbnail` becomes a signed address
 * of its thumbnail (or of the photo), for a picker to show. `src` stays the bucket path.
 */
async function withSignedThumbnails(
  files: PhotoStorage,
  photos: readonly Photo[],
): Promise<Photo[]> {
  const shown = (photo: Photo) => photo.thumbnail ?? photo.src
  const paths = photos.map(shown).filter((path) => !/^(?:\/|https?:)/.test(path))
  const signed = paths.length > 0 ? await files.signedUrls(paths) : new Map<string, string>()
  return photos.map((photo) => {
    const address = signed.get(shown(photo))
    return address ? { ...photo, thumbnail: address } : photo
  })
}

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
        const photos = await withSignedThumbnails(files, page.photos)
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

/** Photos a search in the picker lists at most. */
export const PICKER_SEARCH_LIMIT = 60

/**
 * What the editors' image pickers need beyond the newest photos: a search over the whole
 * library (its rows, on the server) and an upload that adds the picked file to the library as
 * the library screen does (`upload-photo.ts`) and answers the stored photo (the stored one for
 * a file already there).
 */
export function usePickerServices(client: Parameters<typeof createPhotoRepository>[0]): {
  findPhotos(search: string): Promise<readonly Photo[]>
  onUpload(file: File): Promise<Photo>
} {
  return useMemo(() => {
    const repository = createPhotoRepository(client)
    const files = createPhotoStorage(client, { bucket: LIBRARY_BUCKET })
    const uploader = createPhotoUploader({
      repository,
      storage: files,
      codec: createBrowserImageCodec(),
    })
    return {
      findPhotos: async (search) =>
        withSignedThumbnails(
          files,
          (await repository.list({ search, limit: PICKER_SEARCH_LIMIT, count: false })).photos,
        ),
      onUpload: async (file) => {
        const stored = await uploader.upload(file, { reuseExisting: true })
        return (await withSignedThumbnails(files, [stored]))[0] ?? stored
      },
    }
  }, [client])
}
