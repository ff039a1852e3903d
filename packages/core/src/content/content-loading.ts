import type { NoticeInput, NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentCatalog, DocumentMap, KeyOf } from './catalog.ts'
import type { ContentRepository, StoredDocument } from './content-repository.ts'
import { DOCUMENTS_WITH_PUBLIC_FORMS, heldVersionOf } from './public-forms.ts'
import type { StoreScheduler, Timer } from './store-scheduler.ts'
import type { StoreState } from './store-state.ts'
import type { ContentLogger, LoadStatus } from './store-types.ts'

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
 * vital read again after a failure, the documents of a page opened later, and single-key
 * reads for the save pipeline.
 */
export type ContentLoader = {
  /**
   * Reads the vital keys now and the background keys after the delay. Call once. With
   * `shown` (the keys the opened page shows), both reads keep to those keys, and the background
   * read carries the items among them (a team page's team): the documents of other pages are
   * read when a page that shows them opens (`ensure`).
   */
  start(shown?: readonly string[]): void
  /**
   * Reads those of `keys` that no read has asked for yet (or whose background read failed) in
   * one request, and resolves once every one of `keys` has been answered or has failed: the
   * fixed keys pages show, and items (`catalog.isItemKey`: a team page's team). Staff-only and
   * unknown keys are left to their own reads.
   */
  ensure(keys: readonly string[]): Promise<void>
  /** Where the reads of `key` stand: not asked yet (`idle`), asked, answered or failed. */
  keyStatus(key: string): LoadStatus
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

/** A page's read: the rows that changed or are new, and the keys left out as held (at `versions`). */
type PageAnswer = {
  rows: readonly StoredDocument[]
  held: readonly string[]
  versions: Readonly<Record<string, number>>
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
 * Creates the loader of one store: at most two content requests per page load, unless
 * the vital one fails (then it is retried on `vitalRetryMs` and when back online), and one
 * more for each page opened later that shows documents not read yet.
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
  const prepared = () =>
    (preparing ??= Promise.resolve(catalog.prepare?.()).catch((error: unknown) => {
      // Its code could not load (offline): the next read tries again.
      preparing = undefined
      throw error
    }))
  const read = async (keys: readonly string[]) => {
    const rows = await repository.read(keys as KeyOf<Docs>[])
    if (rows.length > 0) await prepared()
    return rows
  }
  // The page's own reads leave out each document the page holds at the version stored now
  // (built into the page, or read before): the answer carries only what changed or is new, and
  // `held` lists the keys left out. Rows that are the documents the page was built from (same
  // version) are applied as the page holds them, so only a newer or another document loads the
  // parser; and when none of those is one the page shows, not before the page has started.
  const readForPage = async (keys: readonly string[]) => {
    const versions = state.heldVersions(keys)
    const rows = await repository.read(keys as KeyOf<Docs>[], versions)
    const answered = new Set(rows.map((row) => row.key))
    const held = keys.filter(
      (key) => heldVersionOf(versions, key) !== undefined && !answered.has(key),
    )
    const toParse = rows.filter((row) => !state.isBaselineRow(row))
    if (toParse.length > 0) {
      if (!toParse.some((row) => state.inBaseline(row.key))) await options.untilStarted?.()
      await prepared()
    }
    return { rows, held, versions }
  }

  let vitalFailures = 0
  let vitalRetryTimer: Timer | undefined

  const keysOf = {
    vital: catalog.vitalKeys as readonly string[],
    background: catalog.backgroundKeys as readonly string[],
    staff: (catalog.staffKeys ?? []) as readonly string[],
  }
  const pageKeys = new Set([...keysOf.vital, ...keysOf.background])
  const withPublicForms = DOCUMENTS_WITH_PUBLIC_FORMS.filter((key) => pageKeys.has(key))
  // Each key's read: its status, and the read in flight that carries it (or the background
  // read it is scheduled for), which `ensure` waits on.
  const statusOf = new Map<string, LoadStatus>()
  const readOf = new Map<string, Promise<void>>()
  const setStatus = (keys: readonly string[], status: LoadStatus) => {
    for (const key of keys) {
      // A retry keeps showing "failed" until it answers: the failure notice stays true.
      if (status === 'loading' && statusOf.get(key) === 'failed') continue
      statusOf.set(key, status)
    }
  }
  const carry = (keys: readonly string[], read: Promise<void>) => {
    for (const key of keys) readOf.set(key, read)
  }
  // Each staff read is numbered: a sign-in while one is in flight starts another, and only
  // the newest one's answer (read with the newest session) marks the keys answered.
  let staffReads = 0

  /**
   * Takes what a read answered for `keys`, which are then loaded: a key it left out as held keeps
   * the document held, and a key it did not answer otherwise shows its default.
   */
  const applyAnswer = (keys: readonly string[], answer: PageAnswer) => {
    state.markAnswered(keys)
    for (const key of answer.held) state.takeHeld(key, heldVersionOf(answer.versions, key) ?? 0)
    for (const row of answer.rows) state.applyRow(row)
    // Keys not stored now show their defaults, not what the page was built from.
    for (const key of keys) if (!state.stored(key)) state.refreshView(key)
    setStatus(keys, 'loaded')
  }

  const loadKeys = async (which: 'vital' | 'background' | 'staff') => {
    // With the staff-only documents, each document that has a public form: whole for staff,
    // whichever of this read and a visitor's answers first (the store keeps the whole one).
    const keys = which === 'staff' ? [...keysOf.staff, ...withPublicForms] : keysOf[which]
    const staffRead = which === 'staff' ? ++staffReads : 0
    const stale = () => which === 'staff' && staffRead !== staffReads
    const loadState = state.getLoadState()
    if (loadState[which] !== 'failed') state.setLoadState({ ...loadState, [which]: 'loading' })
    setStatus(keys, 'loading')
    state.emit()
    try {
      const answer: PageAnswer =
        which === 'staff'
          ? { rows: await read(keys), held: [], versions: {} }
          : await readForPage(keys)
      // The background read's answer is taken once the page has started: the page was built
      // with those documents, and taking it during hydration would re-render (and maybe load
      // the built-in documents) while a phone is still busy making the page interactive.
      if (which === 'background') await options.untilStarted?.()
      if (scheduler.isDisposed() || stale()) return
      if (which === 'staff') {
        // What an earlier session could read and this one cannot is not kept on show.
        const answeredKeys = new Set(answer.rows.map((row) => row.key))
        for (const key of keys) if (!answeredKeys.has(key)) state.dropStored(key)
      }
      applyAnswer(keys, answer)
      state.setLoadState({ ...state.getLoadState(), [which]: 'loaded' })
      if (which === 'vital') vitalFailures = 0
    } catch (error) {
      if (scheduler.isDisposed() || stale()) return
      const message = error instanceof Error ? error.message : String(error)
      if (state.getLoadState()[which] !== 'failed') {
        logger.error(`[content] Could not load ${which} content: ${message}`, error)
        if (which === 'vital') notify(vitalLoadErrorNotice(message))
      }
      setStatus(keys, 'failed')
      state.setLoadState({ ...state.getLoadState(), [which]: 'failed' })
      if (which === 'vital') {
        const wait = vitalRetryMs[Math.min(vitalFailures, vitalRetryMs.length - 1)]
        vitalFailures += 1
        scheduler.cancel(vitalRetryTimer)
        if (wait !== undefined) {
          vitalRetryTimer = scheduler.later(wait, readVital)
        }
      }
    }
    state.emit()
  }

  /** The vital read (at start, on its retries, back online), carrying its keys for `ensure`. */
  function readVital() {
    carry(keysOf.vital, loadKeys('vital'))
  }

  /** A page's documents that no read has asked for: read now, failures logged only (spec §8). */
  const loadPageKeys = async (keys: readonly string[]) => {
    setStatus(keys, 'loading')
    state.emit()
    try {
      const answer = await readForPage(keys)
      if (scheduler.isDisposed()) return
      applyAnswer(keys, answer)
    } catch (error) {
      if (scheduler.isDisposed()) return
      const message = error instanceof Error ? error.message : String(error)
      logger.error(`[content] Could not load background content: ${message}`, error)
      setStatus(keys, 'failed')
    }
    state.emit()
  }

  return {
    start(shown) {
      if (shown) {
        const wanted = new Set(shown)
        keysOf.vital = keysOf.vital.filter((key) => wanted.has(key))
        // The page's own items (a team page's team) come with the background read.
        const items = shown.filter((key) => catalog.isItemKey?.(key) && !pageKeys.has(key))
        keysOf.background = [...keysOf.background.filter((key) => wanted.has(key)), ...items]
        for (const key of items) pageKeys.add(key)
      }
      // Both reads count as asked from now: a page showing their keys waits for nothing more.
      setStatus([...keysOf.vital, ...keysOf.background], 'loading')
      if (keysOf.vital.length > 0) readVital()
      else state.setLoadState({ ...state.getLoadState(), vital: 'loaded' })
      if (keysOf.background.length === 0) return
      let scheduled!: () => void
      carry(keysOf.background, new Promise<void>((resolve) => (scheduled = resolve)))
      scheduler.later(backgroundDelayMs, () => void loadKeys('background').then(scheduled))
    },
    ensure(keys) {
      const unread = keys.filter((key) => {
        if (!pageKeys.has(key) && !catalog.isItemKey?.(key)) return false
        const status = statusOf.get(key)
        return status === undefined || (status === 'failed' && !keysOf.vital.includes(key))
      })
      if (unread.length > 0) carry(unread, loadPageKeys(unread))
      return Promise.all(keys.map((key) => readOf.get(key))).then(() => undefined)
    },
    keyStatus: (key) => statusOf.get(key) ?? 'idle',
    onOnline() {
      if (state.getLoadState().vital !== 'failed') return
      scheduler.cancel(vitalRetryTimer)
      readVital()
    },
    loadStaff() {
      if (keysOf.staff.length === 0 && withPublicForms.length === 0) return Promise.resolve()
      const reading = loadKeys('staff')
      carry(keysOf.staff, reading)
      return reading
    },
    async loadDocuments(keys) {
      if (keys.length === 0) return []
      const answer = await readForPage(keys)
      if (scheduler.isDisposed()) return []
      const answered = new Set([...answer.rows.map((row) => row.key), ...answer.held])
      for (const key of keys) if (!answered.has(key)) state.dropStored(key)
      applyAnswer(keys, answer)
      state.emit()
      return keys.filter((key) => answered.has(key))
    },
    read,
    prepared,
  }
}
