import { createContext, use, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'

import type {
  ContentDocuments,
  ContentKey,
  DocumentKey,
  ContentViewKey,
  TeamCoachesKey,
  TeamViewKey,
} from '../entities/content-keys.ts'
import type { NoticeStore } from '../ui/notices/notice-store.ts'
import type { ContentRepository } from './content-repository.ts'
import { createContentStore } from './content-store.ts'
import type { ContentStoreOptions } from './content-store.ts'
import type {
  ContentLogger,
  ContentStore,
  LoadState,
  PendingSave,
  SaveEntry,
  SaveOutcome,
  SaveState,
} from './store-types.ts'
import type { SaveOptions } from './store-types.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'
import { browserStorage } from './device-copies.ts'
import type { KeyValueStorage } from './device-copies.ts'

/** The product's content store: the 18 documents of the spec. */
export type SiteContentStore = ContentStore<ContentDocuments>

/** What the app hands over once, when it starts. */
export type SiteContentStoreOptions = {
  notices?: NoticeStore | undefined
  /** What the prerendered page was built from (see ContentStoreOptions.baseline). */
  baseline?: Partial<ContentDocuments> | undefined
  /** The keys of `baseline` that are the built-in documents (see ContentStoreOptions). */
  builtInBaseline?: readonly DocumentKey[] | undefined
  /** The stored version of each stored document of `baseline` (see ContentStoreOptions). */
  baselineVersions?: Partial<Record<ContentKey, number>> | undefined
  /** When the page has started (see ContentStoreOptions.untilStarted). */
  untilStarted?: (() => Promise<void>) | undefined
  /** The keys the first page shows (see ContentStoreOptions.startWith); none: every key. */
  startWith?: readonly DocumentKey[] | undefined
  /** Where failed saves are kept; the browser's localStorage by default. */
  storage?: KeyValueStorage | null | undefined
  logger?: ContentLogger | undefined
  /** How the saving half is loaded (see ContentStoreOptions.loadSaving); on demand by default. */
  loadSaving?: ContentStoreOptions<ContentDocuments>['loadSaving'] | undefined
  /**
   * The built-in documents, when the app has them at hand (the desktop app; tests). Without
   * them they load on demand, when a page needs one its baseline does not carry, so the
   * web app's first bundle carries no sample content.
   */
  builtIn?: ContentDocuments | undefined
}

const storesByRepository = new WeakMap<ContentRepository, SiteContentStore>()

/**
 * The app's one content store for this repository: the first call creates it and every
 * later call (a remounted provider, React StrictMode's second render) gets the same one,
 * so a page load makes exactly two content requests whatever renders it.
 */
export function obtainContentStore(
  repository: ContentRepository,
  options: SiteContentStoreOptions = {},
): SiteContentStore {
  const existing = storesByRepository.get(repository)
  if (existing) return existing
  const store = createContentStore({
    repository,
    catalog: createLazyEntitiesCatalog({ builtIn: options.builtIn }),
    storage: options.storage === undefined ? browserStorage() : options.storage,
    logger: options.logger,
    notify: options.notices?.show,
    baseline: options.baseline,
    builtInBaseline: options.builtInBaseline,
    baselineVersions: options.baselineVersions,
    untilStarted: options.untilStarted,
    startWith: options.startWith,
    loadSaving: options.loadSaving,
  })
  storesByRepository.set(repository, store)
  return store
}

const ContentContext = createContext<SiteContentStore | null>(null)

/** Props of the content provider: a ready store, or the parts to obtain the app's one. */
export type ContentProviderProps = {
  children?: ReactNode
  /** From the auth provider: a session exists. */
  signedIn: boolean
  /** From the auth provider: the database counts this user as staff. */
  isStaff: boolean
} & (
  | { store: SiteContentStore }
  | ({ repository: ContentRepository } & SiteContentStoreOptions & { store?: undefined })
)

/**
 * Makes the site's content available to the hooks below, starts loading it, and lets
 * saves through only for signed-in staff (content edits are ignored otherwise).
 */
export function ContentProvider(props: ContentProviderProps) {
  const [store] = useState<SiteContentStore>(() =>
    props.store !== undefined
      ? props.store
      : obtainContentStore(props.repository, {
          notices: props.notices,
          storage: props.storage,
          logger: props.logger,
          loadSaving: props.loadSaving,
          builtIn: props.builtIn,
        }),
  )
  const canSave = props.signedIn && props.isStaff
  // start() runs once per store, so StrictMode's second effect makes no second request.
  useEffect(() => store.start(), [store])
  useEffect(() => store.setAccess(canSave), [store, canSave])
  return <ContentContext.Provider value={store}>{props.children}</ContentContext.Provider>
}

/** The content store of the nearest ContentProvider, or null outside one (a part shown alone). */
export function useOptionalContentStore(): SiteContentStore | null {
  return useContext(ContentContext)
}

/** The content store of the nearest ContentProvider; throws outside one. */
export function useContentStore(): SiteContentStore {
  const store = useContext(ContentContext)
  if (!store) throw new Error('useContentStore must be used inside a ContentProvider')
  return store
}

/**
 * The document to show for `key`: the local edit, else the stored one, else the default.
 *
 * While hydrating, it is the baseline the prerendered HTML was built from (the content
 * stored at build time, else the default): a page hydrates in slices, and newer content
 * that arrives in between would otherwise make the rest of the page disagree with its
 * HTML. React renders the newer content right after hydrating each part.
 */
export function useContent<K extends ContentKey | TeamViewKey | TeamCoachesKey | ContentViewKey>(
  key: K,
): ContentDocuments[K] {
  const store = useContentStore()
  const value = useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => store.getBaseline(key),
  )
  // A page the visitor navigated to (rather than one prerendered with its documents) may
  // need the built-in documents, which load on demand: suspend until they are in. Read on
  // every render, not only while the document is missing: React replays a render that
  // suspended once the wait is over and expects the same reads (a key with a document
  // answers at once).
  use(store.whenReady(key))
  return value
}

