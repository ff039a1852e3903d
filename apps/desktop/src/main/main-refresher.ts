/**
 * Main's own refresh of the director's session, for while no renderer owns it (no window open,
 * or one whose page has not started its client yet): an unmodified supabase-js client in main,
 * over the same encrypted credential store, that only refreshes when asked and never on a timer.
 * session-owner.ts decides who refreshes; this module makes sure main's refreshes run one at a
 * time and that a renderer starting up waits for the one under way (`settled`), so one refresh
 * token is never presented by two clients.
 */
import { createBackendClient } from '@club/core/supabase'
import type { BackendAuthStorage, BackendClient, BackendConfig } from '@club/core/supabase'

import type { ErrorLog } from './error-handling.ts'
import { accessTokenOf, sessionKey } from './session-key.ts'

/** Main's credential store, as this module uses it (what its writes answer is not read). */
export type SessionStorage = {
  getItem(key: string): string | null | Promise<string | null>
  setItem(key: string, value: string): unknown
  removeItem(key: string): unknown
}

export type MainRefresher = {
  /**
   * Stores a session newer than the one whose access token is `sentWith` (null: whatever is
   * stored), unless one is stored already; resolves when done, or when it cannot be renewed.
   */
  refresh(sentWith: string | null): Promise<void>
  /** Resolves once no refresh of main's is under way. */
  settled(): Promise<void>
}

/**
 * @example
 * const refresher = createMainRefresher({ backend: () => settings.read(), storage: credentials, log })
 * await refresher.refresh(expiredToken)
 */
export function createMainRefresher(options: {
  backend: () => BackendConfig | null
  /** Main's credential store (the renderer's storage adapter reaches the same one over IPC). */
  storage: SessionStorage
  log?: ErrorLog
  /** Makes the client (tests count its requests); createBackendClient by default. */
  makeClient?: (config: BackendConfig, storage: BackendAuthStorage) => BackendClient
}): MainRefresher {
  const makeClient =
    options.makeClient ??
    ((config, storage) =>
      // Refreshes only when main asks: no timer that would rotate the token under a renderer.
      createBackendClient(config, { storage, autoRefreshToken: false }))
  // supabase-js's storage: the credential store's writes awaited, their answers dropped.
  const storage: BackendAuthStorage = {
    getItem: (key) => options.storage.getItem(key),
    setItem: async (key, value) => void (await options.storage.setItem(key, value)),
    removeItem: async (key) => void (await options.storage.removeItem(key)),
  }
  let current: { url: string; anonKey: string; client: BackendClient } | null = null
  /** The last refresh asked for: each waits for the one before (never two at once). */
  let last: Promise<void> = Promise.resolve()

  const clientFor = (config: BackendConfig) => {
    if (!current || current.url !== config.url || current.anonKey !== config.anonKey) {
      current = { ...config, client: makeClient(config, storage) }
    }
    return current.client
  }

  /** The access token stored now. */
  const storedToken = async () => {
    const config = options.backend()
    return config ? accessTokenOf(await options.storage.getItem(sessionKey(config.url))) : undefined
  }

  const run = async (sentWith: string | undefined) => {
    const config = options.backend()
    if (!config) return
    const stored = await storedToken()
    // Signed out, or refreshed since the token was sent (a request queued behind another
    // refresh finds its token renewed already): nothing to do.
    if (stored === undefined || stored !== sentWith) return
    const client = clientFor(config)
    // Refreshes a session that expires within supabase-js's margin, and saves it.
    const loaded = await client.auth.getSession()
    let error = loaded.error
    if (!error && loaded.data.session?.access_token === stored) {
      // Not yet expired by this computer's clock, but refused by the server's.
      error = (await client.auth.refreshSession()).error
    }
    if (error) {
      options.log?.warn(
        `The session could not be renewed with no window open (${error.name}); sign in again if uploads stop.`,
      )
    } else {
      options.log?.info('The session was renewed by the app itself (no window open).')
    }
  }

  return {
    refresh(sentWith) {
      // null: the session stored now, whatever a refresh queued before this one does.
      const named =
        sentWith === null ? storedToken().catch(() => undefined) : Promise.resolve(sentWith)
      const next = last
        .then(async () => run(await named))
        .catch((error: unknown) => {
          options.log?.warn(
            `The session could not be renewed with no window open: ${error instanceof Error ? error.name : 'error'}`,
          )
        })
      last = next
      return next
    },
    settled: () => last,
  }
}
