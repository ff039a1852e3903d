import type { HistoryRepository } from './history-repository.ts'
import type { PendingSave } from '../content/store-types.ts'

/**
 * What the conflict notice needs to name who saved the newer version and when, and to
 * show the differences between theirs and the editor's pending save.
 */
export type ConflictDetails = {
  key: string
  /** The pending save waiting for the editor's decision (reload or overwrite). */
  pendingSaveId: string
  /** The editor's pending save. */
  mine: unknown
  /** The version stored now; 0 when the key was removed since. */
  version: number
  /** The stored document; undefined when the key was removed or its revision is unreadable. */
  theirs: unknown
  /** When the stored version was saved (ISO 8601), when known. */
  savedAt: string | undefined
  savedBy: string | null
  savedByEmail: string | null
}

/**
 * The details of the conflict waiting on `key` in this store, read from the revision of the
 * version now stored (the store records that version when the database refuses a save as
 * stale). Undefined when no conflict waits on the key. Staff only, like the history.
 *
 * @example
 * const details = await loadConflictDetails(store, history, 'alerts')
 * // `${details.savedByEmail ?? 'Someone'} saved alerts at ${details.savedAt}`
 */
export async function loadConflictDetails(
  store: { getPendingSaves(): readonly PendingSave[] },
  history: Pick<HistoryRepository, 'readRevision'>,
  key: string,
): Promise<ConflictDetails | undefined> {
  const pending = store
    .getPendingSaves()
    .find((save) => save.key === key && save.status === 'conflict')
  if (!pending) return undefined
  const version = pending.currentVersion ?? 0
  const base = { key, pendingSaveId: pending.id, mine: pending.value, version }
  if (version === 0) {
    return { ...base, theirs: undefined, savedAt: undefined, savedBy: null, savedByEmail: null }
  }
  const revision = await history.readRevision(key, version)
  return {
    ...base,
    theirs: revision?.value,
    savedAt: revision?.savedAt,
    savedBy: revision?.savedBy ?? null,
    savedByEmail: revision?.savedByEmail ?? null,
  }
}
