/**
 * Test code only: the save pipeline's parts (pending saves, state, indicator, queue, conflicts)
 * wired together by hand over an in-memory repository, without the loader or the store's
 * public surface, so each part's tests can drive the others' real behaviour.
 */
import { createMemoryRepository } from './memory-repository.ts'
import type { MemoryRepository } from './memory-repository.ts'
import { createMemoryStorage } from './memory-storage.ts'
import type { MemoryStorage } from './memory-storage.ts'
import { recordLogs, recordNotices } from './notices.ts'
import type { ContentCatalog } from '../src/content/catalog.ts'
import { createPendingSaveBook } from '../src/content/pending-save-book.ts'
import { createConflictHandler } from '../src/content/save-conflicts.ts'
import { createSaveIndicator } from '../src/content/save-indicator.ts'
import { createSaveQueue } from '../src/content/save-queue.ts'
import { createStoreScheduler } from '../src/content/store-scheduler.ts'
import { createStoreState } from '../src/content/store-state.ts'

/** Two keys holding plain strings: the pipeline's rules do not depend on the content model. */
export type PipelineDocs = { hero: string; teams: string }

const catalog: ContentCatalog<PipelineDocs> = {
  vitalKeys: ['hero'],
  backgroundKeys: ['teams'],
  defaultFor: (key) => `default ${key}`,
  parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
}

/** Builds the pipeline; `access` starts granted and can be changed through the returned object. */
export function createSavePipeline(options: { repository?: MemoryRepository } = {}) {
  const repository = options.repository ?? createMemoryRepository()
  const storage: MemoryStorage = createMemoryStorage()
  const notices = recordNotices()
  const logs = recordLogs()
  const scheduler = createStoreScheduler()
  const control = { access: true }
  const hasAccess = () => control.access
  const pendingSaves = createPendingSaveBook({
    storage,
    isKnownKey: () => true,
    warn: logs.logger.warn,
  })
  const state = createStoreState({
    catalog,
    logger: logs.logger,
    activePendingSave: pendingSaves.active,
    snapshotPending: () => queue.snapshot(),
  })
  const indicator = createSaveIndicator({
    scheduler,
    notify: notices.notify,
    setSaveState: state.setSaveState,
    emit: state.emit,
    savingMs: 1200,
    savedMs: 3000,
  })
  const queue = createSaveQueue({
    repository,
    pendingSaves,
    state,
    indicator,
    scheduler,
    logger: logs.logger,
    notify: notices.notify,
    hasAccess,
    onConflict: (key, sent, error) => conflicts.handle(key, sent, error),
    onKept: (key) => conflicts.rebase(key),
    retryBaseMs: 1000,
    retryMaxMs: 8000,
  })
  const conflicts = createConflictHandler({
    pendingSaves,
    state,
    queue,
    indicator,
    read: (keys) => repository.read(keys),
    logger: logs.logger,
    notify: notices.notify,
    hasAccess,
  })
  /** What `store.save` does: stage, wait, send. */
  const save = (key: string, document: string) => {
    queue.stage(key, document)
    const outcome = queue.waitFor(key)
    queue.send(key)
    state.emit()
    return outcome
  }
  return {
    repository,
    storage,
    notices,
    logs,
    scheduler,
    control,
    pendingSaves,
    state,
    queue,
    conflicts,
    save,
  }
}
