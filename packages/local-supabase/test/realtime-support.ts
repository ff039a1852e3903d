/**
 * Helpers for the Realtime contract suites: subscribing with the unmodified
 * supabase-js and waiting for what arrives over the real websocket.
 */
import { createClient } from '@supabase/supabase-js'
import type { RealtimeChannel, SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js'

/** A client with no stored session, plus whatever Realtime or token options a test needs. */
export function realtimeClient(
  url: string,
  key: string,
  options: Pick<SupabaseClientOptions<'public'>, 'realtime' | 'accessToken'> = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...options,
  })
}

/** Resolves once the channel is SUBSCRIBED; rejects on an error, a timeout or a close. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else reject(new Error(`channel ${channel.topic}: ${status} ${error?.message ?? ''}`))
    })
  })
}

/** The first non-SUBSCRIBED status (and its error), e.g. CHANNEL_ERROR for a refused join. */
export function refused(channel: RealtimeChannel): Promise<{ status: string; message: string }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'SUBSCRIBED') resolve({ status, message: error?.message ?? '' })
    })
  })
}

/** Polls `check` until it is true (or throws after `timeoutMs`). */
export async function eventually(
  check: () => boolean,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Closes each client's socket. Not removeAllChannels: a refused channel would wait
 * for its leave to time out.
 */
export async function closeRealtime(...clients: SupabaseClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.realtime.disconnect()))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
