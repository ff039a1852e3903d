import type { SaveOutcome } from '../../content/store-types.ts'

/**
 * Turns a store save into what the editors expect: resolved with `stored`, or with `kept` when
 * the change is only kept on the device for its retries (offline, or refused for its size: the
 * editor must not call it saved), rejected when the store did not take it (no staff session)
 * or someone else saved first, so the editor keeps the draft.
 *
 * @example
 * onSave={(next) => acceptedOrThrow(save('alerts', next))}
 */
export async function acceptedOrThrow(outcome: Promise<SaveOutcome>): Promise<'stored' | 'kept'> {
  const result = await outcome
  if (result === 'ignored') throw new Error('This account cannot save changes.')
  // Their other changes are merged already; the conflict dialog asks about the rest.
  if (result === 'conflict') {
    throw new Error('Someone else changed the same field. Choose what to keep in the dialog.')
  }
  return result
}
