import { uniqueId } from '../entities/unique-id.ts'
import { createPendingSaveStorage } from './pending-saves.ts'
import type { PendingSaveRecord } from './pending-saves.ts'
import type { KeyValueStorage } from './device-copies.ts'
import type { FieldConflict } from './three-way-merge.ts'

/** A save not stored yet, as the store holds it in memory. */
export type PendingSaveEntry = PendingSaveRecord & {
  /** The document to show; for a restored pending save, its value read through the schema. */
  viewValue: unknown
  /** Bumped with every change of the value, so a send knows whether it is still current. */
  revision: number
}

/**
 * The pending saves of one store: every save not stored yet, in memory and mirrored on the
 * device (pending-saves.ts). At most one pending save per key is live; the others are set
 * aside (kept for recovery, never sent).
 */
export type PendingSaveBook = {
  get(id: string): PendingSaveEntry | undefined
  /** Every pending save, oldest first. */
  all(): IterableIterator<PendingSaveEntry>
  /** The key's live pending save (not set aside), if any. */
  active(key: string): PendingSaveEntry | undefined
  /**
   * Records an edit of `key`: it replaces the key's live pending save (keeping its id, the version
   * and document it started from, and a conflict waiting for the editor) or starts one from
   * `storedVersion`, whose document is `storedValue`. Kept on the device before anything is
   * sent, so closing the tab mid-save loses nothing.
   */
  stage(
    key: string,
    document: unknown,
    storedVersion: number,
    storedValue?: unknown,
  ): PendingSaveEntry
  /** Writes the pending save's current state to the device. */
  persist(pendingSave: PendingSaveEntry): void
  /** Drops the pending save, from memory and from the device. */
  forget(pendingSave: PendingSaveEntry): void
  /** True when the device holds pending saves from earlier visits. */
  hasKept(): boolean
  /**
   * Loads the pending saves kept by earlier visits, reading each value with `parse`. When two
   * tabs left live pending saves of one key, the newest wins and the others are set aside.
   * Returns the keys that now show a pending save.
   */
  restore(parse: (key: string, raw: unknown) => unknown): string[]
}

/** What a pending save book needs: the device storage, the keys this build knows, and a logger. */
export type PendingSaveBookOptions = {
  storage: KeyValueStorage | null | undefined
  isKnownKey: (key: string) => boolean
  warn: (message: string, ...details: unknown[]) => void
  /** Makes a pending save's id; unique enough across tabs by default. */
  newId?: () => string
  now?: () => number
}

/**
 * Creates the pending saves of one store.
 *
 * @example
 * const pending saves = createPendingSaveBook({ storage: localStorage, isKnownKey: (key) => keys.has(key), warn: console.warn })
 * const pending save = pending saves.stage('alerts', nextAlerts, 3)
 * pending saves.forget(pending save) // once stored
 */
export function createPendingSaveBook(options: PendingSaveBookOptions): PendingSaveBook {
  const pendingStorage = createPendingSaveStorage(options.storage, {
    isKnownKey: options.isKnownKey,
    warn: options.warn,
  })
  const newId = options.newId ?? uniqueId
  const now = options.now ?? Date.now
  const entries = new Map<string, PendingSaveEntry>()

  const active = (key: string): PendingSaveEntry | undefined => {
    for (const pendingSave of entries.values()) {
      if (pendingSave.key === key && pendingSave.status !== 'set-aside') return pendingSave
    }
    return undefined
  }

  const persist = (pendingSave: PendingSaveEntry) => {
    const { viewValue: _view, revision: _revision, ...record } = pendingSave
    pendingStorage.put(record)
  }

  return {
    get: (id) => entries.get(id),
    all: () => entries.values(),
    active,
    stage(key, document, storedVersion, storedValue) {
      const existing = active(key)
      const waiting = existing?.status === 'conflict' && existing.conflicts ? existing : undefined
      const pendingSave: PendingSaveEntry = {
        id: existing?.id ?? newId(),
        key,
        value: document,
        viewValue: document,
        // A pending save on top of a pending save still starts from the version the first one did.
        baseVersion: existing ? existing.baseVersion : storedVersion,
        baseValue: existing ? existing.baseValue : storedValue,
        savedAt: now(),
        attempts: 0,
        status: 'pending',
        revision: (existing?.revision ?? 0) + 1,
        // An edit made while the editor has yet to settle a merge conflict waits with it.
        ...(waiting
          ? {
              status: 'conflict' as const,
              errorKind: waiting.errorKind,
              lastError: waiting.lastError,
              currentVersion: waiting.currentVersion,
              conflicts: waiting.conflicts,
              theirs: waiting.theirs,
            }
          : {}),
      }
      entries.set(pendingSave.id, pendingSave)
      persist(pendingSave)
      return pendingSave
    },
    persist,
    forget(pendingSave) {
      entries.delete(pendingSave.id)
      pendingStorage.remove(pendingSave.id)
    },
    hasKept: () => pendingStorage.list().length > 0,
    restore(parse) {
      const restored = pendingStorage.list()
      const newestByKey = new Map<string, string>()
      for (const record of restored) {
        if (record.status !== 'set-aside') newestByKey.set(record.key, record.id)
      }
      for (const record of restored) {
        const pendingSave: PendingSaveEntry = {
          ...record,
          viewValue: parse(record.key, record.value),
          revision: 1,
        }
        if (pendingSave.status !== 'set-aside' && newestByKey.get(record.key) !== record.id) {
          // Two live pending saves of one key (two tabs): the newest wins, the other stays recoverable.
          pendingSave.status = 'set-aside'
          persist(pendingSave)
        }
        entries.set(pendingSave.id, pendingSave)
      }
      return [...newestByKey.keys()]
    },
  }
}

/**
 * Marks `pending save` as waiting for the editor: `conflicts` are the fields its merge with `theirs`
 * (stored as `version`, or the document shown) could not settle.
 */
export function markMergeConflict(
  pendingSave: PendingSaveEntry,
  conflicts: FieldConflict[],
  theirs: unknown,
  version: number,
): void {
  pendingSave.status = 'conflict'
  pendingSave.errorKind = 'conflict'
  pendingSave.lastError = `${conflicts.length} ${conflicts.length === 1 ? 'field was' : 'fields were'} also changed in the newer stored version (another editor's, or another window's).`
  pendingSave.currentVersion = version
  pendingSave.conflicts = conflicts
  pendingSave.theirs = theirs
}
