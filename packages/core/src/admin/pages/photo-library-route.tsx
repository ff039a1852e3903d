import { useMemo, useState } from 'react'

import { useContent, useContentStore, whenContentSettled } from '../../content/content-provider.tsx'
import { CONTENT_KEYS } from '../../entities/content-key-list.ts'
import type { Photo, PhotoLibrary } from '../../entities/photo-library.ts'
import { findImageUsage, imageInUseMessage } from '../../photos/image-usage.ts'
import { PhotoLibraryPage } from '../../photos/photo-library-page.tsx'
import type { PhotoLibraryEntry } from '../../photos/photo-library-page.tsx'
import { PHOTO_PAGE_SIZE, photoObjectPaths } from '../../photos/photo-rules.ts'
import { createPhotoStorage } from '../../photos/photo-storage.ts'
import { createBrowserImageCodec, prepareImage } from '../../photos/prepare-image.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../admin-deps.tsx'

const lastSegment = (src: string) => src.split('/').filter(Boolean).at(-1) ?? src

/**
 * /admin/photo-library: the library's photos (from the `photoLibrary` document, 100 a page by
 * name), uploads prepared in the browser (resized, re-encoded without metadata, plus a
 * thumbnail) and stored in the photo bucket, alt text, and deletion of photos no page uses.
 */
export function PhotoLibraryRoute() {
  useHead(adminHead('Photo library', '/admin/photo-library'))
  const { client } = useAdminDeps()
  const store = useContentStore()
  const library = useContent('photoLibrary')
  const storage = useMemo(() => createPhotoStorage(client), [client])
  const codec = useMemo(() => createBrowserImageCodec(), [])
  const [page, setPage] = useState(0)

  // Bucket paths need the bucket's public address; site paths and web addresses do not.
  const address = (src: string) => (/^(?:\/|https?:)/.test(src) ? src : storage.publicUrl(src))
  const sorted = useMemo(
    () => [...library.photos].sort((a, b) => lastSegment(a.src).localeCompare(lastSegment(b.src))),
    [library.photos],
  )
  const pageCount = Math.max(1, Math.ceil(sorted.length / PHOTO_PAGE_SIZE))
  const shown = Math.min(page, pageCount - 1)
  const entries = sorted
    .slice(shown * PHOTO_PAGE_SIZE, (shown + 1) * PHOTO_PAGE_SIZE)
    .map((photo): PhotoLibraryEntry => ({
      id: photo.id,
      name: lastSegment(photo.src),
      src: address(photo.src),
      ...(photo.thumbnail ? { thumbnailSrc: address(photo.thumbnail) } : {}),
      alt: photo.alt,
      ...(photo.needsAltText ? { needsAltText: true } : {}),
      width: photo.width,
      height: photo.height,
    }))

  // Every change starts from the store's latest library (uploads finish in any order), once
  // the stored one has been read.
  const saveLibrary = async (update: (library: PhotoLibrary) => PhotoLibrary) => {
    await whenContentSettled(store, ['photoLibrary'])
    const outcome = await store.save('photoLibrary', update(store.get('photoLibrary')))
    if (outcome === 'ignored' || outcome === 'conflict') {
      throw new Error('The library could not be saved. Reload the page and try again.')
    }
  }
  const photoById = (id: string) => store.get('photoLibrary').photos.find((p) => p.id === id)
  const usesOf = (photo: Photo) =>
    findImageUsage(Object.fromEntries(CONTENT_KEYS.map((key) => [key, store.get(key)])), photo)

  return (
    <PhotoLibraryPage
      entries={entries}
      page={shown}
      pageCount={pageCount}
      onPageChange={setPage}
      usage={(entry) => {
        const photo = photoById(entry.id)
        return photo ? usesOf(photo).map((use) => use.label) : []
      }}
      onUpload={async (file, onProgress) => {
        onProgress({ phase: 'preparing', fraction: 0.1 })
        const prepared = await prepareImage(file, codec)
        await whenContentSettled(store, ['photoLibrary'])
        if (store.get('photoLibrary').photos.some((p) => p.sha256 === prepared.sha256)) {
          throw new Error(`${file.name} is already in the library.`)
        }
        const paths = photoObjectPaths(prepared.sha256, prepared.photo.type)
        onProgress({ phase: 'uploading', fraction: 0.4 })
        await storage.upload(paths.src, prepared.photo.blob, prepared.photo.type)
        onProgress({ phase: 'uploading', fraction: 0.7 })
        await storage.upload(paths.thumbnail, prepared.thumbnail.blob, prepared.thumbnail.type)
        onProgress({ phase: 'recording', fraction: 0.9 })
        const photo: Photo = {
          id: `photo-${prepared.sha256.slice(0, 16)}`,
          src: paths.src,
          thumbnail: paths.thumbnail,
          // Empty until a person writes it: the photo cannot be placed on a page before then.
          alt: '',
          needsAltText: true,
          width: prepared.photo.width,
          height: prepared.photo.height,
          uploadedAt: new Date().toISOString(),
          sha256: prepared.sha256,
        }
        await saveLibrary((current) => ({ ...current, photos: [...current.photos, photo] }))
      }}
      onSetAlt={(id, alt) =>
        saveLibrary((current) => ({
          ...current,
          photos: current.photos.map((photo) => {
            if (photo.id !== id) return photo
            const { needsAltText: _drafted, ...confirmed } = photo
            return { ...confirmed, alt }
          }),
        }))
      }
      onDelete={async (id) => {
        const photo = photoById(id)
        if (!photo) return
        const uses = usesOf(photo)
        if (uses.length > 0) throw new Error(imageInUseMessage(uses))
        // Only files in the bucket are removed; built-in samples have nothing stored to delete.
        const stored = [photo.src, photo.thumbnail].filter(
          (src): src is string => src !== undefined && !/^(?:\/|https?:)/.test(src),
        )
        await storage.remove(stored)
        await saveLibrary((current) => ({
          ...current,
          photos: current.photos.filter((p) => p.id !== id),
        }))
      }}
    />
  )
}
