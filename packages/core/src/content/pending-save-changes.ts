import type { ContentError } from './content-repository.ts'
import { markMergeConflict } from './pending-save-book.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import { sameDocument } from './same-document.ts'
import { mergeThreeWay, settleConflicts } from './three-way-merge.ts'
import type { ConflictChoice, FieldConflict } from './three-way-merge.ts'
import type { PendingSave } from './store-types.ts'

/*
 * The save pipeline's third stage: how a pending save changes with each answer. Each function
 * changes the pending save it is given and nothing else (no storage, no timers, no notices): the
 * queue and the conflict handler persist the pending save and tell the store afterwards.
 */

/** A stored document and its version (the store's entry for a key). */
type StoredEntry = { readonly value: unknown; version: number }

/**
 * Merges `pending save` (made from its `baseValue`) into `theirs`, a newer stored version, field by
 * field; from then on the pending save starts from `theirs`. Returns the fields both changed
 * differently (the pending save's value keeps mine for them).
 */
export function rebasePendingSave(
  pendingSave: PendingSaveEntry,
  theirs: StoredEntry,
): FieldConflict[] {
  const merged = mergeThreeWay(pendingSave.baseValue, pendingSave.value, theirs.value)
  pendingSave.value = merged.value
  pendingSave.viewValue = merged.value
  pendingSave.baseValue = theirs.value
  pendingSave.baseVersion = theirs.version
  pendingSave.revision += 1
  return merged.conflicts
}

/**
 * An edit of `document`, made from `base` (the document as the editor found it), joined with
 * the document `shown` now: when that moved since the editor started (someone else's save,
 * taken live), their changes are kept and only fields both changed need a choice.
 */
export function mergeIntoShown(
  base: unknown,
  document: unknown,
  shown: unknown,
): { value: unknown; conflicts: FieldConflict[] } {
  if (base === undefined || sameDocument(base, shown)) return { value: document, conflicts: [] }
  return mergeThreeWay(base, document, shown)
}

/**
 * After a refused send, merges `pending save` into `theirs`: a clean merge is pending again (sent
 * next), one with fields both changed waits for the editor's choice.
 */
export function mergeAfterConflict(pendingSave: PendingSaveEntry, theirs: StoredEntry): void {
  const conflicts = rebasePendingSave(pendingSave, theirs)
  if (conflicts.length > 0) {
    pendingSave.attempts += 1
    markMergeConflict(pendingSave, conflicts, theirs.value, theirs.version)
  } else {
    pendingSave.status = 'pending'
    pendingSave.conflicts = undefined
    pendingSave.theirs = undefined
  }
}

/** A refused send the pending save cannot be merged over: it waits for reload or overwrite. */
export function markStale(
  pendingSave: PendingSaveEntry,
  error: Pick<ContentError, 'message'>,
  version: number,
) {
  pendingSave.status = 'conflict'
  pendingSave.errorKind = 'conflict'
  pendingSave.lastError = error.message
  pendingSave.attempts += 1
  pendingSave.currentVersion = version
}

/** Counts a failed send (not a conflict) and records why, with the status it leads to. */
export function recordFailure(
  pendingSave: PendingSaveEntry,
  error: Pick<ContentError, 'kind' | 'message'>,
  status: 'pending' | 'failed',
): void {
  pendingSave.attempts += 1
  pendingSave.errorKind = error.kind
  pendingSave.lastError = error.message
  pendingSave.status = status
}

/** A pending save sent again by the editor's choice: a fresh start, newer than any send before. */
export function resetForResend(pendingSave: PendingSaveEntry, savedAt: number): void {
  pendingSave.status = 'pending'
  pendingSave.attempts = 0
  pendingSave.errorKind = undefined
  pendingSave.lastError = undefined
  pendingSave.currentVersion = undefined
  pendingSave.conflicts = undefined
  pendingSave.theirs = undefined
  pendingSave.revision += 1
  pendingSave.savedAt = savedAt
}

/**
 * The base an overwrite saves over: a set-aside pending save over what is stored now (`stored`), a
 * refused one over the version the conflict named. Kept as it is, what a pending save was merged
 * with is its base from now on.
 */
export function overwriteBase(
  pendingSave: PendingSaveEntry,
  stored: StoredEntry | undefined,
): void {
  const version = stored?.version ?? 0
  if (pendingSave.status === 'set-aside') {
    pendingSave.baseVersion = version
    if (pendingSave.baseValue !== undefined) pendingSave.baseValue = stored?.value
  } else {
    pendingSave.baseVersion = pendingSave.currentVersion ?? version
  }
  if (pendingSave.theirs !== undefined) pendingSave.baseValue = pendingSave.theirs
}

/**
 * Settles `conflicts`, those of `pending save` (status `conflict`), with `choices`, one per conflict in
 * order (a missing one keeps mine): `theirs-everywhere` when the result is what is
 * stored now (nothing of the pending save is left to save, the pending save is unchanged), else `send`, the
 * pending save holding the result and starting from the version it was merged with.
 */
export function resolvePendingSave(
  pendingSave: PendingSaveEntry,
  conflicts: FieldConflict[],
  choices: readonly ConflictChoice[],
  stored: StoredEntry | undefined,
): 'theirs-everywhere' | 'send' {
  const value = settleConflicts({ value: pendingSave.value, conflicts }, choices)
  if (
    stored &&
    stored.version === pendingSave.currentVersion &&
    pendingSave.theirs !== undefined &&
    sameDocument(value, stored.value)
  ) {
    return 'theirs-everywhere'
  }
  pendingSave.value = value
  pendingSave.viewValue = value
  if (pendingSave.theirs !== undefined && pendingSave.currentVersion !== undefined && stored) {
    pendingSave.baseValue = pendingSave.theirs
    pendingSave.baseVersion = pendingSave.currentVersion
  }
  return 'send'
}

/**
 * Whether a pending save waiting to be sent should be merged into `theirs`, a newer version taken
 * from elsewhere (Realtime), before its next send.
 */
export function needsRebase(
  pendingSave: Pick<PendingSaveEntry, 'status' | 'baseValue' | 'baseVersion'> | undefined,
  theirs: { version: number } | undefined,
): boolean {
  if (!pendingSave || !theirs || pendingSave.baseValue === undefined) return false
  if (pendingSave.status !== 'pending' && pendingSave.status !== 'failed') return false
  return theirs.version > pendingSave.baseVersion
}

/** The pending save as offered to the editor, with its planned retry and whether it is being sent. */
export function pendingSaveOf(
  pendingSave: PendingSaveEntry,
  nextRetryAt: number | undefined,
  sending: boolean,
): PendingSave {
  return {
    id: pendingSave.id,
    key: pendingSave.key,
    value: pendingSave.value,
    baseVersion: pendingSave.baseVersion,
    baseValue: pendingSave.baseValue,
    savedAt: pendingSave.savedAt,
    attempts: pendingSave.attempts,
    status: pendingSave.status,
    errorKind: pendingSave.errorKind,
    lastError: pendingSave.lastError,
    currentVersion: pendingSave.currentVersion,
    conflicts: pendingSave.conflicts,
    theirs: pendingSave.theirs,
    nextRetryAt: pendingSave.status === 'pending' ? nextRetryAt : undefined,
    sending,
  }
}
