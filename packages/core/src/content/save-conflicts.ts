import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentError, StoredDocument } from './content-repository.ts'
import type { PendingSaveEntry, PendingSaveBook } from './pending-save-book.ts'
import {
  markStale,
  mergeAfterConflict,
  needsRebase,
  overwriteBase,
  rebasePendingSave,
  resetForResend,
  resolvePendingSave,
} from './pending-save-changes.ts'
import { markMergeConflict } from './pending-save-book.ts'
import { conflictPath, isOwnSaveLanded, staleVersion } from './save-answers.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { conflictNotice } from './save-messages.ts'
import type { SaveQueue } from './save-queue.ts'
import type { Sent } from './save-request.ts'
import type { StoreState } from './store-state.ts'
import type { ConflictChoice } from './three-way-merge.ts'
import type { ContentLogger, SaveOutcome } from './store-types.ts'

/**
 * What happens when the database refuses a save as stale (409). A pending save that knows the
 * document it was made from is merged three-way with the version stored now: without a
 * field changed differently by both, the merge is sent at once; otherwise the pending save waits
 * for the editor's choice per field (`resolve`). A pending save without that knowledge (kept by an
 * older build) waits for the editor, who either reloads (takes the stored version; the pending save
 * is set aside, still recoverable) or overwrites (sends the pending save again over the version
 * stored now). A conflicting save is never sent over theirs by itself.
 */
export type ConflictHandler = {
  /** A send of `key` was refused as a conflict. */
  handle(key: string, sent: Sent, error: ContentError): void
  /** Takes the stored version; the local pending save is set aside, still recoverable. */
  reload(id: string): Promise<void>
  /** Sends the pending save again over the version stored now (or restores a set-aside pending save). */
  overwrite(id: string): Promise<SaveOutcome>
  /**
   * Settles a merge conflict: one choice per field of the pending save's `conflicts`, in order
   * (a missing one keeps mine), then saves the result over the version it was merged with.
   */
  resolve(id: string, choices: readonly ConflictChoice[]): Promise<SaveOutcome>
  /**
   * A newer version of `key` was taken from elsewhere (Realtime): a pending save of it waiting to be
   * sent is merged into it now, so its next send names that version, and a field both changed
   * asks at once rather than after a refused request.
   */
  rebase(key: string): void
}

/** What the conflict handler needs from the store. */
export type ConflictHandlerOptions = {
  pendingSaves: PendingSaveBook
  state: StoreState
  queue: SaveQueue
  indicator: SaveIndicator
  /** Reads keys and readies the parser (content-loading.ts). */
  read: (keys: readonly string[]) => Promise<StoredDocument[]>
  logger: ContentLogger
  notify: NotifyFn
  hasAccess: () => boolean
  now?: () => number
}

/**
 * Creates the conflict handler of one store: the wiring of the pipeline's conflict rules (how
 * a refusal is read, save-answers.ts; how the pending save is merged or marked, pending-save-changes.ts) over
 * the store's pending saves, state and queue.
 *
 * @example
 * const conflicts = createConflictHandler({ pending saves, state, queue, indicator, read: loader.read, logger, notify, hasAccess })
 * await conflicts.overwrite(pendingSaveId)
 */
