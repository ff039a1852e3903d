import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'

import { useContentStore, whenContentSettled } from '../../content/content-provider.tsx'
import { CONTENT_KEYS } from '../../entities/content-key-list.ts'
import type { PhotoAlbum } from '../../entities/photo-library.ts'
import { findImageUsage, imageInUseMessage, usedImages } from '../../photo-library/image-usage.ts'
import { formatClubShortDay } from '../../club/club-time.ts'
import { PhotoLibraryPage } from '../../photos/photo-library-page.tsx'
import { NO_PHOTO_FILTERS } from '../../photos/photo-library-props.ts'
import type { PhotoFilters } from '../../photos/photo-library-props.ts'
import type { PhotoLibraryEntry } from '../../photos/photo-grid.tsx'
import { createPhotoRepository } from '../../photo-library/photo-repository.ts'
import type { LibraryPhoto } from '../../photo-library/photo-rows.ts'
import type { PhotoQuery } from '../../photo-library/photo-repository.ts'
import { LIBRARY_BUCKET, PHOTO_PAGE_SIZE } from '../../photo-library/photo-rules.ts'
import { createPhotoStorage } from '../../photo-library/photo-storage.ts'
import { createBrowserImageCodec } from '../../photos/prepare-image.ts'
import { createPhotoUploader } from '../../photos/upload-photo.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { imagePlace } from '../image-places.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { useNewsPublishing } from '../news-publisher.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

const lastSegment = (src: string) => src.split('/').filter(Boolean).at(-1) ?? src
const isBucketPath = (src: string) => !/^(?:\/|https?:)/.test(src)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Changes arriving faster than this (a desktop bulk upload) reload the page once. */
const RELOAD_AFTER_CHANGE_MS = 800

/** Pages of photos read at once while scrolling. */
const PARALLEL_READS = 2

type Loaded = { generation: number; photos: LibraryPhoto[] }

type Read = (offset: number) => Promise<{ photos: LibraryPhoto[] }>

/**
 * The matches of one query, read page by page ({@link PHOTO_PAGE_SIZE} rows, `range` on the
 * server) as the grid asks for the indexes in view: never the whole library. The count is a
 * request of its own, beside the first page, so the first photos show without waiting for it
 * (until it answers, the grid is as long as what has been read). `reload` reads the pages in
 * view and the count again, keeping what is shown until the new rows arrive.
 */
function createPageReader() {
  let read: Read = () => Promise.resolve({ photos: [] })
  let countAll: () => Promise<number> = () => Promise.resolve(0)
  let pages = new Map<number, Loaded>()
  let reading = new Set<number>()
  let wanted: [number, number] = [0, 0]
  let generation = 0
  let total: number | undefined
  let error: string | undefined
  let version = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    version += 1
    for (const listener of listeners) listener()
  }

  function pump() {
    const [first, last] = wanted
    for (let page = first; page <= last && reading.size < PARALLEL_READS; page++) {
      const loaded = pages.get(page)
      if ((loaded && loaded.generation === generation) || reading.has(page)) continue
      const mine = generation
      const inFlight = reading
      inFlight.add(page)
      read(page * PHOTO_PAGE_SIZE).then(
        (result) => {
          inFlight.delete(page)
          if (mine !== generation) return
          pages.set(page, { generation: mine, photos: result.photos })
          error = undefined
          changed()
          pump()
        },
        (caught: unknown) => {
          inFlight.delete(page)
          if (mine !== generation) return
          error = messageOf(caught)
          changed()
        },
      )
    }
  }

  function recount() {
    const mine = generation
    countAll().then(
      (count) => {
        if (mine !== generation) return
        total = count
        changed()
      },
      (caught: unknown) => {
        if (mine !== generation) return
        error = messageOf(caught)
        changed()
      },
    )
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
    /** A new query: forget everything and read its first page and its count. */
    setQuery(nextRead: Read, nextCount: () => Promise<number>) {
      read = nextRead
      countAll = nextCount
      generation += 1
      pages = new Map()
      reading = new Set()
      wanted = [0, 0]
      total = undefined
      error = undefined
      changed()
      pump()
      recount()
    },
    reload() {
      generation += 1
      reading = new Set()
      pump()
      recount()
    },
    onRangeChange(start: number, end: number) {
      wanted = [
        Math.floor(start / PHOTO_PAGE_SIZE),
        Math.floor(Math.max(start, end - 1) / PHOTO_PAGE_SIZE),
      ]
      pump()
    },
    entryAt: (index: number) =>
      pages.get(Math.floor(index / PHOTO_PAGE_SIZE))?.photos[index % PHOTO_PAGE_SIZE],
    total: () => total ?? pages.get(0)?.photos.length,
    counted: () => total !== undefined,
    error: () => error,
  }
}

