import type { ContentError } from './content-repository.ts'
import { markMergeConflict } from './draft-book.ts'
import type { Draft } from './draft-book.ts'
import { sameDocument } from './same-document.ts'
import { mergeThreeWay, settleConflicts } from './three-way-merge.ts'
import type { ConflictChoice, FieldConflict } from './three-way-merge.ts'
import type { PendingSave } from './store-types.ts'

/*
 * The save pipeline's third stage: how a draft changes with each answer. Each function
 * changes the draft it is given and nothing else (no storage, no timers, no notices): the
 * queue and the conflict handler persist the draft and tell the store afterwards.
 */

/** A stored document and its version (the store's entry for a key). */
type StoredEntry = { readonly value: unknown; version: number }

/**
 * Merges `draft` (made from its `baseValue`) into `theirs`, a newer stored version, field by
 * field; from then on the draft starts from `theirs`. Returns the fields both changed
 * differently (the draft's value keeps mine for them).
 */
export function rebaseDraft(draft: Draft, theirs: StoredEntry): FieldConflict[] {
  const merged = mergeThreeWay(draft.baseValue, draft.value, theirs.value)
  draft.value = merged.value
  draft.viewValue = merged.value
  draft.baseValue = theirs.value
  draft.baseVersion = theirs.version
  draft.revision += 1
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
 * After a refused send, merges `draft` into `theirs`: a clean merge is pending again (sent
 * next), one with fields both changed waits for the editor's choice.
 */
export function mergeAfterConflict(draft: Draft, theirs: StoredEntry): void {
  const conflicts = rebaseDraft(draft, theirs)
  if (conflicts.length > 0) {
    draft.attempts += 1
    markMergeConflict(draft, conflicts, theirs.value, theirs.version)
  } else {
    draft.status = 'pending'
    draft.conflicts = undefined
    draft.theirs = undefined
  }
}

/** A refused send the draft cannot be merged over: it waits for reload or overwrite. */
export function markStale(draft: Draft, error: Pick<ContentError, 'message'>, version: number) {
  draft.status = 'conflict'
  draft.errorKind = 'conflict'
  draft.lastError = error.message
  draft.attempts += 1
  draft.currentVersion = version
}

/** Counts a failed send (not a conflict) and records why, with the status it leads to. */
export function recordFailure(
  draft: Draft,
  error: Pick<ContentError, 'kind' | 'message'>,
  status: 'pending' | 'failed',
): void {
  draft.attempts += 1
  draft.errorKind = error.kind
  draft.lastError = error.message
  draft.status = status
}

/** A draft sent again by the editor's choice: a fresh start, newer than any send before. */
export function resetForResend(draft: Draft, savedAt: number): void {
  draft.status = 'pending'
  draft.attempts = 0
  draft.errorKind = undefined
  draft.lastError = undefined
  draft.currentVersion = undefined
  draft.conflicts = undefined
  draft.theirs = undefined
  draft.revision += 1
  draft.savedAt = savedAt
}

/**
 * The base an overwrite saves over: a set-aside draft over what is stored now (`stored`), a
 * refused one over the version the conflict named. Kept as it is, what a draft was merged
 * with is its base from now on.
 */
export function overwriteBase(draft: Draft, stored: StoredEntry | undefined): void {
  const version = stored?.version ?? 0
  if (draft.status === 'set-aside') {
    draft.baseVersion = version
    if (draft.baseValue !== undefined) draft.baseValue = stored?.value
  } else {
    draft.baseVersion = draft.currentVersion ?? version
  }
  if (draft.theirs !== undefined) draft.baseValue = draft.theirs
}

/**
 * Settles `conflicts`, those of `draft` (status `conflict`), with `choices`, one per conflict in
 * order (a missing one keeps mine): `theirs-everywhere` when the result is what is
 * stored now (nothing of the draft is left to save, the draft is unchanged), else `send`, the
 * draft holding the result and starting from the version it was merged with.
 */
export function resolveDraft(
  draft: Draft,
  conflicts: FieldConflict[],
  choices: readonly ConflictChoice[],
  stored: StoredEntry | undefined,
): 'theirs-everywhere' | 'send' {
  const value = settleConflicts({ value: draft.value, conflicts }, choices)
  if (
    stored &&
    stored.version === draft.currentVersion &&
    draft.theirs !== undefined &&
    sameDocument(value, stored.value)
  ) {
    return 'theirs-everywhere'
  }
  draft.value = value
  draft.viewValue = value
  if (draft.theirs !== undefined && draft.currentVersion !== undefined && stored) {
    draft.baseValue = draft.theirs
    draft.baseVersion = draft.currentVersion
  }
  return 'send'
}

/**
 * Whether a draft waiting to be sent should be merged into `theirs`, a newer version taken
 * from elsewhere (Realtime), before its next send.
 */
export function needsRebase(
  draft: Pick<Draft, 'status' | 'baseValue' | 'baseVersion'> | undefined,
  theirs: { version: number } | undefined,
): boolean {
  if (!draft || !theirs || draft.baseValue === undefined) return false
  if (draft.status !== 'pending' && draft.status !== 'failed') return false
  return theirs.version > draft.baseVersion
}

/** The draft as offered to the editor, with its planned retry and whether it is being sent. */
export function pendingSaveOf(
  draft: Draft,
  nextRetryAt: number | undefined,
  sending: boolean,
): PendingSave {
  return {
    id: draft.id,
    key: draft.key,
    value: draft.value,
    baseVersion: draft.baseVersion,
    baseValue: draft.baseValue,
    savedAt: draft.savedAt,
    attempts: draft.attempts,
    status: draft.status,
    errorKind: draft.errorKind,
    lastError: draft.lastError,
    currentVersion: draft.currentVersion,
    conflicts: draft.conflicts,
    theirs: draft.theirs,
    nextRetryAt: draft.status === 'pending' ? nextRetryAt : undefined,
    sending,
  }
}
