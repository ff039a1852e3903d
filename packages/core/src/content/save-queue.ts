import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentError, ContentRepository } from './content-repository.ts'
import { markMergeConflict } from './pending-save-book.ts'
import type { PendingSaveBook } from './pending-save-book.ts'
import { mergeIntoShown, pendingSaveOf, recordFailure } from './pending-save-changes.ts'
import { afterStored, planFailure, takesStored, toContentError } from './save-answers.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { saveTooLargeNotice, savedNotice } from './save-messages.ts'
import { afterSend, requestFor, sentOf } from './save-request.ts'
import type { Sent } from './save-request.ts'
import { createSaveRetries } from './save-retries.ts'
import { createSaveWaiters } from './save-waiters.ts'
import type { StoreScheduler } from './store-scheduler.ts'
import type { StoreState } from './store-state.ts'
import type { ContentLogger, PendingSave, SaveOutcome, SavedMessage } from './store-types.ts'

/**
 * The save pipeline: one request at a time per key, the newest pending save sent next, failures
 * kept on the device and retried with backoff (1 s doubling to 60 s, at once when back
 * online or granted access), refusals kept for the editor. Conflicts are handed to
 * `onConflict` (save-conflicts.ts), which settles them through this queue.
 */
export type SaveQueue = {
  /**
   * Stages an edit of `key`: the view shows it at once and the indicator shows saving. With
   * `base` (the document as the editor found it), the edit is first merged three-way into
   * the document shown now; fields both changed differently make the pending save wait for the
   * editor's choice (status `conflict`, nothing sent).
   */
  stage(key: string, document: unknown, base?: unknown, saved?: SavedMessage): void
  /** Resolves with the outcome of the key's next settled send. */
  waitFor(key: string): Promise<SaveOutcome>
  /** Sends the key's live pending save, unless one is under way, access is denied or none waits. */
  send(key: string): void
  /** Sends every waiting pending save (start, access granted); refusals for lack of rights again too. */
  sendAllWaiting(): void
  /** The browser is back online: sends every pending save that waits for a retry. */
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
  /** After a send: sends the newer pending save if there is one, else tells everyone waiting. */
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
  pendingSaves: PendingSaveBook
  state: StoreState
  indicator: SaveIndicator
  scheduler: StoreScheduler
  logger: ContentLogger
  notify: NotifyFn
  hasAccess: () => boolean
  onConflict: (key: string, sent: Sent, error: ContentError) => void
  /**
   * A send failed and its pending save stays on this device: a live update that arrived while it was
   * being sent (and so could not be merged into it then) is merged now.
   */
  onKept: (key: string) => void
  retryBaseMs: number
  retryMaxMs: number
  now?: () => number
}

/**
 * Creates the save queue of one store: the wiring of the pipeline's stages (what to send,
 * save-request.ts; how an answer is read, save-answers.ts; how the pending save changes,
 * pending-save-changes.ts; when to retry, save-retries.ts) over the store's pending saves and state.
 *
 * @example
 * const queue = createSaveQueue({ repository, pending saves, state, indicator, scheduler, logger, notify,
 *   hasAccess: () => true, onConflict: conflicts.handle, retryBaseMs: 1000, retryMaxMs: 60_000 })
 * queue.stage('alerts', nextAlerts)
 * const outcome = queue.waitFor('alerts')
 * queue.send('alerts')
 */