/** The stored version the shown `key` document derives from (0 when none is stored). */
export function useContentVersion(key: ContentKey): number {
  const store = useContentStore()
  // Hydration renders the defaults (see useContent), which derive from no stored version.
  return useSyncExternalStore(
    store.subscribe,
    () => store.version(key),
    () => 0,
  )
}

/** Progress of the vital and background content requests. */
export function useContentLoadState(): LoadState {
  const store = useContentStore()
  return useSyncExternalStore(store.subscribe, store.getLoadState, store.getLoadState)
}

const vitalSettled = (store: SiteContentStore) => {
  const { vital } = store.getLoadState()
  // Any state past loading (answered, failed, or one added later) means the read is over.
  return vital !== 'idle' && vital !== 'loading'
}

/**
 * True once the vital read has answered or failed. Until then the vital documents shown
 * may be older than the stored ones (the built-in defaults, or the prerendered page's), so
 * time-sensitive parts such as the alerts hold back. False while prerendering and hydrating.
 */
export function useVitalContentSettled(): boolean {
  const store = useContentStore()
  return useSyncExternalStore(
    store.subscribe,
    () => vitalSettled(store),
    () => false,
  )
}

/**
 * True once the read that carries every one of `keys` (the vital one, the background one a
 * second later, the one a page opened later makes, or the staff-only one a signed-in session
 * makes) has answered or failed: until then, what is shown may be older than what is stored.
 * A key no read has asked for yet is read. False while prerendering and hydrating.
 */
export function useContentSettled(...keys: (ContentKey | ContentViewKey)[]): boolean {
  const store = useContentStore()
  const settled = useSyncExternalStore(
    store.subscribe,
    () => contentSettled(store, keys),
    () => false,
  )
  // A document no read has asked for yet (the page that opened first does not show it) is read.
  const wanted = keys.join(' ')
  useEffect(() => {
    if (!contentSettled(store, keys)) void store.ensure(keys)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `wanted` is `keys` as a value
  }, [store, wanted])
  return settled
}

/**
 * True while the last read that carries any of `keys` failed (the backend or the network
 * is down): what shows is the page's as built, or the built-in content, and may be out of
 * date. False again once a retry answers. False while prerendering and hydrating.
 */
export function useContentReadFailed(...keys: ContentKey[]): boolean {
  const store = useContentStore()
  return useSyncExternalStore(
    store.subscribe,
    () => contentReadFailed(store, keys),
    () => false,
  )
}

function contentReadFailed(store: SiteContentStore, keys: readonly ContentKey[]): boolean {
  return keys.some((key) => store.keyStatus(key) === 'failed')
}

export function contentSettled(
  store: SiteContentStore,
  keys: readonly (ContentKey | ContentViewKey)[],
): boolean {
  return keys.every((key) => {
    const status = store.keyStatus(key)
    return status !== 'idle' && status !== 'loading'
  })
}

/**
 * Resolves once the read carrying every one of `keys` has answered or failed (see
 * useContentSettled). A change built on a document must wait for it: saved from the
 * built-in one, it would name version 0 and meet a conflict.
 *
 * @example
 * await whenContentSettled(store, ['photoLibrary'])
 * await store.save('photoLibrary', addPhoto(store.get('photoLibrary')))
 */
export function whenContentSettled(
  store: SiteContentStore,
  keys: readonly ContentKey[],
): Promise<void> {
  if (contentSettled(store, keys)) return Promise.resolve()
  // A document no read has asked for yet (the page that opened first does not show it) is read.
  void store.ensure(keys)
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!contentSettled(store, keys)) return
      stop()
      resolve()
    })
  })
}

/** Saves a whole document; resolves to how it ended. Ignored without a staff session. */
export function useSaveContent(): <K extends DocumentKey>(
  key: K,
  document: ContentDocuments[K],
  options?: SaveOptions<ContentDocuments[K]>,
) => Promise<SaveOutcome> {
  return useContentStore().save
}

/** Saves several documents as one action (one notice if several fail). */
export function useSaveContents(): (
  entries: readonly SaveEntry<ContentDocuments>[],
) => Promise<SaveOutcome[]> {
  return useContentStore().saveMany
}

/** Whether saving is allowed now, i.e. editing may be offered. */
export function useCanSaveContent(): boolean {
  const store = useContentStore()
  return useSyncExternalStore(store.subscribe, store.canSave, store.canSave)
}

/** The save indicator: saving, saved or error, and which keys. */
export function useSaveState(): SaveState {
  const store = useContentStore()
  return useSyncExternalStore(store.subscribe, store.getSaveState, store.getSaveState)
}

/** Saves not stored yet, with what the editor can do about each. */
export type PendingSavesApi = {
  items: readonly PendingSave[]
  retryNow(id: string): Promise<SaveOutcome>
  discard(id: string): void
  reload(id: string): Promise<void>
  overwrite(id: string): Promise<SaveOutcome>
  /** Settles the fields a pending save and someone else's both changed (ContentStore.resolveConflict). */
  resolveConflict: ContentStore<ContentDocuments>['resolveConflict']
}

/** The pending saves of this device, and the actions on them. */
export function usePendingSaves(): PendingSavesApi {
  const store = useContentStore()
  const items = useSyncExternalStore(store.subscribe, store.getPendingSaves, store.getPendingSaves)
  return {
    items,
    retryNow: store.retryNow,
    discard: store.discard,
    reload: store.reload,
    overwrite: store.overwrite,
    resolveConflict: store.resolveConflict,
  }
}
