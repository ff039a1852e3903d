import { findLimitProblem, limitProblemMessage } from '../entities/document-limits.ts'
import { ContentError } from './content-repository.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import type { SaveOutcome } from './store-types.ts'

/*
 * The save pipeline's first stage, pure: what a send carries, what the repository is asked,
 * and what goes out after a send is over. save-queue.ts does what these decide.
 */

/** One request under way: what was sent, so its answer can be matched to the pending save. */
export type Sent = {
  id: string
  revision: number
  base: number
  value: unknown
  viewValue: unknown
}

/** What a send of `pending save` carries, taken when it starts (the pending save may change meanwhile). */
export function sentOf(pendingSave: PendingSaveEntry): Sent {
  return {
    id: pendingSave.id,
    revision: pendingSave.revision,
    base: pendingSave.baseVersion,
    value: pendingSave.value,
    viewValue: pendingSave.viewValue,
  }
}

/**
 * What to ask of the repository for a pending save: a save (with what the site showed until now when
 * it is the key's first save), or a refusal made here, as the database would, for a document
 * over its limits.
 */
export type SaveRequest =
  | { kind: 'refuse'; error: ContentError }
  | { kind: 'save'; args: [value: unknown, baseVersion: number, before?: unknown] }

/**
 * The request for `pending save` of `key`.
 *
 * @example
 * requestFor('alerts', { value: [], baseVersion: 3, baseValue: [] }) // save([], 3)
 * requestFor('alerts', { value: [], baseVersion: 0, baseValue: old }) // save([], 0, old)
 */
export function requestFor(
  key: string,
  pendingSave: Pick<PendingSaveEntry, 'value' | 'baseVersion' | 'baseValue'>,
): SaveRequest {
  const problem = findLimitProblem(pendingSave.value)
  if (problem) {
    return {
      kind: 'refuse',
      error: new ContentError({
        kind: 'too-large',
        status: 413,
        code: 'PT413',
        message: limitProblemMessage(key, problem),
        limit: problem,
      }),
    }
  }
  // A first save: what the site showed until now is kept as the version before it.
  if (pendingSave.baseVersion === 0 && pendingSave.baseValue !== undefined) {
    return { kind: 'save', args: [pendingSave.value, 0, pendingSave.baseValue] }
  }
  return { kind: 'save', args: [pendingSave.value, pendingSave.baseVersion] }
}

/**
 * After a send of `sent` is over with `outcome`: `send` when the key has a newer pending save to send
 * now, else the outcome its waiting callers hear (a newer edit waiting for the editor's choice
 * is what they hear of).
 */
export function afterSend(
  next: Pick<PendingSaveEntry, 'status' | 'revision'> | undefined,
  sent: Pick<Sent, 'revision'>,
  outcome: SaveOutcome,
  hasAccess: boolean,
): 'send' | SaveOutcome {
  const newer = next !== undefined && next.revision !== sent.revision
  if (newer && next.status === 'pending' && hasAccess) return 'send'
  return newer && next.status === 'conflict' ? 'conflict' : outcome
}
