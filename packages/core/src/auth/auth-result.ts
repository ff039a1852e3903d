/*
 * What the auth wrappers (auth-controller.ts and the flows beside it) share: the result they
 * resolve to, how a thrown value becomes its error, and the one refusal they have in common.
 */

/** What every wrapper resolves to; it never throws, and has already shown its notice. */
export type AuthResult = { error: Error | null }

/** Said when a profile update is tried without a session (spec §5). */
export const PROFILE_NEEDS_SESSION_MESSAGE = 'You must be signed in to update your profile.'

/** A thrown value as an Error. */
export function asError(caught: unknown): Error {
  return caught instanceof Error ? caught : new Error(String(caught))
}
