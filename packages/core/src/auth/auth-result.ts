import type { NotifyFn } from '../ui/notices/notice-store.ts'

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

/**
 * One wrapped auth call: `call` runs, unless the input is refused first (`call` is then the
 * refusal's message); what it throws becomes its error, and a failure is shown in a notice
 * titled `failedTitle`. Resolves with the error, or null.
 */
export async function attemptAuth(
  notify: NotifyFn,
  failedTitle: string,
  call: (() => Promise<Error | null>) | string,
): Promise<Error | null> {
  let error: Error | null
  if (typeof call === 'string') {
    error = new Error(call)
  } else {
    try {
      error = await call()
    } catch (caught) {
      error = asError(caught)
    }
  }
  if (error) notify({ title: failedTitle, description: error.message, variant: 'destructive' })
  return error
}
