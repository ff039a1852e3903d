import { findLimitProblem, limitProblemMessage } from '../entities/document-limits.ts'
import type { NotifyFn } from '../ui/notices/notice-store.ts'
import { ContentError } from './content-repository.ts'
import type { ContentRepository } from './content-repository.ts'
import { markMergeConflict } from './draft-book.ts'
import type { DraftBook } from './draft-book.ts'
import { sameDocument } from './same-document.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { saveTooLargeNotice, savedNotice } from './save-messages.ts'
import type { StoreScheduler, Timer } from './store-scheduler.ts'
import type { StoreState } from './store-state.ts'
import { mergeThreeWay } from './three-way-merge.ts'
import type { FieldConflict } from './three-way-merge.ts'
import type { ContentLogger, PendingSave, SaveOutcome, SavedMessage } from './store-types.ts'
import { backoffMs } from '../backend/backoff.ts'

/** One request under way: what was sent, so its answer can be matched to the draft. */
export type Sent = {
  id: string
  revision: number
  base: number
  value: unknown
  viewValue: unknown
}

/**
 * The save pipeline: one request at a time per key, the newest draft sent next, failures
 * kept on the device and retried with backoff (1 s doubling to 60 s, at once when back
 * online or granted access), refusals kept for the editor. Conflicts are handed to
 * `onConflict` (save-conflicts.ts), which settles them through this queue.
 */
export type SaveQueue = {
  /**
   * Stages an edit of `key`: the view shows it at once and the indicator shows saving. With
   * `base` (the document as the editor found it), the edit is first merged three-way into
   * the document shown now; fields both changed differently make the draft wait for the
   * editor's choice (status `conflict`, nothing sent).
   */
  stage(key: string, document: unknown, base?: unknown, saved?: SavedMessage): void
  /** Resolves with the outcome of the key's next settled send. */
  waitFor(key: string): Promise<SaveOutcome>
  /** Sends the key's live draft, unless one is under way, access is denied or none waits. */
  send(key: string): void
  /** Sends every waiting draft (start, access granted); refusals for lack of rights again too. */
  sendAllWaiting(): void
  /** The browser is back online: sends every draft that waits for a retry. */
  onOnline(): void
  /** Sends a kept save now instead of waiting for its next retry. */
  retryNow(id: string): Promise<SaveOutcome>
  /** Drops a kept save; the view goes back to the stored document. */
  discard(id: string): void
  /** The send of `key` is over without an answer to apply (a conflict): no longer under way. */
  release(key: string): void
  /** True while a request for `key` is under way. */
  isSending(key: string): boolean
  /** Applies a stored save (also used when a conflict turns out to be our own save). */
  stored(key: string, sent: Sent, version: number): void
  /** After a send: sends the newer draft if there is one, else tells everyone waiting. */
  settle(key: string, sent: Sent, outcome: SaveOutcome): void
  clearRetry(key: string): void
  /** The pending saves as offered to the editor. */
  snapshot(): PendingSave[]
  /** Forgets the planned retries (their timers die with the scheduler). */
  dispose(): void
}

/** What the queue needs from the store. */
export type SaveQueueOptions = {
  repository: Pick<ContentRepository, 'save'>
  drafts: DraftBook
  state: StoreState
  indicator: SaveIndicator
  scheduler: StoreScheduler
  logger: ContentLogger
  notify: NotifyFn
  hasAccess: () => boolean
  onConflict: (key: string, sent: Sent, error: ContentError) => void
  /**
   * A send failed and its draft stays on this device: a live update that arrived while it was
   * being sent (and so could not be merged into it then) is merged now.
   */
  onKept: (key: string) => void
  retryBaseMs: number
  retryMaxMs: number
  now?: () => number
}

