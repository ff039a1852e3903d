import type { ContentCatalog, DocumentMap, KeyOf } from './catalog.ts'
import type { StoredDocument } from './content-repository.ts'
import { documentOfRow, heldRowOf } from './public-forms.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import type { ContentLogger, LoadState, PendingSave, SaveState } from './store-types.ts'

/**
 * What the store shows and tells its subscribers: the stored documents and the view of
 * each key (pending save, else stored, else default or baseline), the load and save state, the
 * pending saves' snapshot, and the listeners. Framework-free; React reads it through
 * `useSyncExternalStore`, so every snapshot keeps its identity until something changes.
 */
export type StoreState = {
  /** Every key of the catalog. */
  /** The keys holding a document now: stored, brought by the page, or built in. */
  documentKeys(): string[]
  /** What `key` shows: the pending save, else the stored document, else the default or baseline. */
  view(key: string): unknown
  /** What the page was built from for `key`, else its built-in document. */
  baseline(key: string): unknown
  /** Whether `key` has something to show (false only while its built-in document loads). */
  has(key: string): boolean
  /** Loads the built-in documents (when the catalog loads them on demand), then tells every listener. */
  loadDefaults(): Promise<void>
  /** The stored document and version of `key`, as last read or saved. */
  stored(key: string): { value: unknown; version: number } | undefined
  /** The stored version (0 when none is stored). */
  version(key: string): number
  /**
   * `public` when the document held of `key` is the form its pages show (public-forms.ts), which
   * a save never starts from; undefined when it is whole (or none is held).
   */
  form(key: string): 'public' | undefined
  /**
   * True when a document of `key` at `version`, in `form`, should replace the one held: a newer
   * version, or the whole document at the version of the public form held.
   */
  supersedes(key: string, version: number, form?: 'public'): boolean
  /** Records what is stored now; the view follows unless a pending save hides it. */
  setStored(key: string, value: unknown, version: number, form?: 'public'): void
  /** Forgets the stored document (a read found the key no longer stored). */
  dropStored(key: string): void
  /**
   * Takes a row a read returned, unless an older one than what we hold (our own save may
   * have landed after the read was answered). Rows of unknown keys are ignored.
   */
  applyRow(row: StoredDocument): void
  /**
   * True when `row` is the stored document the page was built from (same key and version as
   * its baseline): applying it needs no parsing.
   */
  isBaselineRow(row: StoredDocument): boolean
  /** True when the page was built with a document of `key` (it shows it). */
  inBaseline(key: string): boolean
  /** True when the page was built with a stored document of `key`, not its built-in one. */
  builtStored(key: string): boolean
  /**
   * True when `key` shows a stored document: read, or the page's as built until a read answers
   * for it (pending saves aside).
   */
  isStored(key: string): boolean
  /**
   * The stored version of the document each of `keys` shows now, as read or as the page was
   * built from; a key that shows none is left out (a read then answers it whole). A public form
   * is named by its row (public-forms.ts), so that a read with a staff session answers it whole.
   */
  heldVersions(keys: readonly string[]): Record<string, number>
  /**
   * A read left `key` out as held at `version`: the page's document of that version becomes the
   * stored one if nothing newer is held.
   */
  takeHeld(key: string, version: number): void
  /** Marks keys a read has answered for: from then on, a key not stored shows its default. */
  markAnswered(keys: readonly string[]): void
  /** Reads a stored value tolerantly, logging each distinct refusal once. */
  parse(key: string, raw: unknown): unknown
  /** Recomputes the view of `key`. */
  refreshView(key: string): void
  getLoadState(): LoadState
  setLoadState(next: LoadState): void
  getSaveState(): SaveState
  setSaveState(next: SaveState): void
  getPendingSaves(): readonly PendingSave[]
  /** Takes a new pending-saves snapshot and tells every listener. */
  emit(): void
  subscribe(listener: () => void): () => void
  /** Drops every listener (dispose). */
  clearListeners(): void
}

/** What the state needs from the rest of the store. */
export type StoreStateOptions<Docs extends DocumentMap> = {
  catalog: ContentCatalog<Docs>
  baseline?: { [K in KeyOf<Docs>]?: Docs[K] } | undefined
  /** The keys of `baseline` that are the built-in documents. */
  builtInBaseline?: readonly string[] | undefined
  /**
   * The stored version each stored (not built-in) document of `baseline` was built from, by the
   * row it was read from: a public form by its row (`publicTeams`, see public-forms.ts).
   */
  baselineVersions?: Readonly<Record<string, number | undefined>> | undefined
  logger: ContentLogger
  /** The key's live pending save, whose document the view shows first. */
  activePendingSave: (key: string) => PendingSaveEntry | undefined
  /** The pending saves as offered to the editor, taken at every emit. */
  snapshotPending: () => readonly PendingSave[]
}