export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  const { repository, pendingSaves, state, indicator, scheduler, logger, notify, hasAccess } =
    options
  const { onConflict, onKept, retryBaseMs, retryMaxMs, now } = options
  const inFlight = new Map<string, Sent>()
  const retries = createSaveRetries({ scheduler, retryBaseMs, retryMaxMs, now })
  const waiters = createSaveWaiters()
  const clearRetry = retries.clear

  const settle = (key: string, sent: Sent, outcome: SaveOutcome) => {
    const next = afterSend(pendingSaves.active(key), sent, outcome, hasAccess())
    if (next !== 'send') return finishWaiting(key, next)
    send(key)
    state.emit()
  }

  const finishWaiting = (key: string, outcome: SaveOutcome) => {
    waiters.finish(key, outcome)
    // A save kept after an earlier failure went through on its own: say so.
    if (!indicator.settle(key, outcome) && outcome === 'stored') notify(savedNotice())
    state.emit()
  }

  const stored = (key: string, sent: Sent, version: number) => {
    inFlight.delete(key)
    if (takesStored(state.stored(key), version)) state.setStored(key, sent.viewValue, version)
    const pendingSave = pendingSaves.get(sent.id)
    const plan = afterStored(pendingSave, sent)
    if (pendingSave && plan === 'forget') {
      pendingSaves.forget(pendingSave)
      clearRetry(key)
    } else if (pendingSave && plan === 'rebase') {
      // The newer edit was made on top of the one just stored, so it now starts from it.
      pendingSave.baseVersion = version
      pendingSave.baseValue = sent.value
      pendingSaves.persist(pendingSave)
    }
    state.refreshView(key)
    settle(key, sent, 'stored')
  }

  const failed = (key: string, sent: Sent, caught: unknown) => {
    const error = toContentError(caught)
    if (error.kind === 'conflict') return onConflict(key, sent, error)
    inFlight.delete(key)
    const pendingSave = pendingSaves.get(sent.id)
    if (!pendingSave || pendingSave.status === 'set-aside') return settle(key, sent, 'kept')
    const superseded = pendingSave.revision !== sent.revision
    const plan = planFailure(error.kind, superseded, indicator.isOpen(key))
    recordFailure(pendingSave, error, plan.status)
    logger.error(`[content] Could not save ${key} (${error.kind}).`, error)
    if (plan.retry === 'plan') retries.plan(key, pendingSave.attempts, () => send(key))
    else if (plan.retry === 'clear') clearRetry(key)
    pendingSaves.persist(pendingSave)
    onKept(key)
    if (plan.report === 'too-large') notify(saveTooLargeNotice(key, error.limit, sent.value))
    else if (plan.report === 'indicator') indicator.reportFailure(key, error.kind)
    settle(key, sent, 'kept')
  }

  function send(key: string) {
    // Restored pending saves wait for start(); a fresh save goes out at once either way.
    if (scheduler.isDisposed() || !hasAccess() || inFlight.has(key)) return
    const pendingSave = pendingSaves.active(key)
    // Waiting for the editor's choice: whoever waits for this save hears so now.
    if (pendingSave?.status === 'conflict' && pendingSave.conflicts && waiters.has(key)) {
      finishWaiting(key, 'conflict')
    }
    if (!pendingSave || pendingSave.status !== 'pending') return
    clearRetry(key)
    const sent = sentOf(pendingSave)
    inFlight.set(key, sent)
    const request = requestFor(key, pendingSave)
    const answer =
      request.kind === 'refuse'
        ? Promise.reject(request.error)
        : repository.save(key, ...request.args)
    answer.then(
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
      const { value, conflicts } = mergeIntoShown(base, document, shown)
      // A first pending save starts from the stored document (else the built-in one shown).
      const from = pendingSaves.active(key)
        ? undefined
        : (state.stored(key) ?? { value: shown }).value
      const pendingSave = pendingSaves.stage(key, value, state.version(key), from)
      clearRetry(key)
      if (conflicts.length > 0) {
        markMergeConflict(pendingSave, conflicts, shown, state.version(key))
        pendingSaves.persist(pendingSave)
      }
      state.refreshView(key)
      if (pendingSave.status !== 'conflict') indicator.begin(key, saved)
    },
    waitFor: waiters.wait,
    send,
    sendAllWaiting() {
      for (const pendingSave of pendingSaves.all()) {
        if (pendingSave.status === 'failed' && pendingSave.errorKind === 'forbidden') {
          pendingSave.status = 'pending'
          pendingSaves.persist(pendingSave)
        }
        if (pendingSave.status === 'pending') send(pendingSave.key)
      }
      state.emit()
    },
    onOnline() {
      for (const pendingSave of pendingSaves.all())
        if (pendingSave.status === 'pending') send(pendingSave.key)
      state.emit()
    },
    retryNow(id) {
      const pendingSave = pendingSaves.get(id)
      if (
        !pendingSave ||
        !hasAccess() ||
        (pendingSave.status !== 'pending' && pendingSave.status !== 'failed')
      ) {
        return Promise.resolve<SaveOutcome>('ignored')
      }
      pendingSave.status = 'pending'
      pendingSaves.persist(pendingSave)
      clearRetry(pendingSave.key)
      indicator.begin(pendingSave.key)
      const outcome = waiters.wait(pendingSave.key)
      send(pendingSave.key)
      state.emit()
      return outcome
    },
    discard(id) {
      const pendingSave = pendingSaves.get(id)
      if (!pendingSave) return
      pendingSaves.forget(pendingSave)
      if (!pendingSaves.active(pendingSave.key)) clearRetry(pendingSave.key)
      state.refreshView(pendingSave.key)
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
      [...pendingSaves.all()].map((pendingSave) =>
        pendingSaveOf(
          pendingSave,
          retries.nextAt(pendingSave.key),
          inFlight.get(pendingSave.key)?.id === pendingSave.id,
        ),
      ),
    dispose: retries.forget,
  }
}
