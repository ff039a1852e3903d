/**
 * IMPORTANT: the only code that talks to the photo library's tables (`photos`, `photo_albums`,
 * `photo_revisions`). It is given a client (never builds one) and turns rows into photos
 * (photo-rows.ts) and failures into {@link PhotoLibraryError}s with messages staff can act on. The browser's
 * library screen, the editors' photo pickers and the bulk uploader all go through it.
 *
 * Only staff can read or write these tables (row-level security): visitors read nothing of the
 * library; pages store the addresses of the photos they show.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

import type { PhotoAlbum } from '../entities/photo-library.ts'
import { slugify } from '../entities/slug.ts'
import { uniqueId } from '../entities/unique-id.ts'
import { PhotoLibraryError, toError } from './photo-library-error.ts'
import { COLUMNS, fromRow, toRow } from './photo-rows.ts'
import type { LibraryPhoto, NewLibraryPhoto, PhotoRow } from './photo-rows.ts'

const PHOTOS = 'photos'
const ALBUMS = 'photo_albums'
const REVISIONS = 'photo_revisions'

/** Rows sent in one insert: large enough for few requests, small enough for a short statement. */
export const PHOTO_INSERT_BATCH = 200
/** Hashes asked about in one request (each is 64 characters of the query string). */
const HASH_QUERY_BATCH = 100

/** Filters of the library screen; all optional, combined with AND. */
export type PhotoQuery = {
  /** Words found in the file name, alt text or caption, or an album's title. */
  search?: string
  /** Only this album's photos; `null` for photos in no album. */
  albumId?: string | null
  /** Only photos taken (or, without a capture date, uploaded) on or after this day (`YYYY-MM-DD`). */
  from?: string
  /** …and on or before this day. */
  to?: string
  /** Only photos whose alt text is missing or still a guess. */
  needsAltText?: boolean
  /** Leaves out the photos with these originals (e.g. the ones pages use). */
  excludeSha256?: readonly string[]
  /** Only the photo of this original. */
  sha256?: string
  /** Leaves out the photos stored at these addresses (site paths and web addresses pages use). */
  excludeSrc?: readonly string[]
  offset?: number
  limit?: number
  /** Whether to count the matches (default true); a later page of a counted query need not. */
  count?: boolean
}

/** One page of photos and how many match in all (`null` when not counted). */
export type PhotoPage = { photos: LibraryPhoto[]; total: number | null }

/** Ids changed in one request (each id is part of the query string). */
const ID_BATCH = 100

/** The fields people edit. */
export type PhotoEdit = {
  alt?: string
  needsAltText?: boolean
  caption?: string | null
  albumId?: string | null
}

/** What happened to a library row, as Realtime reports it. */
export type PhotoChange =
  { type: 'upsert'; photo: LibraryPhoto } | { type: 'delete'; id: string } | { type: 'albums' }

/** A value for a PostgREST `or=(…)` list: quoted, so commas and brackets stay text. */
function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '')}"`
}

