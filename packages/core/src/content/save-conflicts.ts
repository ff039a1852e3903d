import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentError, StoredDocument } from './content-repository.ts'
import type { Draft, DraftBook } from './draft-book.ts'
import {
  markStale,
  mergeAfterConflict,
  needsRebase,
  overwriteBase,
  rebaseDraft,
  resetForResend,
  resolveDraft,
} from './draft-changes.ts'
import { markMergeConflict } from './draft-book.ts'
import { conflictPath, isOwnSaveLanded, staleVersion } from './save-answers.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { conflictNotice } from './save-messages.ts'
import type { SaveQueue } from './save-queue.ts'
import type { Sent } from './save-request.ts'
import type { StoreState } from './store-state.ts'
import type { ConflictChoice } from './three-way-merge.ts'
import type { ContentLogger, SaveOutcome } from './store-types.ts'

/**
 * What happens when the database refuses a save as stale (409). A draft that knows the
 * document it was made from is merged three-way with the version stored now: without a
 * field changed differently by both, the merge is sent at once; otherwise the draft waits
 * for the editor's choice per field (`resolve`). A draft without that knowledge (kept by an
 * older build) waits for the editor, who either reloads (takes the stored version; the draft
 * is set aside, still recoverable) or overwrites (saves the draft again over the version
 * stored now). A conflicting save is never sent over theirs by itself.
 */
export type ConflictHandler = {
  /** A send of `key` was refused as a conflict. */
  handle(key: string, sent: Sent, error: ContentError): void
  /** Takes the stored version; the local draft is set aside, still recoverable. */
  reload(id: string): Promise<void>
  /** Saves the draft again over the version stored now (or restores a set-aside draft). */
  overwrite(id: string): Promise<SaveOutcome>
  /**
   * Settles a merge conflict: one choice per field of the draft's `conflicts`, in order
   * (a missing one keeps mine), then saves the result over the version it was merged with.
   */
  resolve(id: string, choices: readonly ConflictChoice[]): Promise<SaveOutcome>
  /**
   * A newer version of `key` was taken from elsewhere (Realtime): a draft of it waiting to be
   * sent is merged into it now, so its next send names that version, and a field both changed
   * asks at once rather than after a refused request.
   */
  rebase(key: string): void
}

/** What the conflict handler needs from the store. */
export type ConflictHandlerOptions = {
  drafts: DraftBook
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
 * a refusal is read, save-answers.ts; how the draft is merged or marked, draft-changes.ts) over
 * the store's drafts, state and queue.
 *
 * @example
 * const conflicts = createConflictHandler({ drafts, state, queue, indicator, read: loader.read, logger, notify, hasAccess })
 * await conflicts.overwrite(draftId)
 */
export function createConflictHandler(options: ConflictHandlerOptions): ConflictHandler {
  const { drafts, state, queue, indicator, read, logger, notify, hasAccess } = options
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
      // What is stored is this very draft: an earlier send landed but its answer was lost.
      return queue.stored(key, sent, found.row.version)
    }
    queue.release(key)
    take(key, found)
    const draft = drafts.get(sent.id)
    const theirs = state.stored(key)
    const path = conflictPath(draft, found.row, theirs, sent)
    if (!draft || path === 'gone') {
      state.refreshView(key)
      return queue.settle(key, sent, 'conflict')
    }
    // Their save and this draft, both made from the draft's base: merged field by field.
    if (path === 'merge' && theirs) mergeAfterConflict(draft, theirs)
    else markStale(draft, error, staleVersion(found, error, draft))
    drafts.persist(draft)
    queue.clearRetry(key)
    state.refreshView(key)
    if (path === 'ask') {
      const id = draft.id
      notify(
        conflictNotice(key, { reload: () => void reload(id), overwrite: () => void overwrite(id) }),
      )
    }
    // A clean merge is sent next (its revision is newer than the one refused).
    queue.settle(key, sent, 'conflict')
  }

  async function reload(id: string): Promise<void> {
    const draft = drafts.get(id)
    if (!draft || draft.status === 'set-aside') return
    draft.status = 'set-aside'
    drafts.persist(draft)
    queue.clearRetry(draft.key)
    state.refreshView(draft.key)
    state.emit()
    try {
      const rows = await read([draft.key])
      take(draft.key, { ok: true, row: rows.find((candidate) => candidate.key === draft.key) })
      state.refreshView(draft.key)
      state.emit()
    } catch (error) {
      logger.warn(`[content] Could not reload ${draft.key}; showing the last version read.`, error)
    }
  }

  async function overwrite(id: string): Promise<SaveOutcome> {
    const draft = drafts.get(id)
    if (!draft || !hasAccess()) return 'ignored'
    if (draft.status === 'set-aside') {
      const active = drafts.active(draft.key)
      if (active) {
        active.status = 'set-aside'
        drafts.persist(active)
      }
    }
    overwriteBase(draft, state.stored(draft.key))
    return sendAgain(draft)
  }

  function sendAgain(draft: Draft): Promise<SaveOutcome> {
    resetForResend(draft, now())
    drafts.persist(draft)
    state.refreshView(draft.key)
    indicator.begin(draft.key)
    const outcome = queue.waitFor(draft.key)
    queue.send(draft.key)
    state.emit()
    return outcome
  }

  function resolve(id: string, choices: readonly ConflictChoice[]): Promise<SaveOutcome> {
    const draft = drafts.get(id)
    if (!draft || !hasAccess() || draft.status !== 'conflict' || !draft.conflicts) {
      return Promise.resolve<SaveOutcome>('ignored')
    }
    const stored = state.stored(draft.key)
    if (resolveDraft(draft, draft.conflicts, choices, stored) === 'send') return sendAgain(draft)
    // Theirs everywhere: nothing of this draft is left to save.
    drafts.forget(draft)
    queue.clearRetry(draft.key)
    state.refreshView(draft.key)
    state.emit()
    return Promise.resolve<SaveOutcome>('stored')
  }

  function rebase(key: string) {
    const draft = drafts.active(key)
    const theirs = state.stored(key)
    if (!draft || !theirs || queue.isSending(key) || !needsRebase(draft, theirs)) return
    const conflicts = rebaseDraft(draft, theirs)
    if (conflicts.length > 0) {
      markMergeConflict(draft, conflicts, theirs.value, theirs.version)
      queue.clearRetry(key)
    }
    drafts.persist(draft)
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
