import type { NotifyFn } from '../ui/notices/notice-store.ts'
import type { ContentCatalog, DocumentMap, KeyOf } from './catalog.ts'
import type { ContentRepository } from './content-repository.ts'
import type { PendingSaveRecord } from './pending-saves.ts'
import type { KeyValueStorage } from './device-copies.ts'
import type { ConflictChoice } from './three-way-merge.ts'

/**
 * The content store's public types, in one module so that every part of the store
 * (loading, save queue, conflicts, state) shares them without importing each other.
 */

/** Where the store reports what it could not do. `console` by default. */
export type ContentLogger = {
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

/** Progress of one of the two content requests. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed'

/**
 * Progress of the vital and the background request, and of the staff-only documents' read
 * (`idle` until a signed-in session asks for them).
 */
export type LoadState = { vital: LoadStatus; background: LoadStatus; staff: LoadStatus }

/**
 * The editor's save indicator: `saving` for at least 1.2 s and until persistence
 * settles, then `saved` (with the confirmation notice) or `error` for 3 s.
 */
export type SaveState = {
  status: 'idle' | 'saving' | 'saved' | 'error'
  keys: readonly string[]
  /** For `saved`: what the save was, when not a change now live (a scheduled post). */
  message?: Exclude<SavedMessage, 'quiet'> | undefined
}

/**
 * What a stored save says instead of the spec's "Your changes are now live across the site."
 * when that is not true of it (a draft, a scheduled post); `quiet` for a save that changes
 * nothing anyone sees (the sample posts stored as they are), which leaves the words to the
 * other saves of its burst.
 */
export type SavedMessage = { title: string; description: string } | 'quiet'

/** Options of a save: the document as the editor found it, and what the save says when stored. */
export type SaveOptions<Doc> = { base?: Doc | undefined; saved?: SavedMessage | undefined }

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
export type StoreOptions<Docs extends DocumentMap> = {
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
   * The documents a prerendered page was built from (the content stored when the site was
   * built, else the built-in documents), for the keys the page shows. Shown until the reads
   * answer, and what hydration renders, so that it matches the page's HTML.
   */
  baseline?: { [K in KeyOf<Docs>]?: Docs[K] }
  /**
   * The keys of `baseline` that are the built-in documents (nothing was stored for them when
   * the page was built): when a read finds them still not stored, the baseline is what to
   * show, and the built-in documents need not be loaded.
   */
  builtInBaseline?: readonly KeyOf<Docs>[] | undefined
  /**
   * The stored version each stored document of `baseline` was built from. A read that
   * answers a key with that version returns what the page already holds, parsed at build
   * time: it is taken as it is, without loading the schemas to parse it again. Keyed by the
   * row each was read from: a public form by its row (`publicTeams`: public-forms.ts).
   */
  baselineVersions?: Readonly<Record<string, number | undefined>> | undefined
  /**
   * Resolves when the page has started (hydrated). A read that brings only documents the
   * page's baseline does not hold (nothing on it shows them) parses them after that, so that
   * the schemas load after start-up rather than during it. Immediately by default.
   */
  untilStarted?: (() => Promise<void>) | undefined
  /**
   * The keys the page opened first shows (a public page's: `keysShownAt`). The reads at start
   * keep to them, and the documents of another page are read when it opens (`ensure`). None:
   * every vital and background key is read at start (the signed-in area, scripts).
   */
  startWith?: readonly string[] | undefined
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
  /**
   * Reads the documents of `keys` that no read has asked for yet (a page opened after the
   * first shows documents the first did not), and resolves once each has been answered or has
   * failed. Keys already asked for are not read again.
   */
  ensure(keys: readonly KeyOf<Docs>[]): Promise<void>
  /** Where the reads of `key` stand: not asked yet (`idle`), asked, answered or failed. */
  keyStatus(key: KeyOf<Docs>): LoadStatus
  /** Whether `key` shows a document read from the backend or brought by the page, not a sample. */
  holds(key: KeyOf<Docs>): boolean
  /**
   * Whether `key` shows a stored document, not its built-in one: read from the backend, or
   * stored when the page was built (until a read answers for it). A derived row the database
   * keeps only while its documents are stored is missing otherwise (`coaches/<team id>`).
   */
  isStored(key: KeyOf<Docs>): boolean
  /** {@link isStored} as the page was built: what hydration renders (and the prerender). */
  wasStoredAsBuilt(key: KeyOf<Docs>): boolean
  /**
   * The stored version of the document each of `keys` shows (read, or brought by the page); a
   * read naming them leaves out those unchanged (ContentRepository.read's `held`).
   */
  heldVersions(keys: readonly KeyOf<Docs>[]): Record<string, number>
  /** The document to show: the local pending save, else the stored one, else the built-in default. */
  get<K extends KeyOf<Docs>>(key: K): Docs[K]
  /**
   * What the prerendered HTML shows: the content stored when the site was built, else the
   * built-in default. Hydration renders it first, even when newer content has arrived.
   */
  getBaseline<K extends KeyOf<Docs>>(key: K): Docs[K]
  /** The stored version the shown document derives from (0 when none is stored). */
  version(key: KeyOf<Docs>): number
  /**
   * Whether `key` has a document to show. It is false only in a browser where the built-in
   * documents load on demand, for a key that neither the page's baseline nor a read has
   * provided yet; `get` then answers `undefined` until `whenReady` resolves.
   */
  ready(key: KeyOf<Docs>): boolean
  /**
   * Resolves once `key` has a document to show (loading the built-in ones if need be). For a
   * key that has one, it is a promise React's `use` reads at once, without suspending.
   */
  whenReady(key: KeyOf<Docs>): Promise<void>
  getLoadState(): LoadState
  /**
   * Reads the staff-only documents (the catalog's `staffKeys`) as the session the
   * repository holds: the signed-in area calls it when a session starts. A visitor's page
   * never does, so it never asks for them.
   */
  loadStaffContent(): Promise<void>
  /**
   * Reads these documents now (a news post's, when the page that shows it opens), as whoever is
   * signed in. Resolves to the keys the database answered; a key it did not answer (not stored,
   * or not readable by this session) is dropped from the store. Rejects when the read fails.
   */
  loadDocuments(keys: readonly KeyOf<Docs>[]): Promise<readonly KeyOf<Docs>[]>
  /** The keys the store holds a document of now (stored, or built in). */
  documentKeys(): readonly KeyOf<Docs>[]
  getSaveState(): SaveState
  getPendingSaves(): readonly PendingSave[]
  /** Whether a save would be attempted now (signed-in staff). */
  canSave(): boolean
  /** Told by the auth layer; becoming allowed sends the saves that were waiting. */
  setAccess(canSave: boolean): void
  /**
   * Told by the auth layer: asked when the database refuses a save for lack of rights, it
   * resolves with what the notice should say instead of "not staff" (e.g. that two-factor
   * sign-in is required), or undefined.
   */
  setRefusalExplainer(explain: (() => Promise<string | undefined>) | undefined): void
  /**
   * Replaces a whole document: the view updates at once, persistence runs in parallel.
   * Give `base`, the document as the editor found it, and only what the editor changed is
   * saved: the change is merged three-way into the document shown now and, if someone else's
   * save is refused in between, into theirs; a field both changed differently makes the save
   * wait for the editor's choice (`conflict`, with `conflicts` on the pending save; settle it
   * with `resolveConflict`). Without `base`, the document shown now is taken as the base.
   */
  save<K extends KeyOf<Docs>>(
    key: K,
    document: Docs[K],
    options?: SaveOptions<Docs[K]>,
  ): Promise<SaveOutcome>
  /** Saves several documents as one action; several failures get one notice. */
  saveMany(entries: readonly SaveEntry<Docs>[]): Promise<SaveOutcome[]>
  /**
   * Settles a pending save waiting on fields both sides changed: one choice per entry of its
   * `conflicts` (keep mine, use theirs, or a value written by the editor), then saves.
   */
  resolveConflict(id: string, choices: readonly ConflictChoice[]): Promise<SaveOutcome>
  /** Sends a kept save now instead of waiting for its next retry. */
  retryNow(id: string): Promise<SaveOutcome>
  /** Drops a kept save; the view goes back to the stored document. */
  discard(id: string): void
  /** Takes the stored version; the local pending save is set aside, still recoverable. */
  reload(id: string): Promise<void>
  /** Sends the pending save again over the version stored now (or restores a set-aside pending save). */
  overwrite(id: string): Promise<SaveOutcome>
  /**
   * Takes a document stored elsewhere (a Realtime change, a read made outside the store)
   * without saving it: ignored unless `version` is newer than the one held (or the document
   * is whole where the one held at its version is a public form: `form`, see public-forms.ts),
   * read through the catalog as a read is, then subscribers are told. A pending save of the key
   * still shows over it. Resolves to true when the version was taken.
   */
  applyRemote<K extends KeyOf<Docs>>(
    key: K,
    value: unknown,
    version: number,
    form?: 'public',
  ): Promise<boolean>
  subscribe(listener: () => void): () => void
  /** Stops timers and listeners (tests, hot reload). Pending saves stay on the device. */
  dispose(): void
}

/** One document of a batch save; `base` as for `ContentStore.save`. */
export type SaveEntry<Docs extends DocumentMap> = {
  [K in KeyOf<Docs>]: {
    key: K
    document: Docs[K]
    base?: Docs[K] | undefined
    saved?: SavedMessage | undefined
  }
}[KeyOf<Docs>]
