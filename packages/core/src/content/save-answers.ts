import { ContentError } from './content-repository.ts'
import type { ContentErrorKind, StoredDocument } from './content-repository.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import { sameDocument } from './same-document.ts'
import type { Sent } from './save-request.ts'

/*
 * The save pipeline's second stage, pure: how the answer to a send is read. save-queue.ts
 * applies a stored or failed answer, save-conflicts.ts a conflict.
 */

/** Anything unclassified (a network failure thrown rather than returned) is worth retrying. */
export function toContentError(error: unknown): ContentError {
  if (error instanceof ContentError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new ContentError({ kind: 'unavailable', status: 0, message })
}

/**
 * What a stored answer does to the sent pending save: `forget` it when it is what was stored; `rebase`
 * a newer edit made on top of it (it now starts from the version just stored); else nothing.
 */
export function afterStored(
  pendingSave: Pick<PendingSaveEntry, 'revision' | 'status' | 'baseVersion'> | undefined,
  sent: Pick<Sent, 'revision' | 'base'>,
): 'forget' | 'rebase' | 'none' {
  if (pendingSave && pendingSave.revision === sent.revision) return 'forget'
  if (pendingSave && pendingSave.status !== 'set-aside' && pendingSave.baseVersion === sent.base)
    return 'rebase'
  return 'none'
}

/** Whether a stored answer of `version` replaces what the store holds (never an older one). */
export function takesStored(held: { version: number } | undefined, version: number): boolean {
  return !held || held.version <= version
}

/**
 * What a failed send (not a conflict) does to its pending save:
 * - `status`: `pending` to be sent again, `failed` to wait for the editor;
 * - `retry`: plan the next automatic retry, clear the planned one, or leave it as it is;
 * - `report`: the size notice, the indicator's failure (within a save burst), or nothing.
 *
 * The network or the backend being away is retried; a document too large that was edited
 * since is judged again on its newer version; any other refusal waits for the editor.
 */
export type FailurePlan = {
  status: 'pending' | 'failed'
  retry: 'plan' | 'clear' | 'keep'
  report: 'too-large' | 'indicator' | 'none'
}

/**
 * Reads a failure of `kind`; `superseded` when the pending save was edited since it was sent.
 *
 * @example
 * planFailure('unavailable', false, true) // { status: 'pending', retry: 'plan', report: 'indicator' }
 * planFailure('forbidden', false, true) // { status: 'failed', retry: 'clear', report: 'indicator' }
 */
export function planFailure(
  kind: ContentErrorKind,
  superseded: boolean,
  inBurst: boolean,
): FailurePlan {
  const report =
    kind === 'too-large' ? (superseded ? 'none' : 'too-large') : inBurst ? 'indicator' : 'none'
  if (kind === 'unavailable')
    return { status: 'pending', retry: superseded ? 'keep' : 'plan', report }
  // Edited since: the newer version goes out next and is judged on its own size.
  if (kind === 'too-large' && superseded) return { status: 'pending', retry: 'keep', report }
  // Refused by the database (rights, size or a bad document): retrying alone will not help.
  return { status: 'failed', retry: 'clear', report }
}

/** True when the row read after a conflict is the very document sent: its answer was lost. */
export function isOwnSaveLanded(row: StoredDocument | undefined, sent: Pick<Sent, 'value'>) {
  return row !== undefined && sameDocument(row.value, sent.value)
}

/**
 * How a conflict is settled once the stored version is read and taken:
 * - `gone`: the pending save was dropped or set aside meanwhile; nothing to settle;
 * - `merge`: the stored version is newer than the one sent from, and the pending save knows the
 *   document it was made from: merged three-way;
 * - `ask`: the editor chooses (reload or overwrite).
 */
export function conflictPath(
  pendingSave: Pick<PendingSaveEntry, 'status' | 'baseValue'> | undefined,
  row: StoredDocument | undefined,
  theirs: { version: number } | undefined,
  sent: Pick<Sent, 'base'>,
): 'gone' | 'merge' | 'ask' {
  if (!pendingSave || pendingSave.status === 'set-aside') return 'gone'
  // Only over a newer version than the one sent from: a read behind ours merges nothing.
  const newer = row && theirs && row.version > sent.base && theirs.version === row.version
  return newer && pendingSave.baseValue !== undefined ? 'merge' : 'ask'
}

/**
 * The version a conflict names as stored now: the one read (0 when the read found none), else
 * the one the refusal named, else the pending save's own base.
 */
export function staleVersion(
  read: { ok: boolean; row: StoredDocument | undefined },
  error: Pick<ContentError, 'currentVersion'>,
  pendingSave: Pick<PendingSaveEntry, 'baseVersion'>,
): number {
  return read.ok ? (read.row?.version ?? 0) : (error.currentVersion ?? pendingSave.baseVersion)
}
