import type { BackendConfig } from './client.ts'

/** How long one content read may take in all, retries included, before it fails. */
export const READ_DEADLINE_MS = 2_500
/** Waits before the retries of a read that met a transient failure. */
export const READ_RETRY_WAITS_MS: readonly number[] = [250, 600]

/** Statuses a gateway or a starting PostgREST answers while it will soon work again. */
const TRANSIENT = new Set([502, 503, 504, 520])

type Fetch = typeof fetch

/**
 * A fetch for reads that fails within a deadline: transient failures (network errors,
 * 502/503/504/520) of a GET or HEAD are retried after short waits while time remains. supabase-js's own
 * policy waits 1, 2 and 4 s, so a dead backend was reported only after about 8 s; a
 * visitor should hear of it within 3 s. (The content store reads again later by itself.)
 */
export function deadlineFetch(
  base: Fetch,
  {
    deadlineMs = READ_DEADLINE_MS,
    waitsMs = READ_RETRY_WAITS_MS,
  }: { deadlineMs?: number | undefined; waitsMs?: readonly number[] } = {},
): Fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(deadlineMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    const started = Date.now()
    // Only reads are repeated: a repeated write could store twice.
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const repeatable = method === 'GET' || method === 'HEAD'
    for (let attempt = 0; ; attempt++) {
      const wait = waitsMs[attempt]
      const canRetry = () =>
        repeatable &&
        wait !== undefined &&
        Date.now() - started + wait < deadlineMs &&
        !signal.aborted
      try {
        const response = await base(input, { ...init, signal })
        if (!TRANSIENT.has(response.status) || !canRetry()) return response
      } catch (error) {
        if (deadline.aborted && !init?.signal?.aborted)
          throw new TypeError(`The backend did not answer within ${deadlineMs / 1000} s`, {
            cause: error,
          })
        if (!canRetry()) throw error
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

/**
 * A GET of PostgREST's REST interface (`website_content?select=…`, relative to `/rest/v1/`),
 * with the anon key: what a visitor's read needs.
 */
export type RestGet = (pathAndQuery: string) => Promise<Response>

/**
 * The GET of visitors' content reads (see createPublicContentRepository): PostgREST's REST
 * interface with the anon key, no session, no auth, storage or realtime code. Reads are
 * public (row-level security decides what anyone may select). Its requests retry briefly
 * and give up within READ_DEADLINE_MS (see deadlineFetch).
 */
export function createPublicReadClient(
  config: BackendConfig,
  options: { fetch?: Fetch; deadlineMs?: number } = {},
): RestGet {
  const base: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const read = deadlineFetch(base, { deadlineMs: options.deadlineMs })
  const root = `${config.url.replace(/\/$/, '')}/rest/v1/`
  const headers = { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` }
  return (pathAndQuery) => read(root + pathAndQuery, { headers })
}
