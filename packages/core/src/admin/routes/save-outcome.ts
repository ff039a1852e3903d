import type { SaveOutcome } from '../../content/store-types.ts'
import { SAVED_FIRST_ELSEWHERE } from '../../content/save-messages.ts'

/**
 * Turns a store save into what the editors expect: resolved with `stored`, or with `kept` when
 * the change is only kept on the device for its retries (offline, or refused for its size: the
 * editor must not call it saved), rejected when the store did not take it (no staff session)
 * or a newer version was saved first (another editor's, or this account's in another window),
 * so the editor keeps the values.
 *
 * @example
 * onSave={(next) => acceptedOrThrow(save('alerts', next))}
 */
export async function acceptedOrThrow(outcome: Promise<SaveOutcome>): Promise<'stored' | 'kept'> {
  const result = await outcome
  if (result === 'ignored') throw new Error('This account cannot save changes.')
  // Their other changes are merged already; the conflict dialog asks about the rest.
  if (result === 'conflict') {
    throw new Error(`${SAVED_FIRST_ELSEWHERE} Choose what to keep in the dialog.`)
  }
  return result
}
