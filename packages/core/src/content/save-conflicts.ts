import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentError, StoredDocument } from './content-repository.ts'
import { markMergeConflict } from './draft-book.ts'
import type { Draft, DraftBook } from './draft-book.ts'
import { sameDocument } from './same-document.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { contentName } from '../entities/content-names.ts'
import { conflictNoticeText } from './save-messages.ts'
import type { Sent, SaveQueue } from './save-queue.ts'
import type { StoreState } from './store-state.ts'
import { mergeThreeWay, settleConflicts } from './three-way-merge.ts'
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
 * Creates the conflict handler of one store.
 *
 * @example
 * const conflicts = createConflictHandler({ drafts, state, queue, indicator, read: loader.read, logger, notify, hasAccess })
 * await conflicts.overwrite(draftId)
 */
export function createConflictHandler(options: ConflictHandlerOptions): ConflictHandler {
  const { drafts, state, queue, indicator, read, logger, notify, hasAccess } = options
  const now = options.now ?? Date.now

  async function handle(key: string, sent: Sent, error: ContentError) {
    let row: StoredDocument | undefined
    let readOk = false
    try {
      row = (await read([key])).find((candidate) => candidate.key === key)
      readOk = true
    } catch (readError) {
      logger.warn(`[content] Could not read ${key} after a conflict.`, readError)
    }
    if (row && sameDocument(row.value, sent.value)) {
      // What is stored is this very draft: an earlier send landed but its answer was lost.
      queue.stored(key, sent, row.version)
      return
    }
    queue.release(key)
    if (row) state.applyRow(row)
    else if (readOk) state.dropStored(key)
    const draft = drafts.get(sent.id)
    if (!draft || draft.status === 'set-aside') {
      state.refreshView(key)
      queue.settle(key, sent, 'conflict')
      return
    }
    const theirs = state.stored(key)
    // Only over a newer version than the one sent from: a read behind ours merges nothing.
    const newer = row && theirs && row.version > sent.base && theirs.version === row.version
    if (newer && draft.baseValue !== undefined) {
      // Their save and this draft, both made from the draft's base: merged field by field.
      const merged = mergeThreeWay(draft.baseValue, draft.value, theirs.value)
      draft.value = merged.value
      draft.viewValue = merged.value
      draft.baseValue = theirs.value
      draft.baseVersion = theirs.version
      draft.revision += 1
      if (merged.conflicts.length > 0) {
        draft.attempts += 1
        markMergeConflict(draft, merged.conflicts, theirs.value, theirs.version)
      } else {
        draft.status = 'pending'
        draft.conflicts = undefined
        draft.theirs = undefined
      }
      drafts.persist(draft)
      queue.clearRetry(key)
      state.refreshView(key)
      // A clean merge is sent next (its revision is newer than the one refused).
      queue.settle(key, sent, 'conflict')
      return
    }
    draft.status = 'conflict'
    draft.errorKind = 'conflict'
    draft.lastError = error.message
    draft.attempts += 1
    draft.currentVersion = readOk
      ? (row?.version ?? 0)
      : (error.currentVersion ?? draft.baseVersion)
    drafts.persist(draft)
    queue.clearRetry(key)
    state.refreshView(key)
    const text = conflictNoticeText(key)
    const id = draft.id
    notify({
      ...text,
      variant: 'destructive',
      // A decision is needed; the notice waits for it (the pending list offers it too).
      duration: null,
      actions: [
        {
          label: 'Reload',
          altText: `Reload ${contentName(key)} from the site; your draft stays listed under “Changes not saved yet”`,
          onSelect: () => void reload(id),
        },
        {
          label: 'Overwrite',
          altText: `Overwrite ${contentName(key)} with your version`,
          onSelect: () => void overwrite(id),
        },
      ],
    })
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
      const row = rows.find((candidate) => candidate.key === draft.key)
      if (row) state.applyRow(row)
      else state.dropStored(draft.key)
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
      draft.baseVersion = state.version(draft.key)
      if (draft.baseValue !== undefined) draft.baseValue = state.stored(draft.key)?.value
    } else {
      draft.baseVersion = draft.currentVersion ?? state.version(draft.key)
    }
    // Kept as it is, what it was merged with is its base from now on.
    if (draft.theirs !== undefined) draft.baseValue = draft.theirs
    return sendAgain(draft)
  }

  function sendAgain(draft: Draft): Promise<SaveOutcome> {
    draft.status = 'pending'
    draft.attempts = 0
    draft.errorKind = undefined
    draft.lastError = undefined
    draft.currentVersion = undefined
    draft.conflicts = undefined
    draft.theirs = undefined
    draft.revision += 1
    draft.savedAt = now()
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
    const value = settleConflicts({ value: draft.value, conflicts: draft.conflicts }, choices)
    const stored = state.stored(draft.key)
    if (
      stored &&
      stored.version === draft.currentVersion &&
      draft.theirs !== undefined &&
      sameDocument(value, stored.value)
    ) {
      // Theirs everywhere: nothing of this draft is left to save.
      drafts.forget(draft)
      queue.clearRetry(draft.key)
      state.refreshView(draft.key)
      state.emit()
      return Promise.resolve<SaveOutcome>('stored')
    }
    draft.value = value
    draft.viewValue = value
    if (draft.theirs !== undefined && draft.currentVersion !== undefined && stored) {
      draft.baseValue = draft.theirs
      draft.baseVersion = draft.currentVersion
    }
    return sendAgain(draft)
  }

  function rebase(key: string) {
    const draft = drafts.active(key)
    const theirs = state.stored(key)
    if (!draft || !theirs || draft.baseValue === undefined || queue.isSending(key)) return
    if (draft.status !== 'pending' && draft.status !== 'failed') return
    if (theirs.version <= draft.baseVersion) return
    const merged = mergeThreeWay(draft.baseValue, draft.value, theirs.value)
    draft.value = merged.value
    draft.viewValue = merged.value
    draft.baseValue = theirs.value
    draft.baseVersion = theirs.version
    draft.revision += 1
    if (merged.conflicts.length > 0) {
      markMergeConflict(draft, merged.conflicts, theirs.value, theirs.version)
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
