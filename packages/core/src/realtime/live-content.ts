import type { RealtimeConnection } from '../backend/realtime-client.ts'
import type { HeldVersions, StoredDocument } from '../content/content-repository.ts'
import type { ContentStore } from '../content/store-types.ts'
import type { ContentDocuments, ContentKey, DocumentKey } from '../entities/content-keys.ts'
import { subscribeToContent } from './content-feed.ts'
import type { ContentChange, ContentFeed, FeedStatus } from './content-feed.ts'
import { updatedMessage } from './content-names.ts'
import { isNewsPostKey, viewSourceOf } from '../entities/content-key-list.ts'

/**
 * Where following stands: `idle` (no page shown yet, or a page with no content), `paused`
 * while the page is hidden, `connecting`, `live` while changes arrive, `offline` when
 * Realtime cannot be reached (the shown keys are read again on focus instead).
 */
export type LiveStatus = 'idle' | 'paused' | 'connecting' | 'live' | 'offline'

/** The page's visibility and focus: `document` and `window` in a browser. */
export type LivePage = {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

/** What following a page's content needs. */
export type LiveContentOptions = {
  realtime: RealtimeConnection
  store: Pick<
    ContentStore<ContentDocuments>,
    'applyRemote' | 'get' | 'documentKeys' | 'loadDocuments' | 'heldVersions'
  >
  /**
   * Reads keys again (the content repository's read): the catch-up and the fallback. Each key
   * the store holds is named with its version, and left out of the answer unless it changed.
   */
  read: (keys: readonly DocumentKey[], held: HeldVersions) => Promise<readonly StoredDocument[]>
  page: LivePage
  /** Says what changed on the page (a polite live region); nothing is said without it. */
  announce?: ((message: string) => void) | undefined
  /** Every change received, after the store has taken it (or not): `shown` when the page changed. */
  onChange?: ((change: ContentChange, shown: boolean) => void) | undefined
  onStatus?: ((status: LiveStatus) => void) | undefined
  logger?: Pick<Console, 'warn'> | undefined
  /**
   * The keys a path shows: the public page's (`keysShownAt`, which the site layer owns); an
   * admin form screen gives the documents it edits.
   */
  keysAt: (pathname: string) => DocumentKey[]
  /**
   * True while the session may read whole documents (staff): a save of a public form
   * (content/public-forms.ts) is then read again, whole, instead of taken as it came.
   */
  readsWhole?: (() => boolean) | undefined
}

/** A page's content, followed live. */
export type LiveContent = {
  /** The page now shown (call on every navigation); its keys are followed from now on. */
  show(pathname: string): void
  status(): LiveStatus
  /** Stops following and removes the listeners. */
  dispose(): void
}

/**
 * How long changes that arrive one after another are gathered into one announcement: one save
 * reaches the page as several rows (a document and the rows the database derives from it, each
 * its own Realtime message), which are one change to the visitor, said once.
 */
export const ANNOUNCE_GATHER_MS = 500

/**
 * The document an announcement names for a changed key: a derived row is its source (a view of
 * the teams is the teams, a program's page the programs), a post the news.
 */
const namedAs = (key: DocumentKey): ContentKey =>
  viewSourceOf(key) ?? (isNewsPostKey(key) ? 'newsPosts' : (key as ContentKey))

type Subscription = { feed: ContentFeed; keys: readonly DocumentKey[]; joined: boolean }

/**
 * Follows the content a page shows, live, while the page is visible (Page Visibility):
 * each save of one of its keys is given to the store (`applyRemote`), which re-renders only
 * what uses that document, and is announced politely. Keys of pages shown earlier in the
 * visit stay followed, so going back never shows an older document.
 *
 * Nothing is missed: what was saved while the page was hidden, while the socket was down
 * or before a key was followed is read again once the subscription is (re)joined. When
 * Realtime cannot be reached at all (not enabled on a host, offline), the shown keys are
 * read again when the window gets focus or becomes visible.
 *
 * @example
 * const live = createLiveContent({ realtime, store, read: repository.read, page: { document, window }, announce })
 * live.show(location.pathname)
 */
export function createLiveContent(options: LiveContentOptions): LiveContent {
  const { realtime, store, read, page } = options
  const logger = options.logger ?? console

  let shown: DocumentKey[] = []
  /** Every key shown during the visit, followed together. */
  let followed: DocumentKey[] = []
  let current: Subscription | undefined
  /** The last joined subscription, kept until its successor joins so no change falls between. */
  let previous: Subscription | undefined
  /** Keys that may have changed unseen: read again at the next join. */
  const catchUp = new Set<DocumentKey>()
  /** Whether the last attempt reached Realtime (undefined before the first answer). */
  let reachable: boolean | undefined
  let status: LiveStatus = 'idle'
  let disposed = false

  const setStatus = (next: LiveStatus) => {
    if (next === status) return
    status = next
    options.onStatus?.(next)
  }
  const isVisible = () => page.document.visibilityState !== 'hidden'

  // What changed since the last announcement, said once the changes stop coming for a moment.
  let unsaid: ContentKey[] = []
  let announcing: ReturnType<typeof setTimeout> | undefined
  const announceSoon = (keys: readonly DocumentKey[]) => {
    if (!options.announce) return
    unsaid.push(...keys.map(namedAs))
    clearTimeout(announcing)
    announcing = setTimeout(() => {
      const names = unsaid
      unsaid = []
      if (!disposed) options.announce?.(updatedMessage(names))
    }, ANNOUNCE_GATHER_MS)
  }

  // Changes are taken one at a time, in the order they arrived.
  let taking: Promise<unknown> = Promise.resolve()
  const take = (changes: readonly Pick<ContentChange, 'key' | 'value' | 'version' | 'form'>[]) => {
    taking = taking.then(async () => {
      const changed: DocumentKey[] = []
      for (const { key, value, version, form } of changes) {
        const before = store.get(key)
        const taken = await store.applyRemote(key, value, version, form)
        if (taken && store.get(key) !== before) changed.push(key)
      }
      if (changed.length > 0 && !disposed) announceSoon(changed)
      return changed
    })
    return taking as Promise<DocumentKey[]>
  }

  // Reads are made one at a time; keys asked for meanwhile are read together next.
  const toRead = new Set<DocumentKey>()
  let reading = false
  const readAgain = async (keys: Iterable<DocumentKey>) => {
    for (const key of keys) toRead.add(key)
    if (reading) return
    reading = true
    try {
      while (toRead.size > 0 && !disposed) {
        const batch = [...toRead]
        toRead.clear()
        try {
          const wanted = new Set<string>(batch)
          const rows = await read(batch, store.heldVersions(batch))
          await take(
            rows.filter((row) => wanted.has(row.key)) as Pick<
              ContentChange,
              'key' | 'value' | 'version' | 'form'
            >[],
          )
        } catch (error) {
          logger.warn('[realtime] Could not read the shown content again.', error)
        }
      }
    } finally {
      reading = false
    }
  }

  const onChange = (change: ContentChange) => {
    if (change.value === undefined || (change.form === 'public' && options.readsWhole?.())) {
      void readAgain([change.key])
      return
    }
    void take([change]).then((changed) => options.onChange?.(change, changed.includes(change.key)))
  }

  const onFeedStatus = (subscription: Subscription, next: FeedStatus) => {
    if (disposed || subscription !== current) return
    if (next === 'joined') {
      subscription.joined = true
      reachable = true
      previous?.feed.close()
      previous = undefined
      setStatus('live')
      if (catchUp.size > 0) {
        const keys = [...catchUp]
        catchUp.clear()
        void readAgain(keys)
      }
    } else if (next === 'failed' || next === 'closed') {
      // Changes may be missed from now until the next join.
      for (const key of subscription.keys) catchUp.add(key)
      subscription.joined = false
      reachable = false
      setStatus('offline')
      if (next === 'closed') {
        current = undefined
        subscription.feed.close()
      }
    }
  }

  const subscribe = () => {
    if (disposed || !isVisible() || followed.length === 0) return
    if (current?.joined) {
      previous?.feed.close()
      previous = current
    } else current?.feed.close()
    const subscription: Subscription = { feed: { close() {} }, keys: followed, joined: false }
    current = subscription
    if (reachable !== false) setStatus('connecting')
    subscription.feed = subscribeToContent({
      realtime,
      keys: followed,
      onChange: (change) => {
        if (!disposed) onChange(change)
      },
      // A news post the page holds (an article, its own post) follows its saves too.
      onNewsPost: (change) => {
        if (disposed || !store.documentKeys().includes(change.key)) return
        // Hosted Realtime leaves a large value out: then it is read.
        if (change.value === undefined)
          void store.loadDocuments([change.key]).catch(() => undefined)
        else void store.applyRemote(change.key, change.value, change.version)
      },
      onStatus: (next) => onFeedStatus(subscription, next),
    })
  }

  const unsubscribe = () => {
    for (const subscription of [current, previous]) {
      if (!subscription) continue
      subscription.feed.close()
      for (const key of subscription.keys) catchUp.add(key)
    }
    current = undefined
    previous = undefined
  }

  const onVisibility = () => {
    if (disposed) return
    if (!isVisible()) {
      unsubscribe()
      if (followed.length > 0) setStatus('paused')
      return
    }
    if (current) return
    subscribe()
    if (reachable === false) void readAgain(shown)
  }

  const onFocus = () => {
    if (disposed || current?.joined || reachable !== false) return
    void readAgain(shown)
    // Realtime may be back: a new attempt now rather than at the library's next retry.
    if (!current) subscribe()
  }

  page.document.addEventListener('visibilitychange', onVisibility)
  page.window.addEventListener('focus', onFocus)

  return {
    show(pathname) {
      if (disposed) return
      shown = options.keysAt(pathname)
      if (shown.length === 0) {
        // No public page (the signed-in area follows its own): nothing to follow meanwhile.
        unsubscribe()
        setStatus('idle')
        return
      }
      const added = shown.filter((key) => !followed.includes(key))
      if (added.length === 0 && (current || !isVisible())) return
      const first = followed.length === 0
      followed = [...followed, ...added]
      // The store read every key as the page loaded and the first page's keys are followed
      // right after; keys followed later, or first followed once a hidden page shows, may
      // have changed since.
      if (!first || !isVisible()) for (const key of added) catchUp.add(key)
      if (!isVisible()) {
        setStatus('paused')
        return
      }
      if (reachable === false && !first) void readAgain(added)
      subscribe()
    },
    status: () => status,
    dispose() {
      if (disposed) return
      disposed = true
      clearTimeout(announcing)
      current?.feed.close()
      previous?.feed.close()
      current = undefined
      previous = undefined
      page.document.removeEventListener('visibilitychange', onVisibility)
      page.window.removeEventListener('focus', onFocus)
    },
  }
}
