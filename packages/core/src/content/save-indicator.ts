import type { NotifyFn } from '../ui/notices/notice-store.ts'
import {
  SAVE_ERROR_WINDOW_MS,
  saveErrorNotice,
  saveForbiddenNotice,
  savedNotice,
} from './save-messages.ts'
import type { StoreScheduler, Timer } from './store-scheduler.ts'
import type { SaveOutcome, SaveState, SavedMessage } from './store-types.ts'

/**
 * The save indicator (spec §4, §9): saves close together form one burst, shown as
 * `saving` for at least `savingMs` (restarted by each save) and until every save of the
 * burst settles; then `saved` with one confirmation notice, or `error`, for `savedMs`.
 */
export type SaveIndicator = {
  /**
   * A save of `key` starts (or starts again): the burst shows `saving`. `saved` is what it
   * says once stored, when that is not "now live" (see SavedMessage).
   */
  begin(key: string, saved?: SavedMessage): void
  /** True while a save of `key` in the current burst has not settled. */
  isOpen(key: string): boolean
  /**
   * The save of `key` settled. Returns false when it was not part of a burst (a kept save
   * retried on its own), so the caller decides whether to confirm it.
   */
  settle(key: string, outcome: SaveOutcome): boolean
  /**
   * Shows the failure notice for `key`; failures of other keys within the short window
   * are named together ("Could not save some content."). A refusal for lack of rights
   * (`forbidden`: removed from the staff, say) also says why, and that the change is kept.
   */
  reportFailure(key: string, kind?: string): void
}

/** What the indicator needs from the store. */
export type SaveIndicatorOptions = {
  scheduler: StoreScheduler
  notify: NotifyFn
  setSaveState: (next: SaveState) => void
  emit: () => void
  savingMs: number
  savedMs: number
  now?: () => number
  /**
   * Why a `forbidden` refusal happened, when the auth layer can tell better than "not staff"
   * (see ContentStore.setRefusalExplainer); undefined for the usual reason.
   */
  explainRefusal?: () => Promise<string | undefined> | undefined
}

type Burst = {
  keys: Set<string>
  /** What each key's save says once stored, when it says something of its own. */
  messages: Map<string, SavedMessage | undefined>
  open: Set<string>
  failed: Set<string>
  minElapsed: boolean
  minTimer: Timer | undefined
}

/**
 * Creates the save indicator of one store.
 *
 * @example
 * const indicator = createSaveIndicator({ scheduler, notify, setSaveState, emit, savingMs: 1200, savedMs: 3000 })
 * indicator.begin('alerts')
 * indicator.settle('alerts', 'stored') // "saved" once 1.2 s have passed
 */
export function createSaveIndicator(options: SaveIndicatorOptions): SaveIndicator {
  const { scheduler, notify, setSaveState, emit, savingMs, savedMs } = options
  const now = options.now ?? Date.now
  const recentFailures = new Map<string, number>()
  let burst: Burst | undefined
  let afterBurstTimer: Timer | undefined

  const finish = () => {
    if (!burst || !burst.minElapsed || burst.open.size > 0) return
    const done = burst
    burst = undefined
    if (done.failed.size === 0) {
      const message = burstMessage(done)
      setSaveState({ status: 'saved', keys: [...done.keys], message })
      notify(message ? { ...savedNotice(), ...message } : savedNotice())
    } else {
      setSaveState({ status: 'error', keys: [...done.failed] })
    }
    scheduler.cancel(afterBurstTimer)
    afterBurstTimer = scheduler.later(savedMs, () => {
      setSaveState({ status: 'idle', keys: [] })
      emit()
    })
    emit()
  }

  return {
    begin(key, saved) {
      scheduler.cancel(afterBurstTimer)
      afterBurstTimer = undefined
      burst ??= {
        keys: new Set(),
        messages: new Map(),
        open: new Set(),
        failed: new Set(),
        minElapsed: false,
        minTimer: undefined,
      }
      const current = burst
      current.keys.add(key)
      current.messages.set(key, saved)
      current.open.add(key)
      // A new attempt at the key supersedes its earlier failure in this burst.
      current.failed.delete(key)
      current.minElapsed = false
      scheduler.cancel(current.minTimer)
      current.minTimer = scheduler.later(savingMs, () => {
        current.minElapsed = true
        finish()
      })
      setSaveState({ status: 'saving', keys: [...current.keys] })
    },
    isOpen: (key) => burst?.open.has(key) ?? false,
    settle(key, outcome) {
      if (!burst?.open.has(key)) return false
      burst.open.delete(key)
      if (outcome !== 'stored') burst.failed.add(key)
      finish()
      return true
    },
    reportFailure(key, kind) {
      const at = now()
      for (const [failedKey, when] of recentFailures) {
        if (at - when > SAVE_ERROR_WINDOW_MS) recentFailures.delete(failedKey)
      }
      recentFailures.set(key, at)
      const keys = [...recentFailures.keys()]
      if (kind !== 'forbidden') return void notify(saveErrorNotice(keys))
      const explained = options.explainRefusal?.()
      if (!explained) return void notify(saveForbiddenNotice(keys))
      void explained.then(
        (reason) => notify(saveForbiddenNotice(keys, reason)),
        () => notify(saveForbiddenNotice(keys)),
      )
    },
  }
}

/**
 * What a stored burst says: its saves' own message when every save that changes something says
 * the same one; the spec's "now live" otherwise (a plain save is among them).
 */
function burstMessage(burst: Burst): Exclude<SavedMessage, 'quiet'> | undefined {
  const said = [...burst.keys]
    .map((key) => burst.messages.get(key))
    .filter((message) => message !== 'quiet')
  const [first] = said
  if (typeof first !== 'object') return undefined
  const same = said.every(
    (message) =>
      typeof message === 'object' &&
      message.title === first.title &&
      message.description === first.description,
  )
  return same ? first : undefined
}