/** Anything unclassified (a network failure thrown rather than returned) is worth retrying. */
function toContentError(error: unknown): ContentError {
  if (error instanceof ContentError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new ContentError({ kind: 'unavailable', status: 0, message })
}

/**
 * Creates the save queue of one store.
 *
 * @example
 * const queue = createSaveQueue({ repository, drafts, state, indicator, scheduler, logger, notify,
 *   hasAccess: () => true, onConflict: conflicts.handle, retryBaseMs: 1000, retryMaxMs: 60_000 })
 * queue.stage('alerts', nextAlerts)
 * const outcome = queue.waitFor('alerts')
 * queue.send('alerts')
 */
export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  const { repository, drafts, state, indicator, scheduler, logger, notify, hasAccess } = options
  const { onConflict, onKept, retryBaseMs, retryMaxMs } = options
  const now = options.now ?? Date.now
  const inFlight = new Map<string, Sent>()
  const retryTimers = new Map<string, { timer: Timer; at: number }>()
  const waiters = new Map<string, ((outcome: SaveOutcome) => void)[]>()

  const clearRetry = (key: string) => {
    const planned = retryTimers.get(key)
    if (!planned) return
    scheduler.cancel(planned.timer)
    retryTimers.delete(key)
  }

  const scheduleRetry = (key: string, attempts: number) => {
    clearRetry(key)
    const delay = backoffMs(retryBaseMs, retryMaxMs, attempts)
    const timer = scheduler.later(delay, () => {
      retryTimers.delete(key)
      send(key)
    })
    retryTimers.set(key, { timer, at: now() + delay })
  }

  const waitFor = (key: string) =>
    new Promise<SaveOutcome>((resolve) => {
      const list = waiters.get(key) ?? []
      list.push(resolve)
      waiters.set(key, list)
    })

  const settle = (key: string, sent: Sent, outcome: SaveOutcome) => {
    const next = drafts.active(key)
    if (next && next.status === 'pending' && next.revision !== sent.revision && hasAccess()) {
      send(key)
      state.emit()
      return
    }
    // A newer edit that waits for the editor's choice is what the waiting callers hear of.
    const waiting = next && next.status === 'conflict' && next.revision !== sent.revision
    finishWaiting(key, waiting ? 'conflict' : outcome)
  }

  const finishWaiting = (key: string, outcome: SaveOutcome) => {
    const resolvers = waiters.get(key) ?? []
    waiters.delete(key)
    for (const resolve of resolvers) resolve(outcome)
    // A save kept after an earlier failure went through on its own: say so.
    if (!indicator.settle(key, outcome) && outcome === 'stored') notify(savedNotice())
    state.emit()
  }

  const stored = (key: string, sent: Sent, version: number) => {
    inFlight.delete(key)
    const previous = state.stored(key)
    if (!previous || previous.version <= version) state.setStored(key, sent.viewValue, version)
    const draft = drafts.get(sent.id)
    if (draft && draft.revision === sent.revision) {
      drafts.forget(draft)
      clearRetry(key)
    } else if (draft && draft.status !== 'set-aside' && draft.baseVersion === sent.base) {
      // The newer edit was made on top of the one just stored, so it now starts from it.
      draft.baseVersion = version
      draft.baseValue = sent.value
      drafts.persist(draft)
    }
    state.refreshView(key)
    settle(key, sent, 'stored')
  }

  const failed = (key: string, sent: Sent, caught: unknown) => {
    const error = toContentError(caught)
    if (error.kind === 'conflict') {
      onConflict(key, sent, error)
      return
    }
    inFlight.delete(key)
    const inBurst = indicator.isOpen(key)
    const draft = drafts.get(sent.id)
    if (!draft || draft.status === 'set-aside') {
      settle(key, sent, 'kept')
      return
    }
    draft.attempts += 1
    draft.errorKind = error.kind
    draft.lastError = error.message
    logger.error(`[content] Could not save ${key} (${error.kind}).`, error)
    const superseded = draft.revision !== sent.revision
    if (error.kind === 'unavailable') {
      draft.status = 'pending'
      if (!superseded) scheduleRetry(key, draft.attempts)
    } else if (error.kind === 'too-large' && superseded) {
      // Edited since: the newer version goes out next and is judged on its own size.
      draft.status = 'pending'
    } else {
      // Refused by the database (rights, size or a bad document): retrying alone will not
      // help. Like a conflict, it waits for the editor; the change stays on this device.
      draft.status = 'failed'
      clearRetry(key)
    }
    drafts.persist(draft)
    onKept(key)
    if (error.kind === 'too-large') {
      if (!superseded) notify(saveTooLargeNotice(key, error.limit, sent.value))
    } else if (inBurst) indicator.reportFailure(key, error.kind)
    settle(key, sent, 'kept')
  }

  function send(key: string) {
    // Restored drafts wait for start(); a fresh save goes out at once either way.
    if (scheduler.isDisposed() || !hasAccess() || inFlight.has(key)) return
    const draft = drafts.active(key)
    // Waiting for the editor's choice: whoever waits for this save hears so now.
    if (draft?.status === 'conflict' && draft.conflicts && waiters.has(key)) {
      finishWaiting(key, 'conflict')
    }
    if (!draft || draft.status !== 'pending') return
    clearRetry(key)
    const sent: Sent = {
      id: draft.id,
      revision: draft.revision,
      base: draft.baseVersion,
      value: draft.value,
      viewValue: draft.viewValue,
    }
    inFlight.set(key, sent)
    // Over the database's limits: refused here as the database would, before it is sent.
    const problem = findLimitProblem(draft.value)
    const request = problem
      ? Promise.reject(
          new ContentError({
            kind: 'too-large',
            status: 413,
            code: 'PT413',
            message: limitProblemMessage(key, problem),
            limit: problem,
          }),
        )
      : draft.baseVersion === 0 && draft.baseValue !== undefined
        ? // A first save: what the site showed until now is kept as the version before it.
          repository.save(key, draft.value, 0, draft.baseValue)
        : repository.save(key, draft.value, draft.baseVersion)
    request.then(
      ({ version }) => {
        if (!scheduler.isDisposed()) stored(key, sent, version)
      },
      (error: unknown) => {
        if (!scheduler.isDisposed()) failed(key, sent, error)
      },
    )
  }

  return {
    stage(key, document, base, saved) {
      const shown = state.view(key)
      let value = document
      let conflicts: FieldConflict[] = []
      if (base !== undefined && !sameDocument(base, shown)) {
        // The document moved since the editor started (someone else's save, taken live):
        // their changes are kept, and only fields both changed need a choice.
        const merged = mergeThreeWay(base, document, shown)
        value = merged.value
        conflicts = merged.conflicts
      }
      // A first draft starts from the stored document (else the built-in one shown).
      const from = drafts.active(key) ? undefined : (state.stored(key) ?? { value: shown }).value
      const draft = drafts.stage(key, value, state.version(key), from)
      clearRetry(key)
      if (conflicts.length > 0) {
        markMergeConflict(draft, conflicts, shown, state.version(key))
        drafts.persist(draft)
      }
      state.refreshView(key)
      if (draft.status !== 'conflict') indicator.begin(key, saved)
    },
    waitFor,
    send,
    sendAllWaiting() {
      for (const draft of drafts.all()) {
        if (draft.status === 'failed' && draft.errorKind === 'forbidden') {
          draft.status = 'pending'
          drafts.persist(draft)
        }
        if (draft.status === 'pending') send(draft.key)
      }
      state.emit()
    },
    onOnline() {
      for (const draft of drafts.all()) {
        if (draft.status === 'pending') send(draft.key)
      }
      state.emit()
    },
    retryNow(id) {
      const draft = drafts.get(id)
      if (!draft || !hasAccess() || (draft.status !== 'pending' && draft.status !== 'failed')) {
        return Promise.resolve<SaveOutcome>('ignored')
      }
      draft.status = 'pending'
      drafts.persist(draft)
      clearRetry(draft.key)
      indicator.begin(draft.key)
      const outcome = waitFor(draft.key)
      send(draft.key)
      state.emit()
      return outcome
    },
    discard(id) {
      const draft = drafts.get(id)
      if (!draft) return
      drafts.forget(draft)
      if (!drafts.active(draft.key)) clearRetry(draft.key)
      state.refreshView(draft.key)
      state.emit()
    },
    release(key) {
      inFlight.delete(key)
    },
    isSending: (key) => inFlight.has(key),
    stored,
    settle,
    clearRetry,
    snapshot: () =>
      [...drafts.all()].map((draft) => ({
        id: draft.id,
        key: draft.key,
        value: draft.value,
        baseVersion: draft.baseVersion,
        baseValue: draft.baseValue,
        savedAt: draft.savedAt,
        attempts: draft.attempts,
        status: draft.status,
        errorKind: draft.errorKind,
        lastError: draft.lastError,
        currentVersion: draft.currentVersion,
        conflicts: draft.conflicts,
        theirs: draft.theirs,
        nextRetryAt: draft.status === 'pending' ? retryTimers.get(draft.key)?.at : undefined,
        sending: inFlight.get(draft.key)?.id === draft.id,
      })),
    dispose() {
      retryTimers.clear()
    },
  }
}
