import { backoffMs as exponentialBackoffMs } from '@club/core/supabase'
/** How often and how patiently a request is tried again. */
export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number
  baseMs: number
  maxMs: number
}

/** Three tries, waiting about 0.5 s then 1 s (with jitter), as bulk uploaders commonly do. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseMs: 500, maxMs: 8_000 }

/**
 * What to do about a failed request:
 * - `retry`: a passing fault (429, 5xx, 408, the network); wait and try again;
 * - `refresh`: the session token expired (401); refresh it, then try again;
 * - `fatal`: trying again will not help (403, 400, 413, …).
 */
export type FailureKind = 'retry' | 'refresh' | 'fatal'

/** What went wrong, in words: an error's message, or anything else thrown as a string. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/** A failure classified once, so the retry loop and the report speak the same language. */
export class RequestFailure extends Error {
  readonly kind: FailureKind
  readonly status: number | undefined
  constructor(message: string, kind: FailureKind, status: number | undefined) {
    super(message)
    this.kind = kind
    this.status = status
    this.name = 'RequestFailure'
  }
}

/** Classifies an HTTP status (undefined: no answer at all, a network fault). */
export function classifyStatus(status: number | undefined): FailureKind {
  if (status === undefined || status === 0) return 'retry'
  if (status === 401) return 'refresh'
  if (status === 408 || status === 429 || status >= 500) return 'retry'
  return 'fatal'
}

/** The wait before try `attempt + 1` (attempt counts from 1): exponential, capped, with jitter. */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const exponential = exponentialBackoffMs(policy.baseMs, policy.maxMs, attempt)
  // Full jitter over the upper half keeps parallel workers from retrying in step.
  return Math.round(exponential / 2 + (random() * exponential) / 2)
}

/** Resolves after `ms`, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error)
      return
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason as Error)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Refreshes one call may ask for. One is enough with tokens that live an hour; with tokens as
 * short as a few seconds, a busy machine can send the retry after its fresh token expired too.
 */
export const MAX_REFRESHES = 3

export type RetryHooks = {
  /** Refreshes the session after an expired token; at most {@link MAX_REFRESHES} times per call. */
  refresh?: () => Promise<void>
  signal?: AbortSignal
  /** Told before each wait (for logs and tests). */
  onRetry?: (failure: RequestFailure, attempt: number, waitMs: number) => void
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>
  /**
   * Asked when a try got no answer at all (no HTTP status): `true` when the backend was
   * unreachable and is back (see `Connectivity.failedToConnect`), so the try does not count.
   */
  unreachable?: (signal?: AbortSignal) => Promise<boolean>
}

/**
 * Runs `attempt` until it succeeds, a {@link RequestFailure} says `fatal`, or the policy's tries
 * run out. An expired token is refreshed and the call tried again without counting as a try
 * (at most {@link MAX_REFRESHES} times); a try
 * with no answer while the backend is unreachable waits for it and starts the tries over.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  const wait = hooks.wait ?? sleep
  let refreshes = 0
  for (let tries = 1; ;) {
    hooks.signal?.throwIfAborted()
    try {
      return await attempt()
    } catch (caught) {
      const failure =
        caught instanceof RequestFailure
          ? caught
          : new RequestFailure(messageOf(caught), 'retry', undefined)
      if (hooks.signal?.aborted) throw hooks.signal.reason as Error
      if (failure.kind === 'retry' && failure.status === undefined && hooks.unreachable) {
        // An outage waited out: the tries start over.
        if (await hooks.unreachable(hooks.signal)) {
          tries = 1
          continue
        }
      }
      if (failure.kind === 'refresh' && hooks.refresh && refreshes < MAX_REFRESHES) {
        refreshes += 1
        await hooks.refresh()
        continue
      }
      if (failure.kind !== 'retry' || tries >= policy.attempts) throw failure
      const waitMs = backoffMs(policy, tries)
      hooks.onRetry?.(failure, tries, waitMs)
      await wait(waitMs, hooks.signal)
      tries += 1
    }
  }
}
