/**
 * One owner for the director's session. The renderer's supabase-js client refreshes it (and
 * rotates its refresh token); the upload process only reads the access token, and when Storage
 * refuses one as expired, asks main, which asks the renderer through this module and answers
 * once the renderer has stored a new session (or has not answered in time). So one refresh
 * token is never presented by two clients, which Supabase's reuse detection punishes by
 * signing the session out.
 */
import { uniqueId } from '@club/core/entities'

/** How long a refresh request waits for the renderer's answer. */
export const REFRESH_ANSWER_MS = 20_000

export type RefreshRequest = { requestId: string; sentWith: string | null }

/**
 * @example
 * const owner = createSessionOwner({ ask: (request) => sendToWindow('auth:refresh-needed', request) })
 * // the upload registry's session.refresh: owner.refresh; the 'auth:refreshed' handler: owner.answered
 */
export function createSessionOwner(options: {
  /** Sends the request to the renderer; false when there is no window to ask. */
  ask(request: RefreshRequest): boolean
  timeoutMs?: number
}) {
  const timeoutMs = options.timeoutMs ?? REFRESH_ANSWER_MS
  const pending = new Map<string, () => void>()
  return {
    /** Resolves when the renderer says the session is fresh, or cannot be asked, or after the timeout. */
    refresh(sentWith: string | null): Promise<void> {
      return new Promise<void>((resolve) => {
        const requestId = uniqueId('refresh')
        const timer = setTimeout(() => done(), timeoutMs)
        timer.unref?.()
        const done = () => {
          clearTimeout(timer)
          pending.delete(requestId)
          resolve()
        }
        pending.set(requestId, done)
        if (!options.ask({ requestId, sentWith })) done()
      })
    },
    /** The renderer's answer to a request. */
    answered(requestId: string): null {
      pending.get(requestId)?.()
      return null
    },
  }
}
