import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentRepository, StoredDocument } from './content-repository.ts'
import { createPendingSaveBook } from './pending-save-book.ts'
import type { PendingSaveBook } from './pending-save-book.ts'
import type { KeyValueStorage } from './device-copies.ts'
import { createConflictHandler } from './save-conflicts.ts'
import type { ConflictHandler } from './save-conflicts.ts'
import { createSaveIndicator } from './save-indicator.ts'
import { SAVED_MS, SAVING_MS } from './save-messages.ts'
import { createSaveQueue } from './save-queue.ts'
import type { SaveQueue } from './save-queue.ts'
import { RETRY_BASE_MS, RETRY_MAX_MS } from './save-timing.ts'
import type { StoreScheduler } from './store-scheduler.ts'
import type { StoreState } from './store-state.ts'
import type { ContentLogger } from './store-types.ts'

/*
 * The saving half of the content store, in one module so that the store can load it on
 * demand: visitors never save, so their pages never fetch it (content-store.ts decides when).
 */

/** What the saving half needs from the store. */
export type StoreSavingOptions = {
  repository: Pick<ContentRepository, 'save'>
  storage: KeyValueStorage | null | undefined
  isKnownKey: (key: string) => boolean
  state: StoreState
  scheduler: StoreScheduler
  logger: ContentLogger
  notify: NotifyFn
  hasAccess: () => boolean
  /** Why a save was refused for lack of rights, when the auth layer knows better. */
  explainRefusal?: () => Promise<string | undefined> | undefined
  /** Reads keys and readies the parser (content-loading.ts), for conflicts. */
  read: (keys: readonly string[]) => Promise<StoredDocument[]>
  savingMs?: number | undefined
  savedMs?: number | undefined
  retryBaseMs?: number | undefined
  retryMaxMs?: number | undefined
}

/** The pending saves, the queue that sends them and the conflict handler of one store. */
export type StoreSaving = {
  pendingSaves: PendingSaveBook
  saves: SaveQueue
  conflicts: ConflictHandler
  /** Shows again what earlier visits could not store (sent once allowed). */
  restorePendingSaves(): void
}

/**
 * Builds the saving half of one store over its state and scheduler.
 *
 * @example
 * const saving = createStoreSaving({ repository, storage, isKnownKey, state, scheduler,
 *   logger, notify, hasAccess, read: loader.read })
 * saving.saves.stage('alerts', nextAlerts)
 */
export function createStoreSaving(options: StoreSavingOptions): StoreSaving {
  const { repository, state, scheduler, logger, notify, hasAccess } = options
  const pendingSaves = createPendingSaveBook({
    storage: options.storage,
    isKnownKey: options.isKnownKey,
    warn: (message, ...details) => logger.warn(message, ...details),
  })
  const indicator = createSaveIndicator({
    scheduler,
    notify,
    setSaveState: state.setSaveState,
    emit: state.emit,
    savingMs: options.savingMs ?? SAVING_MS,
    savedMs: options.savedMs ?? SAVED_MS,
    ...(options.explainRefusal ? { explainRefusal: options.explainRefusal } : {}),
  })
  const saves = createSaveQueue({
    repository,
    pendingSaves,
    state,
    indicator,
    scheduler,
    logger,
    notify,
    hasAccess,
    // Conflicts are only ever reported after a request, by which time `conflicts` exists.
    onConflict: (key, sent, error) => conflicts.handle(key, sent, error),
    onKept: (key) => conflicts.rebase(key),
    retryBaseMs: options.retryBaseMs ?? RETRY_BASE_MS,
    retryMaxMs: options.retryMaxMs ?? RETRY_MAX_MS,
  })
  const conflicts = createConflictHandler({
    pendingSaves,
    state,
    queue: saves,
    indicator,
    read: options.read,
    logger,
    notify,
    hasAccess,
  })
  return {
    pendingSaves,
    saves,
    conflicts,
    restorePendingSaves() {
      for (const key of pendingSaves.restore(state.parse)) state.refreshView(key)
      state.emit()
    },
  }
}
