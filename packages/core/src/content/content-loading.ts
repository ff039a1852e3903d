import type { NoticeInput, NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentCatalog, DocumentMap, KeyOf } from './catalog.ts'
import type { ContentRepository, StoredDocument } from './content-repository.ts'
import type { StoreScheduler, Timer } from './store-scheduler.ts'
import type { StoreState } from './store-state.ts'
import type { ContentLogger } from './store-types.ts'

/**
 * The notice when vital content could not be loaded (spec §8); "Supabase" names the service.
 * Here rather than with the save messages: loading is in every page's first bundle, saving is not.
 */
export function vitalLoadErrorNotice(serviceMessage: string): NoticeInput {
  return {
    title: 'Supabase',
    description: `Could not load vital content. ${serviceMessage}`.trim(),
    variant: 'destructive',
  }
}

/** How long after start the background keys are read (spec §9). */
export const BACKGROUND_DELAY_MS = 1000
/**
 * After the vital read failed (and its notice was shown), it is tried again after these
 * waits, the last repeating, and whenever the browser comes back online: a visitor whose
 * network or backend recovers sees the stored content without reloading.
 */
export const VITAL_RETRY_MS: readonly number[] = [5_000, 15_000, 30_000, 60_000]

/**
 * The store's reads: the vital keys at start, the background keys a second later, the
 * vital read again after a failure, and single-key reads for the save pipeline.
 */
export type ContentLoader = {
  /** Reads the vital keys now and the background keys after the delay. Call once. */
  start(): void
  /** The browser is back online: a failed vital read is tried again at once. */
  onOnline(): void
  /**
   * Reads the staff-only documents (the catalog's `staffKeys`) in one request, as whoever
   * is signed in: the database answers them to staff only. Call again after a sign-in; an
   * older read that answers after a newer one changes nothing.
   */
  loadStaff(): Promise<void>
  /** See ContentStore.loadDocuments. */
  loadDocuments(keys: readonly string[]): Promise<readonly string[]>
  /**
   * Reads through the repository, then makes sure the catalog can parse what came back.
   * Nothing stored means nothing to parse: the parser (schemas) is then never loaded.
   */
  read(keys: readonly string[]): Promise<StoredDocument[]>
  /** Loads the catalog's parser once, however often it is asked. */
  prepared(): Promise<void>
}

/** What the loader needs from the store. */
export type ContentLoaderOptions<Docs extends DocumentMap> = {
  repository: Pick<ContentRepository, 'read'>
  catalog: ContentCatalog<Docs>
  state: StoreState
  scheduler: StoreScheduler
  logger: ContentLogger
  notify: NotifyFn
  backgroundDelayMs: number
  vitalRetryMs: readonly number[]
  /** See ContentStoreOptions.untilStarted. */
  untilStarted?: (() => Promise<void>) | undefined
}

/**
 * Creates the loader of one store: exactly two content requests per page load, unless
 * the vital one fails (then it is retried on `vitalRetryMs` and when back online).
 *
 * @example
 * const loader = createContentLoader({ repository, catalog, state, scheduler, logger, notify, backgroundDelayMs: 1000, vitalRetryMs: VITAL_RETRY_MS })
 * loader.start()
 */
