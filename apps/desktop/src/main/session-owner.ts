/**
 * One owner for the director's session at a time. While a window's page has started its client
 * (its first read of the stored session says so), the renderer's supabase-js client owns it: it
 * refreshes it (and rotates its refresh token), and main only asks it. With no window, or a
 * window whose page has not started its client yet or has crashed, main owns it and refreshes
 * it itself (main-refresher.ts), so an upload goes on with the window closed. The upload process
 * only reads the access token, and when Storage refuses one as expired, asks main, which asks
 * the owner and answers once a new session is stored (or the renderer has not answered in time).
 *
 * The hand-overs: a page starting up reads the session only once main's refresh under way is
 * stored (`storage`), and main starts none after that; a window that closes leaves its pending
 * requests to main. One refresh token is never presented by two clients, which Supabase's reuse
 * detection punishes by signing the session out. (A refresh the closing page had sent but whose
 * answer it could not store is the one exception: main then presents that token again, and
 * Auth answers a revoked token that is the parent of the session's active one with the active
 * one, as it does for any client that lost an answer.)
 */
import { uniqueId } from '@club/core/entities'

import type { CredentialWrite } from '../shared/ipc-contract.ts'
import type { MainRefresher } from './main-refresher.ts'

/** How long a refresh request waits for the renderer's answer. */
export const REFRESH_ANSWER_MS = 20_000

export type RefreshRequest = { requestId: string; sentWith: string | null }

/** The session store, as the renderer reaches it over IPC (`auth-storage:*`). */
type SessionStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): CredentialWrite
  removeItem(key: string): void
}

/**
 * @example
 * const owner = createSessionOwner({ ask: (request) => sendToWindow('auth:refresh-needed', request), main: refresher })
 * // the upload registry's session.refresh: owner.refresh; the 'auth:refreshed' handler: owner.answered
 * // the 'auth-storage:*' handlers: owner.storage(credentials); the window's 'closed': owner.rendererGone
 */
export function createSessionOwner(options: {
  /** Sends the request to the renderer; false when there is no window to ask. */
  ask(request: RefreshRequest): boolean
  /** Main's own refresh, for while no renderer owns the session. */
  main: MainRefresher
  timeoutMs?: number
}) {
  const timeoutMs = options.timeoutMs ?? REFRESH_ANSWER_MS
  const pending = new Map<string, { sentWith: string | null; done: () => void }>()
  let rendererOwns = false

  return {
    /**
     * Resolves when the owner has stored a session newer than `sentWith` (or could not), or,
     * when the renderer owns it and does not answer, after the timeout.
     */
    refresh(sentWith: string | null): Promise<void> {
      if (!rendererOwns) return options.main.refresh(sentWith)
      return new Promise<void>((resolve) => {
        const requestId = uniqueId('refresh')
        const timer = setTimeout(() => done(), timeoutMs)
        timer.unref?.()
        const done = () => {
          clearTimeout(timer)
          pending.delete(requestId)
          resolve()
        }
        pending.set(requestId, { sentWith, done })
        if (!options.ask({ requestId, sentWith })) {
          // No window after all: main refreshes.
          pending.delete(requestId)
          clearTimeout(timer)
          resolve(options.main.refresh(sentWith))
        }
      })
    },
    /** The renderer's answer to a request. */
    answered(requestId: string): null {
      pending.get(requestId)?.done()
      return null
    },
    /**
     * The window is gone (closed, or its page crashed): main owns the session until a page
     * starts its client again, and refreshes for the requests the page had not answered.
     */
    rendererGone(): void {
      rendererOwns = false
      for (const [requestId, request] of [...pending]) {
        pending.delete(requestId)
        void options.main.refresh(request.sentWith).finally(request.done)
      }
    },
    /** True while the renderer's client owns the session. */
    rendererOwns: () => rendererOwns,
    /**
     * The store as the renderer's client reaches it: its first read makes it the owner, and
     * every call waits for main's refresh under way, so the page never reads a session whose
     * refresh token main is presenting.
     */
    storage(store: SessionStore) {
      return {
        async getItem(key: string): Promise<string | null> {
          rendererOwns = true
          await options.main.settled()
          return store.getItem(key)
        },
        async setItem(key: string, value: string): Promise<CredentialWrite> {
          await options.main.settled()
          return store.setItem(key, value)
        },
        async removeItem(key: string): Promise<null> {
          await options.main.settled()
          store.removeItem(key)
          return null
        },
      }
    },
  }
}

export type SessionOwner = ReturnType<typeof createSessionOwner>