/** The words of a search, with the pattern characters of `ilike` taken out. */
export function searchWords(search: string): string[] {
  return search
    .replace(/[*%\\"(),]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
}

type Filterable = ReturnType<ReturnType<SupabaseClient['from']>['select']>

/** The library's rows through one supabase-js client (signed in as staff). */
export type PhotoRepository = {
  /** One page of photos matching `query`, newest first (by capture date, else upload date). */
  list(query?: PhotoQuery): Promise<PhotoPage>
  /** How many photos match `query` (its offset, limit and count are ignored). */
  count(query?: PhotoQuery): Promise<number>
  /** Photos by id (missing ones are left out). */
  byIds(ids: readonly string[]): Promise<LibraryPhoto[]>
  /** Which of `hashes` the library holds (asked in small batches). */
  knownHashes(hashes: Iterable<string>): Promise<Set<string>>
  /**
   * Adds photos in batches of {@link PHOTO_INSERT_BATCH}. A photo whose original is stored
   * already (same SHA-256, e.g. a racing uploader's) is left as it is. Returns the SHA-256 of
   * every given photo that is in the library afterwards, whoever added it.
   */
  insertMany(photos: readonly NewLibraryPhoto[]): Promise<Set<string>>
  /** Changes a photo's edited fields, if it is still at `version`; answers the stored photo. */
  update(id: string, version: number, edit: PhotoEdit): Promise<LibraryPhoto>
  /** Puts photos in an album (`null`: in none). */
  setAlbum(ids: readonly string[], albumId: string | null): Promise<void>
  /** Removes rows; answers the ids removed. */
  remove(ids: readonly string[]): Promise<string[]>
  albums(): Promise<PhotoAlbum[]>
  /** Adds an album (its id made from the title) and answers it. */
  addAlbum(title: string): Promise<PhotoAlbum>
  /** How many revisions the library's photos have (staff only). */
  revisionCount(): Promise<number>
  /** Follows changes over Realtime; returns the unsubscribe function. */
  subscribe(onChange: (change: PhotoChange) => void): () => void
}

const slugOf = (title: string) => slugify(title, 60) || 'album'

/** The library's tables over `client` (see the module comment). */
export function createPhotoRepository(client: SupabaseClient): PhotoRepository {
  const photos = () => client.from(PHOTOS)

  // The albums whose title holds `word`, for a search word that names an album.
  const albumIdsMatching = async (word: string): Promise<string[]> => {
    const { data, error, status } = await client
      .from(ALBUMS)
      .select('id')
      .ilike('title', `%${word}%`)
      .limit(200)
    if (error) throw toError(error, status, 'search')
    return (data as { id: string }[]).map((row) => row.id)
  }
  const inBatches = async (ids: readonly string[], run: (batch: string[]) => Promise<void>) => {
    for (let start = 0; start < ids.length; start += ID_BATCH) {
      await run(ids.slice(start, start + ID_BATCH))
    }
  }

  // The albums each search word names, read first (a builder is a thenable: `matching` must
  // not be async, or awaiting it would run the query).
  const albumsOf = (query: PhotoQuery) =>
    Promise.all(searchWords(query.search ?? '').map(albumIdsMatching))

  /** `request` narrowed to the photos matching `query` (see {@link PhotoQuery}). */
  const matching = (
    request: Filterable,
    query: PhotoQuery,
    albumIds: readonly string[][],
  ): Filterable => {
    const words = searchWords(query.search ?? '')
    // Every word must be found somewhere: in the name, the alt text, the caption or the album.
    words.forEach((word, index) => {
      const pattern = quoted(`*${word}*`)
      const albums = albumIds[index] ?? []
      const inAlbum = albums.length > 0 ? `,album_id.in.(${albums.map(quoted).join(',')})` : ''
      request = request.or(
        `file_name.ilike.${pattern},alt.ilike.${pattern},caption.ilike.${pattern}${inAlbum}`,
      )
    })
    if (query.albumId === null) request = request.is('album_id', null)
    else if (query.albumId !== undefined) request = request.eq('album_id', query.albumId)
    if (query.from) request = request.gte('shown_at', `${query.from}T00:00:00Z`)
    if (query.to) request = request.lte('shown_at', `${query.to}T23:59:59.999Z`)
    if (query.needsAltText) request = request.or('needs_alt_text.is.true,alt.eq.""')
    if (query.excludeSha256 && query.excludeSha256.length > 0) {
      request = request.or(
        `sha256.is.null,sha256.not.in.(${query.excludeSha256.map(quoted).join(',')})`,
      )
    }
    if (query.sha256) request = request.eq('sha256', query.sha256)
    if (query.excludeSrc && query.excludeSrc.length > 0) {
      request = request.not('src', 'in', `(${query.excludeSrc.map(quoted).join(',')})`)
    }
    return request
  }

  return {
    async count(query = {}) {
      const albumIds = await albumsOf(query)
      const { error, status, count } = await matching(
        photos().select('id', { count: 'exact', head: true }),
        query,
        albumIds,
      )
      if (error) throw toError(error, status, 'count photos')
      return count ?? 0
    },

    async list(query = {}) {
      const offset = query.offset ?? 0
      const limit = query.limit ?? 100
      const albumIds = await albumsOf(query)
      const request = matching(
        query.count === false
          ? photos().select(COLUMNS)
          : photos().select(COLUMNS, { count: 'exact' }),
        query,
        albumIds,
      )
      const { data, error, status, count } = await request
        .order('shown_at', { ascending: false })
        .order('id', { ascending: true })
        .range(offset, offset + limit - 1)
      if (error) throw toError(error, status, 'load photos')
      return {
        photos: (data as PhotoRow[]).map(fromRow),
        total: query.count === false ? null : (count ?? 0),
      }
    },

    async byIds(ids) {
      const found: LibraryPhoto[] = []
      await inBatches(ids, async (batch) => {
        const { data, error, status } = await photos().select(COLUMNS).in('id', batch)
        if (error) throw toError(error, status, 'load photos')
        found.push(...(data as PhotoRow[]).map(fromRow))
      })
      return found
    },

    async knownHashes(hashes) {
      const all = [...new Set(hashes)]
      const known = new Set<string>()
      for (let start = 0; start < all.length; start += HASH_QUERY_BATCH) {
        const chunk = all.slice(start, start + HASH_QUERY_BATCH)
        const { data, error, status } = await photos().select('sha256').in('sha256', chunk)
        if (error) throw toError(error, status, 'read the library')
        for (const row of data as { sha256: string }[]) known.add(row.sha256)
      }
      return known
    },

    async insertMany(list) {
      for (let start = 0; start < list.length; start += PHOTO_INSERT_BATCH) {
        const chunk = list.slice(start, start + PHOTO_INSERT_BATCH).map(toRow)
        const { error, status } = await photos().upsert(chunk, {
          onConflict: 'sha256',
          ignoreDuplicates: true,
        })
        if (error) throw toError(error, status, 'add photos')
      }
      // What counts is what is stored now, whoever stored it.
      return this.knownHashes(
        list.map((photo) => photo.sha256).filter((hash) => hash !== undefined),
      )
    },

    async update(id, version, edit) {
      const changes: Partial<PhotoRow> = {}
      if (edit.alt !== undefined) changes.alt = edit.alt
      if (edit.needsAltText !== undefined) changes.needs_alt_text = edit.needsAltText
      if (edit.caption !== undefined) changes.caption = edit.caption
      if (edit.albumId !== undefined) changes.album_id = edit.albumId
      const { data, error, status } = await photos()
        .update(changes)
        .eq('id', id)
        .eq('version', version)
        .select(COLUMNS)
      if (error) throw toError(error, status, 'save the photo')
      const row = (data as PhotoRow[])[0]
      if (row) return fromRow(row)
      const [current] = await this.byIds([id])
      if (!current)
        throw new PhotoLibraryError('missing', 'This photo is no longer in the library.')
      throw new PhotoLibraryError(
        'conflict',
        'Someone else changed this photo since you opened it. Its current text is shown; save again to replace it.',
        409,
      )
    },

    async setAlbum(ids, albumId) {
      await inBatches(ids, async (batch) => {
        const { error, status } = await photos().update({ album_id: albumId }).in('id', batch)
        if (error) throw toError(error, status, 'move the photos')
      })
    },

    async remove(ids) {
      const removed: string[] = []
      await inBatches(ids, async (batch) => {
        const { data, error, status } = await photos().delete().in('id', batch).select('id')
        if (error) throw toError(error, status, 'delete the photos')
        removed.push(...(data as { id: string }[]).map((row) => row.id))
      })
      return removed
    },

    async albums() {
      const { data, error, status } = await client
        .from(ALBUMS)
        .select('id,title')
        .order('title', { ascending: true })
      if (error) throw toError(error, status, 'load albums')
      return data as PhotoAlbum[]
    },

    async addAlbum(title) {
      const clean = title.trim().slice(0, 200)
      if (!clean) throw new PhotoLibraryError('invalid', 'An album needs a title.')
      const id = uniqueId(slugOf(clean))
      const { error, status } = await client.from(ALBUMS).insert({ id, title: clean })
      if (error) throw toError(error, status, 'add the album')
      return { id, title: clean }
    },

    async revisionCount() {
      const { count, error, status } = await client
        .from(REVISIONS)
        .select('id', { count: 'exact', head: true })
      if (error) throw toError(error, status, 'count revisions')
      return count ?? 0
    },

    subscribe(onChange) {
      const channel: RealtimeChannel = client
        .channel(uniqueId('photo-library'))
        .on('postgres_changes', { event: '*', schema: 'public', table: PHOTOS }, (payload) => {
          if (payload.eventType === 'DELETE') {
            const id = (payload.old as { id?: string }).id
            if (id) onChange({ type: 'delete', id })
          } else {
            onChange({ type: 'upsert', photo: fromRow(payload.new as PhotoRow) })
          }
        })
        .on('postgres_changes', { event: '*', schema: 'public', table: ALBUMS }, () =>
          onChange({ type: 'albums' }),
        )
        .subscribe()
      return () => {
        void client.removeChannel(channel)
      }
    },
  }
}
