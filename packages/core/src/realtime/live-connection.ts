import type { LiveStatus } from './live-content.ts'

/**
 * Whether the page's live connection holds: `unknown` until it has been live (and while
 * prerendering and hydrating), `live` while changes arrive, `lost` once a live connection has
 * dropped and until it is back. Status shown meanwhile may be out of date.
 */
export type LiveConnectionState = 'unknown' | 'live' | 'lost'

/** The page's live connection, for the status line and the field status to say when it drops. */
export type LiveConnection = {
  subscribe(listener: () => void): () => void
  getSnapshot(): LiveConnectionState
  /** Nothing is known while prerendering or hydrating. */
  getServerSnapshot(): LiveConnectionState
  /** Where following stands (`LiveContent`'s `onStatus`). */
  report(status: LiveStatus): void
  /** The browser says it is offline: a live connection cannot hold. */
  offline(): void
}

/**
 * One page's live connection state, followed by `useSyncExternalStore`. A connection that was
 * never live is not said to be lost (nothing has changed for the visitor since the page read its
 * content); one that was, is lost from the moment Realtime or the browser says so until a
 * channel joins again. Leaving the public pages (`idle`) forgets it.
 *
 * @example
 * const connection = createLiveConnection()
 * createLiveContent({ …, onStatus: connection.report })
 * useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getServerSnapshot)
 */
export function createLiveConnection(): LiveConnection {
  let state: LiveConnectionState = 'unknown'
  let wasLive = false
  const listeners = new Set<() => void>()
  const set = (next: LiveConnectionState) => {
    if (next === state) return
    state = next
    for (const listener of [...listeners]) listener()
  }
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => state,
    getServerSnapshot: () => 'unknown',
    report(status) {
      if (status === 'live') {
        wasLive = true
        set('live')
      } else if (status === 'offline') {
        if (wasLive) set('lost')
      } else if (status === 'idle') {
        wasLive = false
        set('unknown')
      }
      // `connecting` and `paused` (the page hidden) change nothing: a lost connection stays
      // lost until a channel joins again.
    },
    offline() {
      if (wasLive) set('lost')
    },
  }
}

/** The public pages' live connection (one per page load). */
export const liveConnection = createLiveConnection()
