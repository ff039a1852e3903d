import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { DocumentMap, KeyOf } from './catalog.ts'
import { BACKGROUND_DELAY_MS, createContentLoader, VITAL_RETRY_MS } from './content-loading.ts'
import { mayHoldDeviceCopies } from './device-copies.ts'
import { createStoreScheduler } from './store-scheduler.ts'
import type { createStoreSaving, StoreSaving } from './store-saving.ts'
import { createStoreState } from './store-state.ts'
import type {
  ContentStore,
  PendingSave,
  SaveEntry,
  SaveOutcome,
  StoreOptions,
} from './store-types.ts'

/*
 * The content store is assembled from parts, each in its own module with its own tests:
 *
 *   store-state.ts      stored documents, views, load and save state, listeners
 *   content-loading.ts  the vital read, the background read a second later, vital retries,
 *                       the documents of a page opened later
 *   store-scheduler.ts  the timers, all stopped by dispose()
 *   store-saving.ts     the saving half, loaded on demand (visitors never save):
 *     pending-save-book.ts  pending saves in memory, mirrored on the device (pending-saves.ts)
 *     save-queue.ts         sending pending saves, retries with backoff, refusals
 *     save-conflicts.ts     409s: the notice, reload and overwrite
 *     save-indicator.ts     saving / saved / error and their notices
 *
 * The saving half is loaded when access is granted, when a save (or an action on a pending
 * one) is asked for, or at start when the device may hold saves from earlier visits.
 * Calls that need it before it has loaded wait for it and are applied in order.
 */

/** What `loadSaving` provides: the module store-saving.ts. */
export type SavingModule = { createStoreSaving: typeof createStoreSaving }

/** How a content store is made: its documents, reads, timings, and how its saving half loads. */
export type ContentStoreOptions<Docs extends DocumentMap> = StoreOptions<Docs> & {
  /**
   * Loads the saving half of the store (store-saving.ts): a dynamic import by default, so
   * that a page where nobody saves never fetches it. A loader that returns the module
   * itself rather than a promise (tests, scripts) makes saving available at once.
   */
  loadSaving?: () => SavingModule | Promise<SavingModule>
}

function defaultEvents() {
  return typeof window === 'undefined' ? null : window
}

/** The saving half as its own chunk: a visitor's page never fetches it. */
const importSaving = (): Promise<SavingModule> => import('./store-saving.ts')

/** The deep comparison of a live update with the document held (applyRemote). */
const importSameDocument = () => import('./same-document.ts')

/** A call that needs the saving half, made before it loaded. */
type WaitingCall = {
  run(saving: StoreSaving): void
  /** The store was disposed first: settles the caller's promise without running. */
  abandon(): void
}

/**
 * What `whenReady` answers for a key that has a document: a promise already marked settled
 * the way React's `use` reads one, so `use(store.whenReady(key))` returns at once, without
 * suspending. (React marks a promise it waited on the same way once it settles.)
 */
const READY: Promise<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
})

/**
 * Creates the content store. Make one per app start and share it (see
 * `obtainContentStore`): the two-request loading rule holds per store.
 *
 * @example
 * const store = createContentStore({ repository, catalog, notify: notices.show, storage: localStorage })
 * store.start()
 * store.setAccess(true)
 * await store.save('alerts', nextAlerts)
 */
