import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { useContentStore, whenContentSettled } from '../../content/content-provider.tsx'
import { CONTENT_KEYS } from '../../entities/content-key-list.ts'
import type { PhotoAlbum } from '../../entities/photo-library.ts'
import {
  findImageUsage,
  imageInUseMessage,
  isImageUsed,
  usedImages,
} from '../../photos/image-usage.ts'
import { NO_PHOTO_FILTERS, PhotoLibraryPage } from '../../photos/photo-library-page.tsx'
import type { PhotoFilters, PhotoLibraryEntry } from '../../photos/photo-library-page.tsx'
import { createPhotoRepository } from '../../photos/photo-repository.ts'
import type { LibraryPhoto } from '../../photos/photo-repository.ts'
import { LIBRARY_BUCKET, PHOTO_PAGE_SIZE, photoObjectPaths } from '../../photos/photo-rules.ts'
import { createPhotoStorage } from '../../photos/photo-storage.ts'
import { createBrowserImageCodec, prepareImage } from '../../photos/prepare-image.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../admin-deps.tsx'

const lastSegment = (src: string) => src.split('/').filter(Boolean).at(-1) ?? src
const isBucketPath = (src: string) => !/^(?:\/|https?:)/.test(src)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Changes arriving faster than this (a desktop bulk upload) reload the page once. */
const RELOAD_AFTER_CHANGE_MS = 800

/**
 * /admin/photo-library: the library's rows (`photos`, through the photo repository), a page of
 * 100 at a time, newest first, with search and filters; uploads prepared in the browser
 * (resized, re-encoded without metadata, plus a thumbnail), stored in the photo bucket and
 * added as a row; alt text; albums and deletion for many photos at once (never of a photo a
 * page uses). It follows the table over Realtime, so uploads from the desktop app appear.
 */
