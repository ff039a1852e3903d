/**
 * The wait before retry number `attempt` (counting from 1): `baseMs`, doubling with each
 * attempt, never more than `maxMs`. The one backoff of the browser's and the uploader's retries
 * against the backend: the save queue's kept saves and the photo uploader's requests (which
 * add jitter to it). The Edge Functions, which cannot import core, have theirs in
 * supabase/functions/_shared/backoff.ts.
 *
 * @example
 * backoffMs(1_000, 60_000, 1) // 1000
 * backoffMs(1_000, 60_000, 4) // 8000
 * backoffMs(1_000, 60_000, 20) // 60000
 */
export function backoffMs(baseMs: number, maxMs: number, attempt: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
}
