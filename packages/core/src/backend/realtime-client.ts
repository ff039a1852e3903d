import { RealtimeClient } from '@supabase/supabase-js'

import type { BackendConfig } from './client.ts'

/** Realtime's heartbeat (spec §9). */
export const REALTIME_HEARTBEAT_MS = 25_000
/** How long a join or a push may wait for its answer (spec §9). */
export const REALTIME_TIMEOUT_MS = 10_000
/** Waits before each reconnection attempt; the last one repeats (spec §9). */
export const REALTIME_RECONNECT_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000]

/** The wait before reconnection attempt `tries` (1 for the first). */
export function realtimeReconnectDelay(tries: number): number {
  const last = REALTIME_RECONNECT_MS.length - 1
  return REALTIME_RECONNECT_MS[Math.min(Math.max(tries - 1, 0), last)] ?? 10_000
}

/** The two calls the product makes on a Realtime connection: supabase-js's client, or the full client. */
export type RealtimeConnection = Pick<RealtimeClient, 'channel' | 'removeChannel'>

/**
 * IMPORTANT: the Realtime connection for visitors' pages: supabase-js's own Realtime client
 * alone (no auth, storage or REST), with the anon key, so a public page that follows its
 * content live loads a fraction of the full client. Staff use the full client's
 * (`createBackendClient`), which carries their session. Nothing connects until a channel
 * is subscribed.
 *
 * @example
 * const realtime = createPublicRealtimeClient({ url, anonKey })
 * realtime.channel('live').on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'website_content' }, onChange).subscribe()
 */
export function createPublicRealtimeClient(config: BackendConfig): RealtimeClient {
  const endpoint = `${config.url.replace(/\/$/, '').replace(/^http/, 'ws')}/realtime/v1`
  return new RealtimeClient(endpoint, {
    params: { apikey: config.anonKey },
    heartbeatIntervalMs: REALTIME_HEARTBEAT_MS,
    timeout: REALTIME_TIMEOUT_MS,
    reconnectAfterMs: realtimeReconnectDelay,
  })
}