export function createConflictHandler(options: ConflictHandlerOptions): ConflictHandler {
  const { pendingSaves, state, queue, indicator, read, logger, notify, hasAccess } = options
  const now = options.now ?? Date.now

  /** Reads `key` again; `ok` false when the read failed (logged with `failure`). */
  async function readKey(key: string, failure: string) {
    try {
      const rows = await read([key])
      return { ok: true, row: rows.find((candidate) => candidate.key === key) }
    } catch (error) {
      logger.warn(failure, error)
      return { ok: false, row: undefined }
    }
  }

  /** Takes what a read found of `key` (or that it found none). */
  function take(key: string, found: { ok: boolean; row: StoredDocument | undefined }) {
    if (found.row) state.applyRow(found.row)
    else if (found.ok) state.dropStored(key)
  }

  async function handle(key: string, sent: Sent, error: ContentError) {
    const found = await readKey(key, `[content] Could not read ${key} after a conflict.`)
    if (found.row && isOwnSaveLanded(found.row, sent)) {
      // What is stored is this very pending save: an earlier send landed but its answer was lost.
      return queue.stored(key, sent, found.row.version)
    }
    queue.release(key)
    take(key, found)
    const pendingSave = pendingSaves.get(sent.id)
    const theirs = state.stored(key)
    const path = conflictPath(pendingSave, found.row, theirs, sent)
    if (!pendingSave || path === 'gone') {
      state.refreshView(key)
      return queue.settle(key, sent, 'conflict')
    }
    // Their save and this pending save, both made from the pending save's base: merged field by field.
    if (path === 'merge' && theirs) mergeAfterConflict(pendingSave, theirs)
    else markStale(pendingSave, error, staleVersion(found, error, pendingSave))
    pendingSaves.persist(pendingSave)
    queue.clearRetry(key)
    state.refreshView(key)
    if (path === 'ask') {
      const id = pendingSave.id
      notify(
        conflictNotice(key, { reload: () => void reload(id), overwrite: () => void overwrite(id) }),
      )
    }
    // A clean merge is sent next (its revision is newer than the one refused).
    queue.settle(key, sent, 'conflict')
  }

  async function reload(id: string): Promise<void> {
    const pendingSave = pendingSaves.get(id)
    if (!pendingSave || pendingSave.status === 'set-aside') return
    pendingSave.status = 'set-aside'
    pendingSaves.persist(pendingSave)
    queue.clearRetry(pendingSave.key)
    state.refreshView(pendingSave.key)
    state.emit()
    try {
      const rows = await read([pendingSave.key])
      take(pendingSave.key, {
        ok: true,
        row: rows.find((candidate) => candidate.key === pendingSave.key),
      })
      state.refreshView(pendingSave.key)
      state.emit()
    } catch (error) {
      logger.warn(
        `[content] Could not reload ${pendingSave.key}; showing the last version read.`,
        error,
      )
    }
  }

  async function overwrite(id: string): Promise<SaveOutcome> {
    const pendingSave = pendingSaves.get(id)
    if (!pendingSave || !hasAccess()) return 'ignored'
    if (pendingSave.status === 'set-aside') {
      const active = pendingSaves.active(pendingSave.key)
      if (active) {
        active.status = 'set-aside'
        pendingSaves.persist(active)
      }
    }
    overwriteBase(pendingSave, state.stored(pendingSave.key))
    return sendAgain(pendingSave)
  }

  function sendAgain(pendingSave: PendingSaveEntry): Promise<SaveOutcome> {
    resetForResend(pendingSave, now())
    pendingSaves.persist(pendingSave)
    state.refreshView(pendingSave.key)
    indicator.begin(pendingSave.key)
    const outcome = queue.waitFor(pendingSave.key)
    queue.send(pendingSave.key)
    state.emit()
    return outcome
  }

  function resolve(id: string, choices: readonly ConflictChoice[]): Promise<SaveOutcome> {
    const pendingSave = pendingSaves.get(id)
    if (
      !pendingSave ||
      !hasAccess() ||
      pendingSave.status !== 'conflict' ||
      !pendingSave.conflicts
    ) {
      return Promise.resolve<SaveOutcome>('ignored')
    }
    const stored = state.stored(pendingSave.key)
    if (resolvePendingSave(pendingSave, pendingSave.conflicts, choices, stored) === 'send')
      return sendAgain(pendingSave)
    // Theirs everywhere: nothing of this pending save is left to save.
    pendingSaves.forget(pendingSave)
    queue.clearRetry(pendingSave.key)
    state.refreshView(pendingSave.key)
    state.emit()
    return Promise.resolve<SaveOutcome>('stored')
  }

  function rebase(key: string) {
    const pendingSave = pendingSaves.active(key)
    const theirs = state.stored(key)
    if (!pendingSave || !theirs || queue.isSending(key) || !needsRebase(pendingSave, theirs)) return
    const conflicts = rebasePendingSave(pendingSave, theirs)
    if (conflicts.length > 0) {
      markMergeConflict(pendingSave, conflicts, theirs.value, theirs.version)
      queue.clearRetry(key)
    }
    pendingSaves.persist(pendingSave)
    state.refreshView(key)
  }

  return {
    handle: (key, sent, error) => void handle(key, sent, error),
    reload,
    overwrite,
    resolve,
    rebase,
  }
}
