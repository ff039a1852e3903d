import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentError, StoredDocument } from './content-repository.ts'
import type { DraftBook } from './draft-book.ts'
import { sameDocument } from './same-document.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { conflictNoticeText } from './save-messages.ts'
import type { Sent, SaveQueue } from './save-queue.ts'
import type { StoreState } from './store-state.ts'
import type { ContentLogger, SaveOutcome } from './store-types.ts'

/**
 * What happens when the database refuses a save as stale (409): the draft waits for the
 * editor, who either reloads (takes the stored version; the draft is set aside, still
 * recoverable) or overwrites (saves the draft again over the version stored now).
 * A conflicting save is never retried by itself.
 */
export type ConflictHandler = {
  /** A send of `key` was refused as a conflict. */
  handle(key: string, sent: Sent, error: ContentError): void
  /** Takes the stored version; the local draft is set aside, still recoverable. */
  reload(id: string): Promise<void>
  /** Saves the draft again over the version stored now (or restores a set-aside draft). */
  overwrite(id: string): Promise<SaveOutcome>
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
          altText: `Reload ${key} from the site; your draft stays in your pending saves`,
          onSelect: () => void reload(id),
        },
        {
          label: 'Overwrite',
          altText: `Overwrite ${key} with your version`,
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
    } else {
      draft.baseVersion = draft.currentVersion ?? state.version(draft.key)
    }
    draft.status = 'pending'
    draft.attempts = 0
    draft.errorKind = undefined
    draft.lastError = undefined
    draft.currentVersion = undefined
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

  return {
    handle: (key, sent, error) => void handle(key, sent, error),
    reload,
    overwrite,
  }
}
