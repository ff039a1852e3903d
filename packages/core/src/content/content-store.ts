import { findLimitProblem, limitProblemMessage } from '../entities/document-limits.ts'
import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentCatalog, DocumentMap, KeyOf } from './catalog.ts'
import { ContentError } from './content-repository.ts'
import type { ContentRepository, StoredDocument } from './content-repository.ts'
import { createPendingSaveStorage } from './pending-saves.ts'
import type { KeyValueStorage, PendingSaveRecord } from './pending-saves.ts'
import {
  conflictNoticeText,
  SAVE_ERROR_WINDOW_MS,
  SAVED_MS,
  saveErrorNotice,
  savedNotice,
  saveTooLargeNotice,
  SAVING_MS,
  vitalLoadErrorNotice,
} from './save-messages.ts'

/** How long after start the background keys are read (spec §9). */
export const BACKGROUND_DELAY_MS = 1000
/** First wait before a kept save is sent again; it doubles with each failure. */
export const RETRY_BASE_MS = 1000
/** The longest wait between two automatic retries. */
export const RETRY_MAX_MS = 60_000
/**
 * After the vital read failed (and its notice was shown), it is tried again after these
 * waits, the last repeating, and whenever the browser comes back online: a visitor whose
 * network or backend recovers sees the stored content without reloading.
 */
export const VITAL_RETRY_MS: readonly number[] = [5_000, 15_000, 30_000, 60_000]

/** Where the store reports what it could not do. `console` by default. */
export type ContentLogger = {
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

/** Progress of one of the two content requests. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed'

/** Progress of the vital and the background request. */
export type LoadState = { vital: LoadStatus; background: LoadStatus }

/**
 * The editor's save indicator: `saving` for at least 1.2 s and until persistence
 * settles, then `saved` (with the confirmation notice) or `error` for 3 s.
 */
export type SaveState = { status: 'idle' | 'saving' | 'saved' | 'error'; keys: readonly string[] }

/**
 * How a save ended: `ignored` without a staff session; `stored` in the database;
 * `kept` on the device after a failure (retried or waiting for the editor);
 * `conflict` when someone else saved first.
 */
export type SaveOutcome = 'ignored' | 'stored' | 'kept' | 'conflict'

/** A save not stored yet, as offered back to the editor. */
export type PendingSave = Readonly<PendingSaveRecord> & {
  /** When the next automatic retry runs (ms since the epoch), if one is planned. */
  nextRetryAt: number | undefined
  /** True while a request for it is under way. */
  sending: boolean
}

/** What the store needs; only the repository and catalog are required. */
export type ContentStoreOptions<Docs extends DocumentMap> = {
  repository: Pick<ContentRepository, 'read' | 'save'>
  catalog: ContentCatalog<Docs>
  /** Where failed saves are kept (localStorage in the browser); memory only when absent. */
  storage?: KeyValueStorage | null
  logger?: ContentLogger
  notify?: NotifyFn
  /** Whether saving is allowed at first: a signed-in staff session. Update with setAccess. */
  canSave?: boolean
  /** Dispatches the browser's `online` event (window by default). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
  backgroundDelayMs?: number
  /**
   * The documents a prerendered page was built from, where they differ from the built-in
   * defaults (content stored when the site was built). Shown until the reads answer, and
   * what hydration renders, so that it matches the page's HTML.
   */
  baseline?: { [K in KeyOf<Docs>]?: Docs[K] }
  /** After a failed vital read, when to read again (ms); the last one repeats. */
  vitalRetryMs?: readonly number[]
  savingMs?: number
  savedMs?: number
  retryBaseMs?: number
  retryMaxMs?: number
}

/** The runtime content of one app: documents, their loading, and the save pipeline. */
export type ContentStore<Docs extends DocumentMap> = {
  /** Starts the two reads and the retries. Safe to call again: it runs once. */
  start(): void
  /** The document to show: the local draft, else the stored one, else the built-in default. */
  get<K extends KeyOf<Docs>>(key: K): Docs[K]
  /**
   * What the prerendered HTML shows: the content stored when the site was built, else the
   * built-in default. Hydration renders it first, even when newer content has arrived.
   */
  getBaseline<K extends KeyOf<Docs>>(key: K): Docs[K]
  /** The stored version the shown document derives from (0 when none is stored). */
  version(key: KeyOf<Docs>): number
  getLoadState(): LoadState
  getSaveState(): SaveState
  getPendingSaves(): readonly PendingSave[]
  /** Whether a save would be attempted now (signed-in staff). */
  canSave(): boolean
  /** Told by the auth layer; becoming allowed sends the saves that were waiting. */
  setAccess(canSave: boolean): void
  /** Replaces a whole document: the view updates at once, persistence runs in parallel. */
  save<K extends KeyOf<Docs>>(key: K, document: Docs[K]): Promise<SaveOutcome>
  /** Saves several documents as one action; several failures get one notice. */
  saveMany(entries: readonly SaveEntry<Docs>[]): Promise<SaveOutcome[]>
  /** Sends a kept save now instead of waiting for its next retry. */
  retryNow(id: string): Promise<SaveOutcome>
  /** Drops a kept save; the view goes back to the stored document. */
  discard(id: string): void
  /** Takes the stored version; the local draft is set aside, still recoverable. */
  reload(id: string): Promise<void>
  /** Saves the draft again over the version stored now (or restores a set-aside draft). */
  overwrite(id: string): Promise<SaveOutcome>
  subscribe(listener: () => void): () => void
  /** Stops timers and listeners (tests, hot reload). Drafts stay on the device. */
  dispose(): void
}

/** One document of a batch save. */
export type SaveEntry<Docs extends DocumentMap> = {
  [K in KeyOf<Docs>]: { key: K; document: Docs[K] }
}[KeyOf<Docs>]

type Draft = PendingSaveRecord & {
  /** The document to show; for a restored draft, its value read through the schema. */
  viewValue: unknown
  /** Bumped with every change of the value, so a send knows whether it is still current. */
  revision: number
}

type Sent = { id: string; revision: number; base: number; value: unknown; viewValue: unknown }

type Burst = {
  keys: Set<string>
  open: Set<string>
  failed: Set<string>
  minElapsed: boolean
  minTimer: ReturnType<typeof setTimeout> | undefined
}

function defaultEvents() {
  return typeof window === 'undefined' ? null : window
}

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

function toContentError(error: unknown): ContentError {
  if (error instanceof ContentError) return error
  const message = error instanceof Error ? error.message : String(error)
  // Anything unclassified (a network failure thrown rather than returned) is worth retrying.
  return new ContentError({ kind: 'unavailable', status: 0, message })
}

function canonical(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  )
}