export function createContentLoader<Docs extends DocumentMap>(
  options: ContentLoaderOptions<Docs>,
): ContentLoader {
  const { repository, catalog, state, scheduler, logger, notify } = options
  const { backgroundDelayMs, vitalRetryMs } = options

  // A catalog that loads its parser on demand is prepared once, at start or at the first read.
  let preparing: Promise<void> | undefined
  const prepared = () => (preparing ??= Promise.resolve(catalog.prepare?.()))
  const read = async (keys: readonly string[]) => {
    const rows = await repository.read(keys as KeyOf<Docs>[])
    if (rows.length > 0) await prepared()
    return rows
  }
  // The page's own reads: rows that are the documents the page was built from (same version)
  // are applied as the page holds them, so only a newer or another document loads the parser;
  // and when none of those is one the page shows, not before the page has started.
  const readForPage = async (keys: readonly string[]) => {
    const rows = await repository.read(keys as KeyOf<Docs>[])
    const toParse = rows.filter((row) => !state.isBaselineRow(row))
    if (toParse.length === 0) return rows
    if (!toParse.some((row) => state.inBaseline(row.key))) await options.untilStarted?.()
    await prepared()
    return rows
  }

  let vitalFailures = 0
  let vitalRetryTimer: Timer | undefined

  const keysOf = {
    vital: catalog.vitalKeys,
    background: catalog.backgroundKeys,
    staff: catalog.staffKeys ?? [],
  }
  // Each staff read is numbered: a sign-in while one is in flight starts another, and only
  // the newest one's answer (read with the newest session) marks the keys answered.
  let staffReads = 0

  const loadKeys = async (which: 'vital' | 'background' | 'staff') => {
    const keys = keysOf[which]
    const staffRead = which === 'staff' ? ++staffReads : 0
    const stale = () => which === 'staff' && staffRead !== staffReads
    const loadState = state.getLoadState()
    // A retry keeps showing "failed" until it answers: the failure notice stays true.
    if (loadState[which] !== 'failed') state.setLoadState({ ...loadState, [which]: 'loading' })
    state.emit()
    try {
      const rows = which === 'staff' ? await read(keys) : await readForPage(keys)
      if (scheduler.isDisposed() || stale()) return
      state.markAnswered(keys)
      if (which === 'staff') {
        // What an earlier session could read and this one cannot is not kept on show.
        const answeredKeys = new Set(rows.map((row) => row.key))
        for (const key of keys) if (!answeredKeys.has(key)) state.dropStored(key)
      }
      for (const row of rows) state.applyRow(row)
      // Keys not stored now show their defaults, not what the page was built from.
      for (const key of keys) if (!state.stored(key)) state.refreshView(key)
      state.setLoadState({ ...state.getLoadState(), [which]: 'loaded' })
      if (which === 'vital') vitalFailures = 0
    } catch (error) {
      if (scheduler.isDisposed() || stale()) return
      const message = error instanceof Error ? error.message : String(error)
      if (state.getLoadState()[which] !== 'failed') {
        logger.error(`[content] Could not load ${which} content: ${message}`, error)
        if (which === 'vital') notify(vitalLoadErrorNotice(message))
      }
      state.setLoadState({ ...state.getLoadState(), [which]: 'failed' })
      if (which === 'vital') {
        const wait = vitalRetryMs[Math.min(vitalFailures, vitalRetryMs.length - 1)]
        vitalFailures += 1
        scheduler.cancel(vitalRetryTimer)
        if (wait !== undefined) {
          vitalRetryTimer = scheduler.later(wait, () => void loadKeys('vital'))
        }
      }
    }
    state.emit()
  }

  return {
    start() {
      void loadKeys('vital')
      scheduler.later(backgroundDelayMs, () => void loadKeys('background'))
    },
    onOnline() {
      if (state.getLoadState().vital !== 'failed') return
      scheduler.cancel(vitalRetryTimer)
      void loadKeys('vital')
    },
    loadStaff: () => (keysOf.staff.length === 0 ? Promise.resolve() : loadKeys('staff')),
    async loadDocuments(keys) {
      if (keys.length === 0) return []
      const rows = await readForPage(keys)
      if (scheduler.isDisposed()) return []
      const answered = new Set(rows.map((row) => row.key))
      state.markAnswered(keys)
      for (const key of keys) if (!answered.has(key)) state.dropStored(key)
      for (const row of rows) state.applyRow(row)
      for (const key of keys) if (!state.stored(key)) state.refreshView(key)
      state.emit()
      return keys.filter((key) => answered.has(key))
    },
    read,
    prepared,
  }
}
