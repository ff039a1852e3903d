import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { DocumentMap, KeyOf } from './catalog.ts'
import { BACKGROUND_DELAY_MS, createContentLoader, VITAL_RETRY_MS } from './content-loading.ts'
import { createDraftBook } from './draft-book.ts'
import { createConflictHandler } from './save-conflicts.ts'
import { createSaveIndicator } from './save-indicator.ts'
import { SAVED_MS, SAVING_MS } from './save-messages.ts'
import { createSaveQueue, RETRY_BASE_MS, RETRY_MAX_MS } from './save-queue.ts'
import { createStoreScheduler } from './store-scheduler.ts'
import { createStoreState } from './store-state.ts'
import type {
  ContentStore,
  ContentStoreOptions,
  PendingSave,
  SaveEntry,
  SaveOutcome,
} from './store-types.ts'

/*
 * The content store is assembled from parts, each in its own module with its own tests:
 *
 *   store-state.ts      stored documents, views, load and save state, listeners
 *   content-loading.ts  the vital read, the background read a second later, vital retries
 *   draft-book.ts       drafts in memory, mirrored on the device (pending-saves.ts)
 *   save-queue.ts       sending drafts, retries with backoff, refusals
 *   save-conflicts.ts   409s: the notice, reload and overwrite
 *   save-indicator.ts   saving / saved / error and their notices
 *   store-scheduler.ts  the timers, all stopped by dispose()
 */

export { BACKGROUND_DELAY_MS, VITAL_RETRY_MS } from './content-loading.ts'
export { RETRY_BASE_MS, RETRY_MAX_MS } from './save-queue.ts'
export { sameDocument } from './same-document.ts'
export type {
  ContentLogger,
  ContentStore,
  ContentStoreOptions,
  LoadState,
  LoadStatus,
  PendingSave,
  SaveEntry,
  SaveOutcome,
  SaveState,
} from './store-types.ts'

function defaultEvents() {
  return typeof window === 'undefined' ? null : window
}

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

  const scheduler = createStoreScheduler()
  const knownKeys = new Set<string>([...catalog.vitalKeys, ...catalog.backgroundKeys])
  const drafts = createDraftBook({
    storage: options.storage,
    isKnownKey: (key) => knownKeys.has(key),
    warn: (message, ...details) => logger.warn(message, ...details),
  })
  const state = createStoreState({
    catalog,
    baseline: options.baseline,
    logger,
    activeDraft: drafts.active,
    // The queue is made below; the state asks it for a snapshot only when something changed.
    snapshotPending: (): PendingSave[] => saves.snapshot(),
  })
  const indicator = createSaveIndicator({
    scheduler,
    notify,
    setSaveState: state.setSaveState,
    emit: state.emit,
    savingMs: options.savingMs ?? SAVING_MS,
    savedMs: options.savedMs ?? SAVED_MS,
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
  })
  const saves = createSaveQueue({
    repository,
    drafts,
    state,
    indicator,
    scheduler,
    logger,
    notify,
    hasAccess,
    // Conflicts are only ever reported after a request, by which time `conflicts` exists.
    onConflict: (key, sent, error) => conflicts.handle(key, sent, error),
    retryBaseMs: options.retryBaseMs ?? RETRY_BASE_MS,
    retryMaxMs: options.retryMaxMs ?? RETRY_MAX_MS,
  })
  const conflicts = createConflictHandler({
    drafts,
    state,
    queue: saves,
    indicator,
    read: loader.read,
    logger,
    notify,
    hasAccess,
  })

  // Restore what earlier visits could not store: shown again at once, sent once allowed.
  const restoreDrafts = () => {
    for (const key of drafts.restore(state.parse)) state.refreshView(key)
    state.emit()
  }
  if (!catalog.prepare) restoreDrafts()

  const onOnline = () => saves.onOnline()
  const onOnlineRead = () => loader.onOnline()

  return {
    start() {
      if (started || scheduler.isDisposed()) return
      started = true
      // Drafts kept from earlier visits need the parser; without any, it is not loaded.
      if (catalog.prepare && drafts.hasKept()) {
        void loader.prepared().then(() => {
          if (scheduler.isDisposed()) return
          restoreDrafts()
          if (access) saves.sendAllWaiting()
        })
      }
      loader.start()
      events?.addEventListener('online', onOnline)
      events?.addEventListener('online', onOnlineRead)
      if (access) saves.sendAllWaiting()
    },
    get: <K extends KeyOf<Docs>>(key: K) => state.view(key) as Docs[K],
    getBaseline: <K extends KeyOf<Docs>>(key: K) => state.baseline(key) as Docs[K],
    version: (key) => state.version(key),
    getLoadState: state.getLoadState,
    getSaveState: state.getSaveState,
    getPendingSaves: state.getPendingSaves,
    canSave: hasAccess,
    setAccess(canSave) {
      if (canSave === access) return
      access = canSave
      if (access && started) saves.sendAllWaiting()
      else state.emit()
    },
    save(key, document) {
      if (!access || scheduler.isDisposed()) return Promise.resolve<SaveOutcome>('ignored')
      saves.stage(key, document)
      const outcome = saves.waitFor(key)
      saves.send(key)
      state.emit()
      return outcome
    },
    saveMany(list: readonly SaveEntry<Docs>[]) {
      if (!access || scheduler.isDisposed()) {
        return Promise.resolve(list.map((): SaveOutcome => 'ignored'))
      }
      for (const { key, document } of list) saves.stage(key, document)
      const outcomes = list.map(({ key }) => saves.waitFor(key))
      for (const key of new Set(list.map((entry) => entry.key))) saves.send(key)
      state.emit()
      return Promise.all(outcomes)
    },
    retryNow: saves.retryNow,
    discard: saves.discard,
    reload: conflicts.reload,
    overwrite: conflicts.overwrite,
    subscribe: state.subscribe,
    dispose() {
      scheduler.dispose()
      saves.dispose()
      events?.removeEventListener('online', onOnline)
      events?.removeEventListener('online', onOnlineRead)
      state.clearListeners()
    },
  }
}
