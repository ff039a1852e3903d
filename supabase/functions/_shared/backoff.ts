/**
 * The Edge Functions' retry wait: `firstMs` after the first failed try, doubling with each
 * try, never more than `longestMs`. (Core's packages/core/src/backend/backoff.ts is the same
 * rule for the browser and the uploader; a function cannot import core.)
 */
export function backoffMs(firstMs: number, longestMs: number, attempts: number): number {
  return Math.min(longestMs, firstMs * 2 ** Math.max(0, attempts - 1))
}
