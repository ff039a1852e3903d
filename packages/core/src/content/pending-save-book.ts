import { uniqueId } from '../entities/unique-id.ts'
import { createPendingSaveStorage } from './pending-saves.ts'
import type { PendingSaveRecord } from './pending-saves.ts'
import type { KeyValueStorage } from './device-copies.ts'
import type { FieldConflict } from './three-way-merge.ts'

/** A save not stored yet, as the store holds it in memory. */
export type Draft = PendingSaveRecord & {
  /** The document to show; for a restored draft, its value read through the schema. */
  viewValue: unknown
  /** Bumped with every change of the value, so a send knows whether it is still current. */
  revision: number
}

/**
 * The drafts of one store: every save not stored yet, in memory and mirrored on the
 * device (pending-saves.ts). At most one draft per key is live; the others are set
 * aside (kept for recovery, never sent).
 */
export type DraftBook = {
  get(id: string): Draft | undefined
  /** Every draft, oldest first. */
  all(): IterableIterator<Draft>
  /** The key's live draft (not set aside), if any. */
  active(key: string): Draft | undefined
  /**
   * Records an edit of `key`: it replaces the key's live draft (keeping its id, the version
   * and document it started from, and a conflict waiting for the editor) or starts one from
   * `storedVersion`, whose document is `storedValue`. Kept on the device before anything is
   * sent, so closing the tab mid-save loses nothing.
   */
  stage(key: string, document: unknown, storedVersion: number, storedValue?: unknown): Draft
  /** Writes the draft's current state to the device. */
  persist(draft: Draft): void
  /** Drops the draft, from memory and from the device. */
  forget(draft: Draft): void
  /** True when the device holds drafts from earlier visits. */
  hasKept(): boolean
  /**
   * Loads the drafts kept by earlier visits, reading each value with `parse`. When two
   * tabs left live drafts of one key, the newest wins and the others are set aside.
   * Returns the keys that now show a draft.
   */
  restore(parse: (key: string, raw: unknown) => unknown): string[]
}

/** What a draft book needs: the device storage, the keys this build knows, and a logger. */
export type DraftBookOptions = {
  storage: KeyValueStorage | null | undefined
  isKnownKey: (key: string) => boolean
  warn: (message: string, ...details: unknown[]) => void
  /** Makes a draft's id; unique enough across tabs by default. */
  newId?: () => string
  now?: () => number
}

/**
 * Creates the drafts of one store.
 *
 * @example
 * const drafts = createDraftBook({ storage: localStorage, isKnownKey: (key) => keys.has(key), warn: console.warn })
 * const draft = drafts.stage('alerts', nextAlerts, 3)
 * drafts.forget(draft) // once stored
 */
export function createDraftBook(options: DraftBookOptions): DraftBook {
  const pendingStorage = createPendingSaveStorage(options.storage, {
    isKnownKey: options.isKnownKey,
    warn: options.warn,
  })
  const newId = options.newId ?? uniqueId
  const now = options.now ?? Date.now
  const entries = new Map<string, Draft>()

  const active = (key: string): Draft | undefined => {
    for (const draft of entries.values()) {
      if (draft.key === key && draft.status !== 'set-aside') return draft
    }
    return undefined
  }

  const persist = (draft: Draft) => {
    const { viewValue: _view, revision: _revision, ...record } = draft
    pendingStorage.put(record)
  }

  return {
    get: (id) => entries.get(id),
    all: () => entries.values(),
    active,
    stage(key, document, storedVersion, storedValue) {
      const existing = active(key)
      const waiting = existing?.status === 'conflict' && existing.conflicts ? existing : undefined
      const draft: Draft = {
        id: existing?.id ?? newId(),
        key,
        value: document,
        viewValue: document,
        // A draft on top of a draft still starts from the version the first one did.
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
      entries.set(draft.id, draft)
      persist(draft)
      return draft
    },
    persist,
    forget(draft) {
      entries.delete(draft.id)
      pendingStorage.remove(draft.id)
    },
    hasKept: () => pendingStorage.list().length > 0,
    restore(parse) {
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
      return [...newestByKey.keys()]
    },
  }
}

/**
 * Marks `draft` as waiting for the editor: `conflicts` are the fields its merge with `theirs`
 * (stored as `version`, or the document shown) could not settle.
 */
export function markMergeConflict(
  draft: Draft,
  conflicts: FieldConflict[],
  theirs: unknown,
  version: number,
): void {
  draft.status = 'conflict'
  draft.errorKind = 'conflict'
  draft.lastError = `${conflicts.length} ${conflicts.length === 1 ? 'field was' : 'fields were'} also changed in the newer stored version (another editor's, or another window's).`
  draft.currentVersion = version
  draft.conflicts = conflicts
  draft.theirs = theirs
}
