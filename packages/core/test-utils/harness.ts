/**
 * The local server's contract-test harness, re-exported for core's own contract
 * tests (vitest, real HTTP, the unmodified supabase-js). Test code only.
 */
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

export { isHosted, localOnly, startHarness } from '@club/local-supabase/testing'
export type { Harness } from '@club/local-supabase/testing'

/** The seeded staff login of supabase/seed.sql. */
export const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }
/** The seeded ordinary (non-staff) login of supabase/seed.sql. */
export const SEEDED_PARENT = { email: 'parent@club.local', password: 'club-parent-2026' }

/** A pass-through `fetch` that records every request's method and URL before delegating. */
export function countingFetch() {
  const requests: { method: string; url: string }[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    requests.push({ method, url })
    return fetch(input, init)
  }
  return {
    requests,
    fetch: fetchImpl,
    /** Requests that read or write `website_content`. */
    contentRequests: () =>
      requests.filter((request) => new URL(request.url).pathname === '/rest/v1/website_content'),
  }
}

let clients = 0

/** A supabase-js client for `url` with its own in-memory session and, optionally, a fetch. */
export function testClient(url: string, anonKey: string, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(url, anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `contract-test-${++clients}`,
    },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  })
}