/**
 * Creates the state of one store.
 *
 * @example
 * const state = createStoreState({ catalog, logger: console, activePendingSave: pending saves.active, snapshotPending: () => [] })
 * state.applyRow({ key: 'alerts', value: [], version: 3, updatedAt: '…' })
 * state.emit()
 */
export function createStoreState<Docs extends DocumentMap>(
  options: StoreStateOptions<Docs>,
): StoreState {
  const { catalog, logger, activePendingSave, snapshotPending } = options
  const fixedKeys = new Set<string>([
    ...catalog.vitalKeys,
    ...catalog.backgroundKeys,
    ...(catalog.staffKeys ?? []),
  ])
  const keys = { has: (key: string) => fixedKeys.has(key) || (catalog.isItemKey?.(key) ?? false) }

  // The built-in documents, asked of the catalog when first needed: a catalog may load
  // them on demand, and until then a key shows the baseline the page was built from.
  const defaults = new Map<string, unknown>()
  const defaultOf = (key: string): unknown => {
    if (!defaults.has(key)) {
      const value = catalog.defaultFor(key as KeyOf<Docs>)
      if (value !== undefined) defaults.set(key, value)
    }
    return defaults.get(key)
  }
  const baseline = new Map<string, unknown>()
  for (const [key, value] of Object.entries(options.baseline ?? {}))
    if (keys.has(key) && value !== undefined) baseline.set(key, value)
  const builtInBaseline = new Set(
    (options.builtInBaseline ?? []).filter((key) => baseline.has(key)),
  )
  const baselineOf = (key: string): unknown =>
    baseline.has(key) ? baseline.get(key) : defaultOf(key)
  const baselineVersions: Record<string, number | undefined> = {}
  /** The documents of `baseline` that are public forms. */
  const baselinePublic = new Set<string>()
  for (const [row, version] of Object.entries(options.baselineVersions ?? {})) {
    const { key, form } = documentOfRow(row)
    baselineVersions[key] = version
    if (form === 'public') baselinePublic.add(key)
  }
  const isBaselineRow = (row: StoredDocument) =>
    baseline.has(row.key) &&
    !builtInBaseline.has(row.key) &&
    Number.isInteger(row.version) &&
    baselineVersions[row.key] === row.version &&
    baselinePublic.has(row.key) === (row.form === 'public')

  /**
   * Stored documents. One read at start-up answers documents that only other pages show; each
   * is parsed (schemas, the longest piece of a read's work) when it is first asked for, not
   * when it arrives, so a phone does not spend its start-up checking what it may never show.
   */
  const stored = new Map<
    string,
    { readonly value: unknown; version: number; form?: 'public' | undefined }
  >()
  /** Keys whose view is a stored document not parsed yet: parsed when first viewed. */
  const unparsedViews = new Set<string>()
  /** Stored entries whose document is not parsed yet. */
  const unparsed = new WeakSet<object>()
  const lazilyParsed = (key: string, raw: unknown, version: number, form?: 'public') => {
    let parsed: { value: unknown } | undefined
    const entry = {
      version,
      form,
      get value() {
        if (!parsed) {
          parsed = { value: parse(key, raw) }
          unparsed.delete(entry)
        }
        return parsed.value
      },
    }
    unparsed.add(entry)
    return entry
  }
  const viewOf = (key: string): unknown => {
    if (unparsedViews.delete(key)) views.set(key, stored.get(key)?.value)
    return views.has(key) ? views.get(key) : baselineOf(key)
  }
  const supersedes = (key: string, version: number, form?: 'public') => {
    const held = stored.get(key)
    if (!held || version !== held.version) return !held || version > held.version
    return held.form === 'public' && form !== 'public'
  }
  const answered = new Set<string>()
  const views = new Map<string, unknown>()
  const listeners = new Set<() => void>()
  const loggedRejections = new Set<string>()
  let loadState: LoadState = { vital: 'idle', background: 'idle', staff: 'idle' }
  let saveState: SaveState = { status: 'idle', keys: [] }
  let pendingSnapshot: readonly PendingSave[] = []

  let loadingDefaults: Promise<void> | undefined
  // A load that failed (offline) is tried again by the next call, not kept as a failure.
  const loadDefaults = (): Promise<void> =>
    (loadingDefaults ??= Promise.resolve(catalog.loadDefaults?.()).then(
      () => {
        for (const key of new Set([...fixedKeys, ...baseline.keys(), ...stored.keys()]))
          refreshView(key)
        emit()
      },
      (error: unknown) => {
        loadingDefaults = undefined
        throw error
      },
    ))

  const refreshView = (key: string) => {
    unparsedViews.delete(key)
    const pendingSave = activePendingSave(key)
    const held = stored.get(key)
    if (pendingSave) views.set(key, pendingSave.viewValue)
    else if (held && unparsed.has(held)) {
      // Parsed when something first views it (viewOf).
      views.delete(key)
      unparsedViews.add(key)
    } else if (held) views.set(key, held.value)
    else if (answered.has(key)) {
      // Nothing stored: the built-in document, which the page may have brought. A page
      // showing a document stored when it was built (since removed) keeps it until the
      // built-in ones are in; a key nothing shows waits until something asks for it.
      const builtIn = builtInBaseline.has(key) ? baseline.get(key) : defaultOf(key)
      if (builtIn !== undefined) views.set(key, builtIn)
      else {
        views.delete(key)
        if (baseline.has(key)) void loadDefaults()
      }
    } else views.delete(key)
  }

  const emit = () => {
    pendingSnapshot = snapshotPending()
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

  return {
    documentKeys: () =>
      [...new Set([...fixedKeys, ...baseline.keys(), ...stored.keys(), ...views.keys()])].filter(
        (key) => unparsedViews.has(key) || viewOf(key) !== undefined,
      ),
    view: viewOf,
    baseline: baselineOf,
    // A stored document not parsed yet is there all the same (a parse always gives a document).
    has: (key) => unparsedViews.has(key) || viewOf(key) !== undefined,
    loadDefaults,
    stored: (key) => stored.get(key),
    version: (key) => stored.get(key)?.version ?? 0,
    form: (key) => stored.get(key)?.form,
    supersedes,
    setStored(key, value, version, form) {
      stored.set(key, { value, version, form })
    },
    dropStored(key) {
      stored.delete(key)
    },
    applyRow(row) {
      if (!keys.has(row.key)) return
      const previous = stored.get(row.key)
      // Never an older version, nor a public form over the whole document of its version.
      if (
        previous &&
        (previous.version > row.version ||
          (previous.version === row.version && !previous.form && row.form === 'public'))
      )
        return
      // The version the page was built from: the baseline is that document, already parsed.
      stored.set(
        row.key,
        isBaselineRow(row)
          ? { value: baseline.get(row.key), version: row.version, form: row.form }
          : lazilyParsed(row.key, row.value, row.version, row.form),
      )
      refreshView(row.key)
    },
    isBaselineRow,
    inBaseline: (key) => baseline.has(key),
    builtStored: (key) => baseline.has(key) && !builtInBaseline.has(key),
    isStored: (key) =>
      stored.has(key) || (!answered.has(key) && baseline.has(key) && !builtInBaseline.has(key)),
    heldVersions(list) {
      const held: Record<string, number> = {}
      for (const key of list) {
        const entry = stored.get(key)
        const version =
          entry?.version ?? (builtInBaseline.has(key) ? undefined : baselineVersions[key])
        if (version === undefined) continue
        const isPublic = entry ? entry.form === 'public' : baselinePublic.has(key)
        held[heldRowOf(key, isPublic ? 'public' : undefined)] = version
      }
      return held
    },
    takeHeld(key, version) {
      if (stored.has(key) || !baseline.has(key) || baselineVersions[key] !== version) return
      const form = baselinePublic.has(key) ? ('public' as const) : undefined
      stored.set(key, { value: baseline.get(key), version, form })
      refreshView(key)
    },
    markAnswered(list) {
      for (const key of list) answered.add(key)
    },
    parse,
    refreshView,
    getLoadState: () => loadState,
    setLoadState(next) {
      loadState = next
    },
    getSaveState: () => saveState,
    setSaveState(next) {
      saveState = next
    },
    getPendingSaves: () => pendingSnapshot,
    emit,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clearListeners() {
      listeners.clear()
    },
  }
}
