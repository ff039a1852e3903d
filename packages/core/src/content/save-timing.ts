/*
 * The save queue's retry timing, apart from the queue: the store re-exports these, and the
 * store is in every page's first bundle while the queue loads only when saving is needed.
 */

/** First wait before a kept save is sent again; it doubles with each failure. */
export const RETRY_BASE_MS = 1000
/** The longest wait between two automatic retries. */
export const RETRY_MAX_MS = 60_000