/** True when two documents are the same JSON, whatever the order of their keys (jsonb reorders). */
export function sameDocument(a: unknown, b: unknown): boolean {
  return deepEqual(canonical(a), canonical(b))
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
  const backgroundDelayMs = options.backgroundDelayMs ?? BACKGROUND_DELAY_MS
  const savingMs = options.savingMs ?? SAVING_MS
  const savedMs = options.savedMs ?? SAVED_MS
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS
  const retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS

  const allKeys = new Set<string>([...catalog.vitalKeys, ...catalog.backgroundKeys])
  const pendingStorage = createPendingSaveStorage(options.storage, {
    isKnownKey: (key) => allKeys.has(key),
    warn: (message, ...details) => logger.warn(message, ...details),
  })

  const defaults = new Map<string, unknown>()
  for (const key of allKeys) defaults.set(key, catalog.defaultFor(key as KeyOf<Docs>))

  const baseline = new Map<string, unknown>(defaults)
  for (const [key, value] of Object.entries(options.baseline ?? {}))
    if (allKeys.has(key) && value !== undefined) baseline.set(key, value)
  const vitalRetryMs = options.vitalRetryMs ?? VITAL_RETRY_MS

  const stored = new Map<string, { value: unknown; version: number }>()
  // Keys a read has answered for: from then on, a key not stored shows its default.
  const answered = new Set<string>()
  const views = new Map<string, unknown>(baseline)
  const entries = new Map<string, Draft>()
  const inFlight = new Map<string, Sent>()
  const retryTimers = new Map<string, { timer: ReturnType<typeof setTimeout>; at: number }>()
  const waiters = new Map<string, ((outcome: SaveOutcome) => void)[]>()
  const listeners = new Set<() => void>()
  const loggedRejections = new Set<string>()
  const recentFailures = new Map<string, number>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  let access = options.canSave ?? false
  let started = false
  let disposed = false
  let loadState: LoadState = { vital: 'idle', background: 'idle' }
  let saveState: SaveState = { status: 'idle', keys: [] }
  let burst: Burst | undefined
  let afterBurstTimer: ReturnType<typeof setTimeout> | undefined
  let pendingSnapshot: readonly PendingSave[] = []

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!disposed) run()
    }, ms)
    timers.add(timer)
    return timer
  }
  const cancel = (timer: ReturnType<typeof setTimeout> | undefined) => {
    if (timer === undefined) return
    clearTimeout(timer)
    timers.delete(timer)
  }

  const emit = () => {
    pendingSnapshot = [...entries.values()].map((draft) => ({
      id: draft.id,
      key: draft.key,
      value: draft.value,
      baseVersion: draft.baseVersion,
      savedAt: draft.savedAt,
      attempts: draft.attempts,
      status: draft.status,
      errorKind: draft.errorKind,
      lastError: draft.lastError,
      currentVersion: draft.currentVersion,
      nextRetryAt: draft.status === 'pending' ? retryTimers.get(draft.key)?.at : undefined,
      sending: inFlight.get(draft.key)?.id === draft.id,
    }))
    for (const listener of [...listeners]) listener()
  }

  // One line per document, however much of it was refused, and never the same line twice.
  const parse = (key: string, raw: unknown): unknown => {
    const result = catalog.parse(key as KeyOf<Docs>, raw)
    const count = result.rejected ?? result.rejections.length
    if (count === 0) return result.value
    const first = result.rejections
      .map((rejection) => `${rejection.path || '(whole document)'}: ${rejection.message}`)
      .join('; ')
    const line = `[content] ${count} ${count === 1 ? 'part' : 'parts'} of "${key}" refused; defaults are shown instead or the parts left out (first: ${first})`
    if (!loggedRejections.has(line)) {
      loggedRejections.add(line)
      logger.warn(line)
    }
    return result.value
  }

  const activeDraft = (key: string): Draft | undefined => {
    for (const draft of entries.values()) {
      if (draft.key === key && draft.status !== 'set-aside') return draft
    }
    return undefined
  }

  const refreshView = (key: string) => {
    const draft = activeDraft(key)
    const next = draft
      ? draft.viewValue
      : stored.has(key)
        ? stored.get(key)?.value
        : answered.has(key)
          ? defaults.get(key)
          : baseline.get(key)
    views.set(key, next)
  }

  const persist = (draft: Draft) => {
    const { viewValue: _view, revision: _revision, ...record } = draft
    pendingStorage.put(record)
  }

  const forget = (draft: Draft) => {
    entries.delete(draft.id)
    pendingStorage.remove(draft.id)
  }

  const clearRetry = (key: string) => {
    const planned = retryTimers.get(key)
    if (!planned) return
    cancel(planned.timer)
    retryTimers.delete(key)
  }

  const scheduleRetry = (key: string, attempts: number) => {
    clearRetry(key)
    const delay = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryMaxMs)
    const timer = later(delay, () => {
      retryTimers.delete(key)
      send(key)
    })
    retryTimers.set(key, { timer, at: Date.now() + delay })
  }

  const applyRow = (row: StoredDocument) => {
    if (!allKeys.has(row.key)) return
    const previous = stored.get(row.key)
    // Our own save may have landed after this read was answered: keep the newer one.
    if (previous && previous.version > row.version) return
    stored.set(row.key, { value: parse(row.key, row.value), version: row.version })
    refreshView(row.key)
  }

  // A catalog that loads its parser on demand is prepared once, at start or at the first read.
  let preparing: Promise<void> | undefined
  const prepared = () => (preparing ??= Promise.resolve(catalog.prepare?.()))
  /**
   * Reads through the repository, then makes sure the catalog can parse what came back.
   * Nothing stored means nothing to parse: the parser (schemas) is then never loaded.
   */
  const read = async (keys: readonly string[]) => {
    const rows = await repository.read(keys as KeyOf<Docs>[])
    if (rows.length > 0) await prepared()
    return rows
  }

  // Restore what earlier visits could not store: shown again at once, sent once allowed.
  const restoreDrafts = () => {
    const restored = pendingStorage.list()
    const newestByKey = new Map<string, string>()
    for (const record of restored) {
      if (record.status !== 'set-aside') newestByKey.set(record.key, record.id)
    }
    for (const record of restored) {
      const draft: Draft = { ...record, viewValue: parse(record.key, record.value), revision: 1 }
      if (draft.status !== 'set-aside' && newestByKey.get(record.key) !== record.id) {
        // Two live drafts of one key (two tabs): the newest wins, the other stays recoverable.
        draft.status = 'set-aside'
        persist(draft)
      }
      entries.set(draft.id, draft)
    }
    for (const key of newestByKey.keys()) refreshView(key)
    emit()
  }
  if (!catalog.prepare) restoreDrafts()

  const waitFor = (key: string) =>
    new Promise<SaveOutcome>((resolve) => {
      const list = waiters.get(key) ?? []
      list.push(resolve)
      waiters.set(key, list)
    })

  const reportFailure = (key: string) => {
    const now = Date.now()
    for (const [failedKey, at] of recentFailures) {
      if (now - at > SAVE_ERROR_WINDOW_MS) recentFailures.delete(failedKey)
    }
    recentFailures.set(key, now)
    notify(saveErrorNotice([...recentFailures.keys()]))
  }

  const finishBurst = () => {
    if (!burst || !burst.minElapsed || burst.open.size > 0) return
    const done = burst
    burst = undefined
    if (done.failed.size === 0) {
      saveState = { status: 'saved', keys: [...done.keys] }
      notify(savedNotice())
    } else {
      saveState = { status: 'error', keys: [...done.failed] }
    }
    cancel(afterBurstTimer)
    afterBurstTimer = later(savedMs, () => {
      saveState = { status: 'idle', keys: [] }
      emit()
    })
    emit()
  }

  const beginBurst = (key: string) => {
    cancel(afterBurstTimer)
    afterBurstTimer = undefined
    burst ??= {
      keys: new Set(),
      open: new Set(),
      failed: new Set(),
      minElapsed: false,
      minTimer: undefined,
    }
    const current = burst
    current.keys.add(key)
    current.open.add(key)
    // A new attempt at the key supersedes its earlier failure in this burst.
    current.failed.delete(key)
    current.minElapsed = false
    cancel(current.minTimer)
    current.minTimer = later(savingMs, () => {
      current.minElapsed = true
      finishBurst()
    })
    saveState = { status: 'saving', keys: [...current.keys] }
  }

  /** After a send: send the newer draft if there is one, else tell everyone waiting. */
  const continueOrSettle = (key: string, sent: Sent, outcome: SaveOutcome) => {
    const next = activeDraft(key)
    if (next && next.status === 'pending' && next.revision !== sent.revision && access) {
      send(key)
      emit()
      return
    }
    const resolvers = waiters.get(key) ?? []
    waiters.delete(key)
    for (const resolve of resolvers) resolve(outcome)
    if (burst?.open.has(key)) {
      burst.open.delete(key)
      if (outcome !== 'stored') burst.failed.add(key)
      finishBurst()
    } else if (outcome === 'stored') {
      // A save kept after an earlier failure went through on its own: say so.
      notify(savedNotice())
    }
    emit()
  }

  const onStored = (key: string, sent: Sent, version: number) => {
    inFlight.delete(key)
    const previous = stored.get(key)
    if (!previous || previous.version <= version) {
      stored.set(key, { value: sent.viewValue, version })
    }
    const draft = entries.get(sent.id)
    if (draft && draft.revision === sent.revision) {
      forget(draft)
      clearRetry(key)
    } else if (draft && draft.status === 'pending' && draft.baseVersion === sent.base) {
      // The newer edit was made on top of the one just stored, so it now starts from it.
      draft.baseVersion = version
      persist(draft)
    }
    refreshView(key)
    continueOrSettle(key, sent, 'stored')
  }

  const onConflict = async (key: string, sent: Sent, error: ContentError) => {
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
      onStored(key, sent, row.version)
      return
    }
    inFlight.delete(key)
    if (row) applyRow(row)
    else if (readOk) stored.delete(key)
    const draft = entries.get(sent.id)
    if (!draft || draft.status === 'set-aside') {
      refreshView(key)
      continueOrSettle(key, sent, 'conflict')
      return
    }
    draft.status = 'conflict'
    draft.errorKind = 'conflict'
    draft.lastError = error.message
    draft.attempts += 1
    draft.currentVersion = readOk
      ? (row?.version ?? 0)
      : (error.currentVersion ?? draft.baseVersion)
    persist(draft)
    clearRetry(key)
    refreshView(key)
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
    continueOrSettle(key, sent, 'conflict')
  }

  const onFailed = (key: string, sent: Sent, caught: unknown) => {
    const error = toContentError(caught)
    if (error.kind === 'conflict') {
      void onConflict(key, sent, error)
      return
    }
    inFlight.delete(key)
    const inBurst = burst?.open.has(key) ?? false
    const draft = entries.get(sent.id)
    if (!draft || draft.status === 'set-aside') {
      continueOrSettle(key, sent, 'kept')
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
    persist(draft)
    if (error.kind === 'too-large') {
      if (!superseded) notify(saveTooLargeNotice(key, error.limit))
    } else if (inBurst) reportFailure(key)
    continueOrSettle(key, sent, 'kept')
  }

  function send(key: string) {
    // Restored drafts wait for start(); a fresh save goes out at once either way.
    if (disposed || !access || inFlight.has(key)) return
    const draft = activeDraft(key)
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
      : repository.save(key, draft.value, draft.baseVersion)
    request.then(
      ({ version }) => {
        if (!disposed) onStored(key, sent, version)
      },
      (error: unknown) => {
        if (!disposed) onFailed(key, sent, error)
      },
    )
  }

  const sendAllWaiting = () => {
    for (const draft of entries.values()) {
      if (draft.status === 'failed' && draft.errorKind === 'forbidden') {
        draft.status = 'pending'
        persist(draft)
      }
      if (draft.status === 'pending') send(draft.key)
    }
    emit()
  }

  const onOnline = () => {
    for (const draft of entries.values()) {
      if (draft.status === 'pending') send(draft.key)
    }
    emit()
  }

  const stageDraft = (key: string, document: unknown) => {
    const existing = activeDraft(key)
    const draft: Draft = {
      id: existing?.id ?? newId(),
      key,
      value: document,
      viewValue: document,
      // A draft on top of a draft still starts from the version the first one did.
      baseVersion: existing ? existing.baseVersion : (stored.get(key)?.version ?? 0),
      savedAt: Date.now(),
      attempts: 0,
      status: 'pending',
      revision: (existing?.revision ?? 0) + 1,
    }
    entries.set(draft.id, draft)
    // Written before the request goes out, so closing the tab mid-save loses nothing.
    persist(draft)
    clearRetry(key)
    refreshView(key)
    beginBurst(key)
  }

  let vitalFailures = 0
  let vitalRetryTimer: ReturnType<typeof setTimeout> | undefined

  const loadKeys = async (which: 'vital' | 'background') => {
    const keys = which === 'vital' ? catalog.vitalKeys : catalog.backgroundKeys
    // A retry keeps showing "failed" until it answers: the failure notice stays true.
    if (loadState[which] !== 'failed') loadState = { ...loadState, [which]: 'loading' }
    emit()
    try {
      const rows = await read(keys)
      if (disposed) return
      for (const key of keys) answered.add(key)
      for (const row of rows) applyRow(row)
      // Keys not stored now show their defaults, not what the page was built from.
      for (const key of keys) if (!stored.has(key)) refreshView(key)
      loadState = { ...loadState, [which]: 'loaded' }
      if (which === 'vital') vitalFailures = 0
    } catch (error) {
      if (disposed) return
      const message = error instanceof Error ? error.message : String(error)
      if (loadState[which] !== 'failed') {
        logger.error(`[content] Could not load ${which} content: ${message}`, error)
        if (which === 'vital') notify(vitalLoadErrorNotice(message))
      }
      loadState = { ...loadState, [which]: 'failed' }
      if (which === 'vital') {
        const wait = vitalRetryMs[Math.min(vitalFailures, vitalRetryMs.length - 1)]
        vitalFailures += 1
        cancel(vitalRetryTimer)
        if (wait !== undefined) vitalRetryTimer = later(wait, () => void loadKeys('vital'))
      }
    }
    emit()
  }

  const onOnlineRead = () => {
    if (loadState.vital !== 'failed') return
    cancel(vitalRetryTimer)
    void loadKeys('vital')
  }

  async function reload(id: string): Promise<void> {
    const draft = entries.get(id)
    if (!draft || draft.status === 'set-aside') return
    draft.status = 'set-aside'
    persist(draft)
    clearRetry(draft.key)
    refreshView(draft.key)
    emit()
    try {
      const rows = await read([draft.key])
      const row = rows.find((candidate) => candidate.key === draft.key)
      if (row) applyRow(row)
      else stored.delete(draft.key)
      refreshView(draft.key)
      emit()
    } catch (error) {
      logger.warn(`[content] Could not reload ${draft.key}; showing the last version read.`, error)
    }
  }

  async function overwrite(id: string): Promise<SaveOutcome> {
    const draft = entries.get(id)
    if (!draft || !access) return 'ignored'
    if (draft.status === 'set-aside') {
      const active = activeDraft(draft.key)
      if (active) {
        active.status = 'set-aside'
        persist(active)
      }
      draft.baseVersion = stored.get(draft.key)?.version ?? 0
    } else {
      draft.baseVersion = draft.currentVersion ?? stored.get(draft.key)?.version ?? 0
    }
    draft.status = 'pending'
    draft.attempts = 0
    draft.errorKind = undefined
    draft.lastError = undefined
    draft.currentVersion = undefined
    draft.revision += 1
    draft.savedAt = Date.now()
    persist(draft)
    refreshView(draft.key)
    beginBurst(draft.key)
    const outcome = waitFor(draft.key)
    send(draft.key)
    emit()
    return outcome
  }

  return {
    start() {
      if (started || disposed) return
      started = true
      // Drafts kept from earlier visits need the parser; without any, it is not loaded.
      if (catalog.prepare && pendingStorage.list().length > 0) {
        void prepared().then(() => {
          if (disposed) return
          restoreDrafts()
          if (access) sendAllWaiting()
        })
      }
      void loadKeys('vital')
      later(backgroundDelayMs, () => void loadKeys('background'))
      events?.addEventListener('online', onOnline)
      events?.addEventListener('online', onOnlineRead)
      if (access) sendAllWaiting()
    },
    get: <K extends KeyOf<Docs>>(key: K) => views.get(key) as Docs[K],
    getBaseline: <K extends KeyOf<Docs>>(key: K) => baseline.get(key) as Docs[K],
    version: (key) => stored.get(key)?.version ?? 0,
    getLoadState: () => loadState,
    getSaveState: () => saveState,
    getPendingSaves: () => pendingSnapshot,
    canSave: () => access,
    setAccess(canSave) {
      if (canSave === access) return
      access = canSave
      if (access && started) sendAllWaiting()
      else emit()
    },
    save(key, document) {
      if (!access || disposed) return Promise.resolve<SaveOutcome>('ignored')
      stageDraft(key, document)
      const outcome = waitFor(key)
      send(key)
      emit()
      return outcome
    },
    saveMany(list) {
      if (!access || disposed) return Promise.resolve(list.map((): SaveOutcome => 'ignored'))
      for (const { key, document } of list) stageDraft(key, document)
      const outcomes = list.map(({ key }) => waitFor(key))
      for (const key of new Set(list.map((entry) => entry.key))) send(key)
      emit()
      return Promise.all(outcomes)
    },
    retryNow(id) {
      const draft = entries.get(id)
      if (!draft || !access || (draft.status !== 'pending' && draft.status !== 'failed')) {
        return Promise.resolve<SaveOutcome>('ignored')
      }
      draft.status = 'pending'
      persist(draft)
      clearRetry(draft.key)
      beginBurst(draft.key)
      const outcome = waitFor(draft.key)
      send(draft.key)
      emit()
      return outcome
    },
    discard(id) {
      const draft = entries.get(id)
      if (!draft) return
      forget(draft)
      if (!activeDraft(draft.key)) clearRetry(draft.key)
      refreshView(draft.key)
      emit()
    },
    reload,
    overwrite,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      disposed = true
      for (const timer of [...timers]) cancel(timer)
      retryTimers.clear()
      events?.removeEventListener('online', onOnline)
      events?.removeEventListener('online', onOnlineRead)
      listeners.clear()
    },
  }
}