export function createContentStore<Docs extends DocumentMap>(
  options: ContentStoreOptions<Docs>,
): ContentStore<Docs> {
  const { repository, catalog } = options
  const logger = options.logger ?? console
  const notify: NotifyFn = options.notify ?? (() => '')
  const events = options.events === undefined ? defaultEvents() : options.events

  let access = options.canSave ?? false
  let started = false
  const hasAccess = () => access
  let explainer: (() => Promise<string | undefined>) | undefined

  const scheduler = createStoreScheduler()
  const fixedKeys = new Set<string>([
    ...catalog.vitalKeys,
    ...catalog.backgroundKeys,
    ...(catalog.staffKeys ?? []),
  ])
  const isKnownKey = (key: string) => fixedKeys.has(key) || (catalog.isItemKey?.(key) ?? false)
  // Only the storage keys are looked at, once: a visitor's device holds none of ours.
  const keptOnDevice = mayHoldDeviceCopies(options.storage, 'save')
  let saving: StoreSaving | undefined
  let loadingSaving = false
  const waiting: WaitingCall[] = []

  const state = createStoreState({
    catalog,
    baseline: options.baseline,
    builtInBaseline: options.builtInBaseline,
    baselineVersions: options.baselineVersions,
    logger,
    activePendingSave: (key) => saving?.pendingSaves.active(key),
    // The state asks for a snapshot only when something changed; no pending saves before saving loads.
    snapshotPending: (): PendingSave[] => saving?.saves.snapshot() ?? [],
  })
  const loader = createContentLoader({
    repository,
    catalog,
    state,
    scheduler,
    logger,
    notify,
    backgroundDelayMs: options.backgroundDelayMs ?? BACKGROUND_DELAY_MS,
    vitalRetryMs: options.vitalRetryMs ?? VITAL_RETRY_MS,
    untilStarted: options.untilStarted,
  })

  const install = (module: SavingModule) => {
    loadingSaving = false
    if (saving || scheduler.isDisposed()) return
    const ready = module.createStoreSaving({
      repository,
      storage: options.storage,
      isKnownKey,
      state,
      scheduler,
      logger,
      notify,
      hasAccess,
      explainRefusal: () => explainer?.(),
      read: loader.read,
      savingMs: options.savingMs,
      savedMs: options.savedMs,
      retryBaseMs: options.retryBaseMs,
      retryMaxMs: options.retryMaxMs,
    })
    saving = ready
    // Without a parser to wait for, what earlier visits could not store is shown at once
    // (a catalog that prepares one restores at start, once it is ready).
    if (!catalog.prepare) ready.restorePendingSaves()
    for (const call of waiting.splice(0)) call.run(ready)
  }

  /** The saving half if loaded; else starts loading it (once at a time) and returns undefined. */
  const ensureSaving = (): StoreSaving | undefined => {
    if (saving || loadingSaving || scheduler.isDisposed()) return saving
    const loaded = (options.loadSaving ?? importSaving)()
    if (!(loaded instanceof Promise)) {
      install(loaded)
      return saving
    }
    loadingSaving = true
    loaded.then(install, (error: unknown) => {
      // A chunk that failed to load (offline, a new deploy) is tried again by the next call
      // that needs it or when the browser is back online; waiting calls stay queued.
      loadingSaving = false
      logger.error('[content] Could not load the saving code; it is tried again later.', error)
    })
    return undefined
  }

  /** Runs `call` now if the saving half is loaded, else once it is. */
  const withSaving = (call: (ready: StoreSaving) => void) => {
    const ready = ensureSaving()
    if (ready) call(ready)
    else if (!scheduler.isDisposed()) waiting.push({ run: call, abandon: () => undefined })
  }

  /** Like withSaving for calls with an answer; `fallback` if the store is disposed first. */
  const whenSaving = <T>(call: (ready: StoreSaving) => T | Promise<T>, fallback: T): Promise<T> => {
    const ready = ensureSaving()
    if (ready) return Promise.resolve(call(ready))
    if (scheduler.isDisposed()) return Promise.resolve(fallback)
    return new Promise<T>((resolve) => {
      waiting.push({ run: (loaded) => resolve(call(loaded)), abandon: () => resolve(fallback) })
    })
  }

  if (keptOnDevice && !catalog.prepare) ensureSaving()

  const onOnline = () => {
    if (saving) saving.saves.onOnline()
    else if (waiting.length > 0) ensureSaving()
  }
  const onOnlineRead = () => loader.onOnline()

  const stageAndSend = (ready: StoreSaving, list: readonly SaveEntry<Docs>[]) => {
    for (const { key, document, base, saved } of list) {
      ready.saves.stage(key, document, base, saved)
    }
    const outcomes = list.map(({ key }) => ready.saves.waitFor(key))
    for (const key of new Set(list.map((entry) => entry.key))) ready.saves.send(key)
    state.emit()
    return outcomes
  }

  const start = () => {
    if (started || scheduler.isDisposed()) return
    started = true
    // Pending saves kept from earlier visits need the parser; without any, it is not loaded.
    if (catalog.prepare && keptOnDevice) {
      withSaving((ready) => {
        if (!ready.pendingSaves.hasKept()) return
        void loader.prepared().then(() => {
          if (scheduler.isDisposed()) return
          ready.restorePendingSaves()
          if (access) ready.saves.sendAllWaiting()
        })
      })
    }
    loader.start(options.startWith)
    events?.addEventListener('online', onOnline)
    events?.addEventListener('online', onOnlineRead)
    if (access) withSaving((ready) => ready.saves.sendAllWaiting())
  }

  return {
    start,
    get: <K extends KeyOf<Docs>>(key: K) => state.view(key) as Docs[K],
    getBaseline: <K extends KeyOf<Docs>>(key: K) => state.baseline(key) as Docs[K],
    version: (key) => state.version(key),
    ready: (key) => state.has(key),
    whenReady: (key) => (state.has(key) ? READY : state.loadDefaults()),
    getLoadState: state.getLoadState,
    ensure(keys) {
      // Asked before start (a page rendered before the provider's effect): the reads at start
      // come first, so that nothing they carry is read twice.
      start()
      return loader.ensure(keys)
    },
    keyStatus: (key) => loader.keyStatus(key),
    holds: (key) => state.inBaseline(key) || state.stored(key) !== undefined,
    isStored: (key) => state.isStored(key),
    wasStoredAsBuilt: (key) => state.builtStored(key),
    heldVersions: (keys) => state.heldVersions(keys),
    loadStaffContent: () => loader.loadStaff(),
    loadDocuments: async (keys) =>
      (await loader.loadDocuments(keys.filter(isKnownKey))) as KeyOf<Docs>[],
    documentKeys: () => state.documentKeys() as KeyOf<Docs>[],
    getSaveState: state.getSaveState,
    getPendingSaves() {
      // Asked for before start loaded the kept pending saves (or after a failed load): load them,
      // outside this read, which React may make while rendering.
      if (keptOnDevice && !saving && !loadingSaving && !scheduler.isDisposed()) {
        void Promise.resolve().then(ensureSaving)
      }
      return state.getPendingSaves()
    },
    canSave: hasAccess,
    setRefusalExplainer(explain) {
      explainer = explain
    },
    setAccess(canSave) {
      if (canSave === access) return
      access = canSave
      const ready = access ? ensureSaving() : saving
      if (access && started && ready) ready.saves.sendAllWaiting()
      else state.emit()
      if (access && started && !ready) {
        withSaving((loaded) => {
          if (access) loaded.saves.sendAllWaiting()
        })
      }
    },
    save(key, document, saveOptions) {
      if (!access || scheduler.isDisposed()) return Promise.resolve<SaveOutcome>('ignored')
      const entry = {
        key,
        document,
        base: saveOptions?.base,
        saved: saveOptions?.saved,
      } as SaveEntry<Docs>
      return whenSaving((ready) => stageAndSend(ready, [entry])[0] ?? 'ignored', 'ignored')
    },
    saveMany(list: readonly SaveEntry<Docs>[]) {
      if (!access || scheduler.isDisposed()) {
        return Promise.resolve(list.map((): SaveOutcome => 'ignored'))
      }
      return whenSaving(
        (ready) => Promise.all(stageAndSend(ready, list)),
        list.map((): SaveOutcome => 'ignored'),
      )
    },
    retryNow: (id) => whenSaving((ready) => ready.saves.retryNow(id), 'ignored'),
    discard: (id) => withSaving((ready) => ready.saves.discard(id)),
    reload: (id) => whenSaving((ready) => ready.conflicts.reload(id), undefined),
    overwrite: (id) => whenSaving((ready) => ready.conflicts.overwrite(id), 'ignored'),
    resolveConflict: (id, choices) =>
      whenSaving((ready) => ready.conflicts.resolve(id, choices), 'ignored'),
    async applyRemote(key, value, version, form) {
      const isNewer = () =>
        !scheduler.isDisposed() && isKnownKey(key) && state.supersedes(key, version, form)
      if (!isNewer()) return false
      // Live updates arrive after start-up: the comparison's code waits for the first of them.
      const [{ sameDocument }] = await Promise.all([importSameDocument(), loader.prepared()])
      if (!isNewer()) return false
      const parsed = state.parse(key, value)
      const held = state.stored(key)
      // The same document under a new version keeps the one held: nothing re-renders for it.
      state.setStored(
        key,
        held && sameDocument(held.value, parsed) ? held.value : parsed,
        version,
        form,
      )
      // A pending save of the key waiting to be sent is merged into the newer version at once.
      saving?.conflicts.rebase(key)
      state.refreshView(key)
      state.emit()
      return true
    },
    subscribe: state.subscribe,
    dispose() {
      scheduler.dispose()
      saving?.saves.dispose()
      for (const call of waiting.splice(0)) call.abandon()
      events?.removeEventListener('online', onOnline)
      events?.removeEventListener('online', onOnlineRead)
      state.clearListeners()
    },
  }
}