export function PhotoLibraryRoute() {
  useHead(adminHead('Photo library', '/admin/photo-library'))
  const { client } = useAdminDeps()
  const store = useContentStore()
  // Uploads go to the private library; the public bucket holds only what pages use.
  const storage = useMemo(() => createPhotoStorage(client, { bucket: LIBRARY_BUCKET }), [client])
  const published = useMemo(() => createPhotoStorage(client), [client])
  const repository = useMemo(() => createPhotoRepository(client), [client])
  const codec = useMemo(() => createBrowserImageCodec(), [])
  const [filters, setFilters] = useState<PhotoFilters>(NO_PHOTO_FILTERS)
  const [page, setPage] = useState(0)
  const [photos, setPhotos] = useState<LibraryPhoto[]>([])
  // Signed addresses of the shown photos' files (the private bucket has no public ones).
  const [signed, setSigned] = useState<ReadonlyMap<string, string>>(new Map())
  const [total, setTotal] = useState<number | undefined>(undefined)
  const [albums, setAlbums] = useState<PhotoAlbum[]>([])
  const [loadedFor, setLoadedFor] = useState('')
  const [loadError, setLoadError] = useState<string | undefined>(undefined)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((value) => value + 1), [])
  const request = useRef(0)

  const documents = useCallback(
    () => Object.fromEntries(CONTENT_KEYS.map((key) => [key, store.get(key)])),
    [store],
  )

  const wanted = JSON.stringify([filters, page, tick])
  const loading = loadedFor !== wanted
  useEffect(() => {
    const mine = (request.current += 1)
    void (async () => {
      try {
        let used: ReturnType<typeof usedImages> | undefined
        if (filters.notUsed) {
          await whenContentSettled(store, CONTENT_KEYS)
          used = usedImages(documents())
        }
        const [result, albumList] = await Promise.all([
          repository.list({
            search: filters.search,
            ...(filters.album === 'none'
              ? { albumId: null }
              : filters.album
                ? { albumId: filters.album }
                : {}),
            ...(filters.from ? { from: filters.from } : {}),
            ...(filters.to ? { to: filters.to } : {}),
            needsAltText: filters.needsAltText,
            ...(used ? { excludeSha256: [...used.sha256] } : {}),
            offset: page * PHOTO_PAGE_SIZE,
            limit: PHOTO_PAGE_SIZE,
          }),
          repository.albums(),
        ])
        if (mine !== request.current) return
        // Photos stored without a hash (built-in samples) are checked by address here.
        const shown = used
          ? result.photos.filter((photo) => !isImageUsed(photo, used.identities))
          : result.photos
        const files = shown.flatMap((photo) =>
          [photo.thumbnail ?? photo.src, photo.src].filter(isBucketPath),
        )
        const addresses = files.length > 0 ? await storage.signedUrls(files) : new Map()
        if (mine !== request.current) return
        setSigned(addresses)
        setPhotos(shown)
        setTotal(result.total - (result.photos.length - shown.length))
        setAlbums(albumList)
        setLoadError(undefined)
      } catch (error) {
        if (mine === request.current) setLoadError(messageOf(error))
      } finally {
        if (mine === request.current) setLoadedFor(JSON.stringify([filters, page, tick]))
      }
    })()
  }, [repository, storage, store, documents, filters, page, tick])

  // Uploads from elsewhere (the desktop app, another browser) and edits by other staff.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = repository.subscribe(() => {
      if (timer === undefined)
        timer = setTimeout(() => {
          timer = undefined
          reload()
        }, RELOAD_AFTER_CHANGE_MS)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [repository, reload])

  // Bucket paths are shown through signed addresses (a published copy's public address if
  // signing failed); site paths and web addresses as they are.
  const address = (src: string) =>
    isBucketPath(src) ? (signed.get(src) ?? published.publicUrl(src)) : src
  const albumTitle = new Map(albums.map((album) => [album.id, album.title]))
  const entries = photos.map((photo): PhotoLibraryEntry => ({
    id: photo.id,
    name: photo.fileName || lastSegment(photo.src),
    src: address(photo.src),
    ...(photo.thumbnail ? { thumbnailSrc: address(photo.thumbnail) } : {}),
    alt: photo.alt,
    ...(photo.needsAltText ? { needsAltText: true } : {}),
    width: photo.width,
    height: photo.height,
    ...(photo.albumId && albumTitle.has(photo.albumId)
      ? { album: albumTitle.get(photo.albumId) }
      : {}),
  }))
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / PHOTO_PAGE_SIZE))
  const photoById = (id: string) => photos.find((photo) => photo.id === id)
  const usesOf = (photo: LibraryPhoto) => findImageUsage(documents(), photo)
  const storedFiles = (list: readonly LibraryPhoto[]) =>
    list.flatMap((photo) =>
      [photo.src, photo.thumbnail, ...(photo.variants ?? []).map((variant) => variant.src)].filter(
        (src): src is string => src !== undefined && isBucketPath(src),
      ),
    )

  const removePhotos = async (list: readonly LibraryPhoto[]) => {
    await whenContentSettled(store, CONTENT_KEYS)
    const inUse = list
      .map((photo) => ({ photo, uses: usesOf(photo) }))
      .filter(({ uses }) => uses.length > 0)
    if (inUse.length === 1 && list.length === 1) {
      throw new Error(imageInUseMessage(inUse[0]?.uses ?? []))
    }
    if (inUse.length > 0) {
      const names = inUse.map(({ photo }) => photo.fileName || lastSegment(photo.src))
      throw new Error(
        `Nothing was deleted: ${inUse.length === 1 ? '1 selected photo is' : `${inUse.length} selected photos are`} used on the site (${names.join(', ')}). Replace ${inUse.length === 1 ? 'it' : 'them'} there first, or leave ${inUse.length === 1 ? 'it' : 'them'} out.`,
      )
    }
    // The rows first: a file left behind is invisible, a row without its file is a broken photo.
    await repository.remove(list.map((photo) => photo.id))
    await storage.remove(storedFiles(list))
    // A copy left in the public bucket (none, when in step: these photos are used nowhere).
    await published.remove(storedFiles(list))
    reload()
  }

  return (
    <PhotoLibraryPage
      entries={entries}
      page={Math.min(page, pageCount - 1)}
      pageCount={pageCount}
      onPageChange={setPage}
      total={total}
      loading={loading}
      loadError={loadError}
      filters={filters}
      onFiltersChange={(next) => {
        setFilters(next)
        setPage(0)
      }}
      albums={albums}
      usage={(entry) => {
        const photo = photoById(entry.id)
        return photo ? usesOf(photo).map((use) => use.label) : []
      }}
      onUpload={async (file, onProgress) => {
        onProgress({ phase: 'preparing', fraction: 0.1 })
        const prepared = await prepareImage(file, codec)
        if ((await repository.knownHashes([prepared.sha256])).size > 0) {
          throw new Error(`${file.name} is already in the library.`)
        }
        const paths = photoObjectPaths(prepared.sha256, prepared.photo.type)
        onProgress({ phase: 'uploading', fraction: 0.4 })
        await storage.upload(paths.src, prepared.photo.blob, prepared.photo.type)
        onProgress({ phase: 'uploading', fraction: 0.7 })
        await storage.upload(paths.thumbnail, prepared.thumbnail.blob, prepared.thumbnail.type)
        onProgress({ phase: 'recording', fraction: 0.9 })
        await repository.insertMany([
          {
            id: `photo-${prepared.sha256.slice(0, 16)}`,
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
          },
        ])
        reload()
      }}
      onSetAlt={async (id, alt) => {
        const photo = photoById(id)
        if (!photo) throw new Error('This photo is no longer in the library.')
        const saved = await repository.update(id, photo.version, { alt, needsAltText: false })
        setPhotos((list) => list.map((item) => (item.id === id ? saved : item)))
      }}
      onDelete={async (id) => {
        const photo = photoById(id)
        if (photo) await removePhotos([photo])
      }}
      onDeleteMany={async (ids) => {
        await removePhotos(ids.map(photoById).filter((photo) => photo !== undefined))
      }}
      onSetAlbum={async (ids, albumId) => {
        await repository.setAlbum(ids, albumId)
        reload()
      }}
      onAddAlbum={async (title) => (await repository.addAlbum(title)).id}
    />
  )
}
