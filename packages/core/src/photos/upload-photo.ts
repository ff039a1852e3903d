/**
 * One photo uploaded from the browser, as the library screen and the editors' image picker both
 * do it: prepared (resized, re-encoded without metadata, plus a thumbnail and a medium copy), stored in the photo
 * bucket under its original's SHA-256, and added as a row with its original file name and no
 * alt text yet (a person writes it before a page can use the photo). Moved here unchanged from
 * the library screen's route so that the picker uploads the same way.
 */
import { photoObjectPaths } from '../photo-library/photo-rules.ts'
import type { PhotoRepository } from '../photo-library/photo-repository.ts'
import type { LibraryPhoto } from '../photo-library/photo-rows.ts'
import type { PhotoStorage } from '../photo-library/photo-storage.ts'
import { prepareImage } from './prepare-image.ts'
import type { ImageCodec, PreparedFile } from './prepare-image.ts'
import type { PhotoVariant } from '../entities/photo-library.ts'
import type { UploadProgress } from './photo-library-props.ts'

export type PhotoUploader = {
  /**
   * Uploads `file`. A photo already in the library is refused with a message, or, with
   * `reuseExisting`, answered as it is stored (the picker then simply selects it).
   */
  upload(
    file: File,
    options?: { onProgress?: (progress: UploadProgress) => void; reuseExisting?: boolean },
  ): Promise<LibraryPhoto>
}

/** The library's record of a medium copy. */
function mediumVariant(src: string, file: PreparedFile): PhotoVariant {
  return { width: file.width, src, format: file.type === 'image/jpeg' ? 'jpeg' : 'webp' }
}

export function createPhotoUploader<Source>(deps: {
  repository: PhotoRepository
  storage: PhotoStorage
  codec: ImageCodec<Source>
}): PhotoUploader {
  const { repository, storage, codec } = deps
  return {
    async upload(file, { onProgress = () => {}, reuseExisting = false } = {}) {
      onProgress({ phase: 'preparing', fraction: 0.1 })
      const prepared = await prepareImage(file, codec)
      const id = `photo-${prepared.sha256.slice(0, 16)}`
      if ((await repository.knownHashes([prepared.sha256])).size > 0) {
        const [stored] = reuseExisting
          ? (await repository.list({ search: '', limit: 1, count: false, sha256: prepared.sha256 }))
              .photos
          : []
        if (stored) return stored
        throw new Error(`${file.name} is already in the library.`)
      }
      const paths = photoObjectPaths(prepared.sha256, prepared.photo.type)
      onProgress({ phase: 'uploading', fraction: 0.4 })
      await storage.upload(paths.src, prepared.photo.blob, prepared.photo.type)
      onProgress({ phase: 'uploading', fraction: 0.6 })
      await storage.upload(paths.thumbnail, prepared.thumbnail.blob, prepared.thumbnail.type)
      const { medium } = prepared
      if (medium) {
        onProgress({ phase: 'uploading', fraction: 0.75 })
        await storage.upload(paths.medium, medium.blob, medium.type)
      }
      onProgress({ phase: 'recording', fraction: 0.9 })
      await repository.insertMany([
        {
          id,
          src: paths.src,
          thumbnail: paths.thumbnail,
          fileName: file.name,
          // Empty until a person writes it: the photo cannot be placed on a page before then.
          alt: '',
          needsAltText: true,
          width: prepared.photo.width,
          height: prepared.photo.height,
          uploadedAt: new Date().toISOString(),
          sha256: prepared.sha256,
          ...(medium ? { variants: [mediumVariant(paths.medium, medium)] } : {}),
        },
      ])
      const [stored] = await repository.byIds([id])
      if (!stored)
        throw new Error(`${file.name} was uploaded but is not in the library. Try again.`)
      return stored
    },
  }
}
