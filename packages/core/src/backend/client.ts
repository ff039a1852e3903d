import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

/** Where the backend is and the public key to reach it with. Never a service-role key. */
export type BackendConfig = {
  url: string
  /** The anon or publishable key: public by design, safe to ship in a bundle. */
  anonKey: string
}

export type BackendClient = SupabaseClient

/**
 * Where supabase-js keeps the session when not in the browser's localStorage: the desktop app
 * hands it an adapter over IPC, so that its main process encrypts the session at rest.
 */
export type BackendAuthStorage = {
  getItem(key: string): string | null | Promise<string | null>
  setItem(key: string, value: string): void | Promise<void>
  removeItem(key: string): void | Promise<void>
}

/**
 * IMPORTANT: the one place that constructs the Supabase client. The content
 * repository and the auth provider receive it; pages never see it.
 */
export function createBackendClient(
  config: BackendConfig,
  options: {
    persistSession?: boolean
    storage?: BackendAuthStorage
    autoRefreshToken?: boolean
    /**
     * The access token each request carries, from a session another client owns (the desktop
     * upload process: the renderer's client refreshes it). Without auth of its own, this
     * client never rotates the refresh token.
     */
    accessToken?: () => Promise<string | null>
    /** Where the session is kept; a second client in the same page needs a key of its own. */
    storageKey?: string
  } = {},
) {
  if (options.accessToken) {
    return createClient(config.url, config.anonKey, { accessToken: options.accessToken })
  }
  const persistSession =
    options.persistSession ?? (Boolean(options.storage) || typeof window !== 'undefined')
  const inBrowser = persistSession && !options.storage
  const client = createClient(config.url, config.anonKey, {
    auth: {
      persistSession,
      autoRefreshToken: options.autoRefreshToken ?? persistSession,
      detectSessionInUrl: inBrowser && !options.storageKey,
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.storageKey ? { storageKey: options.storageKey } : {}),
    },
  })
  configs.set(client, config)
  return client
}

const configs = new WeakMap<object, BackendConfig>()

/**
 * The backend a client made by {@link createBackendClient} talks to, e.g. for a short-lived
 * second client that checks a password without touching the first one's session.
 */
export function backendConfigOf(client: object): BackendConfig | undefined {
  return configs.get(client)
}
