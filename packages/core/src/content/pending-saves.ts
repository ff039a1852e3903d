import type { ContentErrorKind } from './content-repository.ts'
import type { FieldConflict } from './three-way-merge.ts'
import { createDeviceCopies, deviceCopyPrefix, NOT_JSON } from './device-copies.ts'
import type { KeyValueStorage, ListedCopy } from './device-copies.ts'

/**
 * The device's copy of saves that are not stored yet (device-copies.ts, kind `save`). Each
 * lives under its own storage key, so two tabs never overwrite each other's list, and each is
 * validated when read: a corrupt or foreign entry is skipped (and logged), never trusted.
 */

/** Storage keys of pending saves start with this (device-copies.ts names them). */
export const PENDING_SAVE_PREFIX = deviceCopyPrefix('save')

/**
 * - `pending`: will be sent again automatically (backoff, `online`, sign-in).
 * - `failed`: refused for a reason a retry alone will not fix; waits for the editor
 *   (or, when refused for lack of rights, for the next sign-in).
 * - `conflict`: someone else saved first; waits for reload or overwrite.
 * - `set-aside`: the editor took the stored version; kept so the pending save can be recovered.
 */
export type PendingStatus = 'pending' | 'failed' | 'conflict' | 'set-aside'

/** One save that is not stored yet, as kept on the device. */
export type PendingSaveRecord = {
  id: string
  key: string
  value: unknown
  /** The stored version this pending save was made from. */
  baseVersion: number
  /** When the editor made it (ms since the epoch). */
  savedAt: number
  /** Failed sends so far. */
  attempts: number
  status: PendingStatus
  errorKind?: ContentErrorKind | undefined
  lastError?: string | undefined
  /** For a conflict: the version stored now. */
  currentVersion?: number | undefined
  /**
   * The document this pending save's changes were made from (the stored version `baseVersion`, with
   * each edited field as the editor found it): a save over a newer version merges three-way
   * from it. Absent in pending saves kept by older builds, which are saved whole.
   */
  baseValue?: unknown
  /** For a conflict found by the merge: each field both sides changed differently. */
  conflicts?: FieldConflict[] | undefined
  /** For a conflict found by the merge: the document the pending save was merged with. */
  theirs?: unknown
}

const STATUSES: readonly string[] = ['pending', 'failed', 'conflict', 'set-aside']
const ERROR_KINDS: readonly string[] = [
  'conflict',
  'forbidden',
  'unavailable',
  'too-large',
  'invalid',
]
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0

const isPathPart = (part: unknown) => typeof part === 'string' || Number.isInteger(part)
const isConflictList = (value: unknown) =>
  Array.isArray(value) &&
  value.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      Array.isArray((item as { path?: unknown }).path) &&
      (item as { path: unknown[] }).path.every(isPathPart),
  )

/**
 * Why a stored entry is not a pending save, or undefined when it is one. Written by
 * hand rather than with zod: it runs on every page load, in the first bundle.
 */
function problemWith(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object'
  const r = raw as Record<string, unknown>
  if (typeof r.id !== 'string' || r.id.length < 1 || r.id.length > 100) return 'id'
  if (typeof r.key !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(r.key)) return 'key'
  if (r.value === undefined) return 'a pending save needs a value'
  if (!isCount(r.baseVersion)) return 'baseVersion'
  if (typeof r.savedAt !== 'number' || !Number.isFinite(r.savedAt)) return 'savedAt'
  if (!isCount(r.attempts)) return 'attempts'
  if (typeof r.status !== 'string' || !STATUSES.includes(r.status)) return 'status'
  if (
    r.errorKind !== undefined &&
    (typeof r.errorKind !== 'string' || !ERROR_KINDS.includes(r.errorKind))
  )
    return 'errorKind'
  if (r.lastError !== undefined && typeof r.lastError !== 'string') return 'lastError'
  if (r.currentVersion !== undefined && !isCount(r.currentVersion)) return 'currentVersion'
  if (r.conflicts !== undefined && !isConflictList(r.conflicts)) return 'conflicts'
  return undefined
}

/** Keeps only the record's own fields (a stored entry may carry others). */
function toRecord(r: Record<string, unknown>): PendingSaveRecord {
  return {
    id: r.id as string,
    key: r.key as string,
    value: r.value,
    baseVersion: r.baseVersion as number,
    savedAt: r.savedAt as number,
    attempts: r.attempts as number,
    status: r.status as PendingStatus,
    errorKind: r.errorKind as ContentErrorKind | undefined,
    lastError: r.lastError as string | undefined,
    currentVersion: r.currentVersion as number | undefined,
    baseValue: r.baseValue,
    conflicts: r.conflicts as FieldConflict[] | undefined,
    theirs: r.theirs,
  }
}

type Warn = (message: string, ...details: unknown[]) => void

/** Reads and writes pending saves; every failure of the storage itself is logged and survived. */
export type PendingSaveStorage = {
  list(): PendingSaveRecord[]
  put(record: PendingSaveRecord): void
  remove(id: string): void
}

/**
 * Wraps a storage (localStorage in the browser). `isKnownKey` drops pending saves of keys
 * this build no longer has. Without a storage, pending saves live only in memory.
 */
export function createPendingSaveStorage(
  storage: KeyValueStorage | null | undefined,
  options: { isKnownKey: (key: string) => boolean; warn: Warn },
): PendingSaveStorage {
  const { isKnownKey, warn } = options
  const copies = storage ? createDeviceCopies(storage, 'save') : null
  return {
    list() {
      if (!copies) return []
      const records: PendingSaveRecord[] = []
      let listed: ListedCopy[]
      try {
        listed = copies.list()
      } catch (error) {
        warn('[content] Could not list the pending saves on this device.', error)
        return []
      }
      for (const { name, id, entry } of listed) {
        if (entry === NOT_JSON) {
          warn(`[content] Ignored a corrupt pending save (${name}): not JSON.`)
          continue
        }
        const problem = problemWith(entry)
        if (problem) {
          warn(`[content] Ignored a corrupt pending save (${name}): ${problem}.`)
          continue
        }
        const record = toRecord(entry as Record<string, unknown>)
        if (record.id !== id) {
          warn(`[content] Ignored a pending save stored under the wrong name (${name}).`)
          continue
        }
        if (!isKnownKey(record.key)) {
          warn(`[content] Ignored a pending save of an unknown key (${record.key}).`)
          continue
        }
        records.push(record)
      }
      return records.sort((a, b) => a.savedAt - b.savedAt)
    },
    put(record) {
      if (!copies) return
      try {
        copies.write(record.id, record)
      } catch (error) {
        // Full or blocked storage: the pending save still lives in memory and is retried there.
        warn(`[content] Could not keep the pending save of ${record.key} on this device.`, error)
      }
    },
    remove(id) {
      if (!copies) return
      try {
        copies.remove(id)
      } catch (error) {
        warn('[content] Could not remove a pending save from this device.', error)
      }
    },
  }
}
