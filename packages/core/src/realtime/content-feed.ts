import type { RealtimeConnection } from '../backend/realtime-client.ts'
import { CONTENT_KEYS, isNewsPostKey } from '../entities/content-key-list.ts'
import type { DocumentKey, NewsPostKey } from '../entities/content-keys.ts'
import { documentOfRow, rowsToRead } from '../content/public-forms.ts'

/** One stored save of a content document, as Realtime reports it. */
export type ContentChange<Key extends string = DocumentKey> = {
  key: Key
  /**
   * The whole document; `undefined` when Realtime left it out (hosted Realtime drops large
   * values from a change): read the key instead.
   */
  value: unknown
  version: number
  /** Who saved it (`auth.uid()`), when known. */
  updatedBy: string | null
  /** When it was stored (ISO 8601). */
  updatedAt: string | null
  /** `public` for a save of the document's public form (content/public-forms.ts). */
  form?: 'public'
}

/**
 * Where a subscription stands: `joining` until the server has accepted it, `joined` while
 * changes arrive (again after each automatic rejoin), `failed` when the socket cannot
 * connect or the join was refused or timed out (supabase-js keeps retrying), `closed` when
 * the server ended it (it is not retried).
 */
export type FeedStatus = 'joining' | 'joined' | 'failed' | 'closed'

/** A live subscription to some content keys. */
export type ContentFeed = {
  /** Stops it; its callbacks are not called again. */
  close(): void
}

/** What a subscription needs. */
export type ContentFeedOptions = {
  /** supabase-js's Realtime client (visitors) or the full client (staff, with their session). */
  realtime: RealtimeConnection
  keys: readonly DocumentKey[]
  onChange: (change: ContentChange) => void
  /**
   * Every news post's saves as well (`news/<id>`: as many as there are posts, too many to name in
   * a filter), as row-level security lets the subscriber read them.
   */
  onNewsPost?: (change: ContentChange<NewsPostKey>) => void
  onStatus?: (status: FeedStatus, error?: Error) => void
}

const KNOWN_KEYS = new Set<string>(CONTENT_KEYS)
let topics = 0

const text = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * A change's new row as the product uses it, or undefined when it is not one of `keys`
 * (or not a row of website_content at all).
 */
export function contentChangeFrom(
  record: unknown,
  keys: ReadonlySet<string>,
  newsPosts = false,
): ContentChange<DocumentKey> | undefined {
  if (!record || typeof record !== 'object') return undefined
  const row = record as Record<string, unknown>
  const version = Number(row.version)
  if (typeof row.key !== 'string') return undefined
  // A public form's row is its document's save, as visitors see it.
  const { key, form } = documentOfRow(row.key)
  // A fixed key or an item named in `keys` (a team page's team), or any news post when asked.
  const known = keys.has(key) || (newsPosts && !KNOWN_KEYS.has(key) && isNewsPostKey(key))
  if (!known) return undefined
  if (!Number.isSafeInteger(version) || version < 1) return undefined
  return {
    key: key as DocumentKey,
    value: row.value,
    version,
    updatedBy: text(row.updated_by),
    updatedAt: text(row.updated_at),
    ...(form ? { form } : {}),
  }
}

/**
 * IMPORTANT: the only code that subscribes to `website_content` changes. Each stored save of
 * one of `keys` (an insert or an update; the product replaces documents, it does not delete
 * them) arrives as a ContentChange. Row-level security decides what a subscriber receives,
 * as it does for a read.
 *
 * @example
 * const feed = subscribeToContent({ realtime, keys: ['alerts', 'fieldsContent'], onChange: (change) => store.applyRemote(change.key, change.value, change.version) })
 * feed.close()
 */
export function subscribeToContent(options: ContentFeedOptions): ContentFeed {
  const { realtime, onChange, onStatus } = options
  const keys = new Set<string>(options.keys)
  let closed = false
  // The filter keeps other keys' documents off the wire; keys are plain identifiers
  // (the table's check constraint), so they need no quoting.
  // A document with a public form (content/public-forms.ts) is followed in both rows: row-level
  // security sends each subscriber the one it may read.
  const filter = `key=in.(${rowsToRead([...keys]).keys.join(',')})`
  const deliver = (payload: { new?: unknown }) => {
    if (closed) return
    const change = contentChangeFrom(payload.new, keys)
    if (change) onChange(change as ContentChange)
  }
  const { onNewsPost } = options
  const deliverPost = (payload: { new?: unknown }) => {
    if (closed) return
    const record = payload.new as { key?: unknown } | undefined
    if (!isNewsPostKey(record?.key)) return
    const change = contentChangeFrom(record, keys, true)
    if (change) onNewsPost?.(change as ContentChange<NewsPostKey>)
  }
  const binding = { schema: 'public', table: 'website_content', filter } as const
  let channel = realtime
    .channel(`content-feed-${++topics}`)
    .on('postgres_changes', { ...binding, event: 'INSERT' }, deliver)
    .on('postgres_changes', { ...binding, event: 'UPDATE' }, deliver)
  if (onNewsPost) {
    // No filter can name the posts (hosted Realtime filters have no `like`): every row the
    // subscriber may read arrives, and only the posts' are kept.
    const posts = { schema: 'public', table: 'website_content' } as const
    channel = channel
      .on('postgres_changes', { ...posts, event: 'INSERT' }, deliverPost)
      .on('postgres_changes', { ...posts, event: 'UPDATE' }, deliverPost)
  }
  onStatus?.('joining')
  channel.subscribe((status, error) => {
    if (closed) return
    if (status === 'SUBSCRIBED') onStatus?.('joined')
    else if (status === 'CLOSED') onStatus?.('closed')
    else onStatus?.('failed', error)
  })
  return {
    close() {
      if (closed) return
      closed = true
      void realtime.removeChannel(channel)
    },
  }
}