/**
 * /admin/photo-library: the library's rows (`photos`, through the photo repository) in a
 * virtualized grid, read {@link PHOTO_PAGE_SIZE} at a time as they scroll into view, newest
 * first, with search and filters; uploads prepared in the browser (`upload-photo.ts`); alt
 * text and captions; albums and deletion for many photos at once (never of a photo a page
 * uses). It follows the table over Realtime, so uploads from the desktop app appear.
 */
export function PhotoLibraryRoute() {
  useHead(adminHead('Photo library', screenAddress('PhotoLibraryRoute')))
  const { client } = useAdminDeps()
  const store = useContentStore()
  // Uploads go to the private library; the public bucket holds only what pages use.
  const storage = useMemo(() => createPhotoStorage(client, { bucket: LIBRARY_BUCKET }), [client])
  const published = useMemo(() => createPhotoStorage(client), [client])
  const repository = useMemo(() => createPhotoRepository(client), [client])
  // The news posts are rows the screen does not hold: the database says which use a photo.
  const news = useNewsPublishing()
  const uploader = useMemo(
    () => createPhotoUploader({ repository, storage, codec: createBrowserImageCodec() }),
    [repository, storage],
  )
  const [filters, setFilters] = useState<PhotoFilters>(NO_PHOTO_FILTERS)
  // Signed addresses of the read photos' files (the private bucket has no public ones), added
  // page by page as the grid reads them.
  const signed = useRef(new Map<string, string>())
  const [albums, setAlbums] = useState<PhotoAlbum[]>([])
  const [albumsTick, setAlbumsTick] = useState(0)
  // Edits saved here since the page was read (alt text, caption), shown at once.
  const [saved, setSaved] = useState<ReadonlyMap<string, LibraryPhoto>>(new Map())

  const documents = useCallback(
    () => Object.fromEntries(CONTENT_KEYS.map((key) => [key, store.get(key)])),
    [store],
  )

  const query = useCallback(async (): Promise<PhotoQuery> => {
    const query: PhotoQuery = {
      search: filters.search,
      ...(filters.album === 'none'
        ? { albumId: null }
        : filters.album
          ? { albumId: filters.album }
          : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      needsAltText: filters.needsAltText,
    }
    if (filters.notUsed) {
      await whenContentSettled(store, CONTENT_KEYS)
      const used = usedImages(documents())
      const inNews = await news.imageRefs()
      // Library photos are named by their original's hash; site paths and web addresses
      // (the built-in samples) by their address.
      query.excludeSha256 = [
        ...new Set([...used.sha256, ...inNews.filter((ref) => /^[0-9a-f]{64}$/.test(ref))]),
      ]
      query.excludeSrc = [
        ...new Set([
          ...[...used.identities].filter((identity) => /^(?:\/|https?:)/.test(identity)),
          ...inNews.filter((ref) => ref.startsWith('/')),
        ]),
      ]
    }
    return query
  }, [store, documents, filters, news])
  const read = useCallback(
    async (offset: number) => {
      const result = await repository.list({
        ...(await query()),
        offset,
        limit: PHOTO_PAGE_SIZE,
        count: false,
      })
      const files = result.photos
        .flatMap((photo) => [photo.thumbnail ?? photo.src, photo.src])
        .filter((file) => isBucketPath(file) && !signed.current.has(file))
      if (files.length > 0) {
        try {
          for (const [file, url] of await storage.signedUrls(files)) signed.current.set(file, url)
        } catch {
          // Shown through their public copies where they have one; the grid says when a file
          // cannot be loaded.
        }
      }
      return result
    },
    [repository, storage, query],
  )
  const countAll = useCallback(async () => repository.count(await query()), [repository, query])
  const [pages] = useState(createPageReader)
  useSyncExternalStore(pages.subscribe, pages.version, pages.version)
  useEffect(() => pages.setQuery(read, countAll), [pages, read, countAll])
  const reload = useCallback(() => pages.reload(), [pages])

  useEffect(() => {
    let live = true
    repository.albums().then(
      (list) => live && setAlbums(list),
      () => {},
    )
    return () => {
      live = false
    }
  }, [repository, albumsTick])

  // Uploads from elsewhere (the desktop app, another browser) and edits by other staff.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = repository.subscribe((change) => {
      if (change.type === 'albums') setAlbumsTick((value) => value + 1)
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
    isBucketPath(src) ? (signed.current.get(src) ?? published.publicUrl(src)) : src
  const albumTitle = new Map(albums.map((album) => [album.id, album.title]))
  const photoAt = (index: number) => {
    const photo = pages.entryAt(index)
    return photo ? (saved.get(photo.id) ?? photo) : undefined
  }
  const toEntry = (photo: LibraryPhoto): PhotoLibraryEntry => ({
    id: photo.id,
    name: photo.fileName || lastSegment(photo.src),
    src: address(photo.src),
    ...(photo.thumbnail ? { thumbnailSrc: address(photo.thumbnail) } : {}),
    alt: photo.alt,
    ...(photo.needsAltText ? { needsAltText: true } : {}),
    ...(photo.caption ? { caption: photo.caption } : {}),
    width: photo.width,
    height: photo.height,
    ...(photo.albumId && albumTitle.has(photo.albumId)
      ? { album: albumTitle.get(photo.albumId) }
      : {}),
    date: photo.takenAt
      ? `Taken ${formatClubShortDay(photo.takenAt)}`
      : photo.uploadedAt
        ? `Uploaded ${formatClubShortDay(photo.uploadedAt)}`
        : '',
  })
  const entries = useRef(new Map<LibraryPhoto, PhotoLibraryEntry>())
  // The row behind each shown entry: where a photo is used is judged on its stored paths, not
  // on the (signed) addresses the entry shows.
  const rowOf = useRef(new Map<string, LibraryPhoto>())
  const entryOf = (photo: LibraryPhoto) => {
    let entry = entries.current.get(photo)
    if (!entry) entries.current.set(photo, (entry = toEntry(photo)))
    rowOf.current.set(photo.id, photo)
    return entry
  }
  useEffect(() => {
    entries.current = new Map()
  }, [albums])
  const known = async (id: string) => {
    const [photo] = await repository.byIds([id])
    if (!photo) throw new Error('This photo is no longer in the library.')
    return saved.get(id)?.version === photo.version ? (saved.get(id) ?? photo) : photo
  }
  const usesOf = (photo: Pick<LibraryPhoto, 'src' | 'thumbnail' | 'variants'>) =>
    findImageUsage(documents(), photo)
  const storedFiles = (list: readonly LibraryPhoto[]) =>
    list.flatMap((photo) =>
      [photo.src, photo.thumbnail, ...(photo.variants ?? []).map((variant) => variant.src)].filter(
        (src): src is string => src !== undefined && isBucketPath(src),
      ),
    )

  const removePhotos = async (ids: readonly string[]) => {
    await whenContentSettled(store, CONTENT_KEYS)
    // Read as stored now, so that where each is used is judged on its current addresses.
    const list = await repository.byIds(ids)
    // Each photo by its hash (a library photo) or its address (a site path).
    const needleOf = (photo: LibraryPhoto) => photo.sha256 ?? photo.src
    const postUses = await news.postsUsing(list.map(needleOf))
    const inUse = list
      .map((photo) => ({
        photo,
        uses: [
          ...usesOf(photo),
          ...postUses
            .filter((use) => use.needle === needleOf(photo))
            .map((use) => ({
              key: 'newsPosts',
              path: [],
              label: `News › ${use.title || 'Untitled post'}`,
            })),
        ],
      }))
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
  const edit = async (id: string, change: Parameters<typeof repository.update>[2]) => {
    const photo = await known(id)
    const stored = await repository.update(id, photo.version, change)
    setSaved((map) => new Map(map).set(id, stored))
  }

  return (
    <PhotoLibraryPage
      total={pages.total()}
      entryAt={(index) => {
        const photo = photoAt(index)
        return photo ? entryOf(photo) : undefined
      }}
      onRangeChange={pages.onRangeChange}
      loading={!pages.counted()}
      loadError={pages.error()}
      filters={filters}
      onFiltersChange={setFilters}
      albums={albums}
      usage={(entry) => {
        const photo = saved.get(entry.id) ?? rowOf.current.get(entry.id)
        const all = documents()
        return usesOf(
          photo ?? {
            src: entry.src,
            ...(entry.thumbnailSrc ? { thumbnail: entry.thumbnailSrc } : {}),
          },
        ).map((use) => imagePlace(use, all))
      }}
      onUpload={async (file, onProgress) => {
        await uploader.upload(file, { onProgress })
        reload()
      }}
      onSetAlt={(id, alt) => edit(id, { alt, needsAltText: false })}
      onSetCaption={(id, caption) => edit(id, { caption: caption || null })}
      onDelete={(id) => removePhotos([id])}
      onDeleteMany={(ids) => removePhotos(ids)}
      onSetAlbum={async (ids, albumId) => {
        await repository.setAlbum(ids, albumId)
        reload()
      }}
      onAddAlbum={async (title) => {
        const album = await repository.addAlbum(title)
        setAlbums((list) => [...list, album])
        return album.id
      }}
    />
  )
}
