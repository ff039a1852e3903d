import { LIBRARY_BUCKET } from '@club/core/photo-rules'
import type { SupabaseClient } from '@supabase/supabase-js'
import pLimit from 'p-limit'

import type { Connectivity } from './connectivity.ts'
import { DEFAULT_RETRY, RequestFailure, classifyStatus, withRetry } from './retry.ts'
import type { RetryPolicy } from './retry.ts'
import { currentToken, refresherFor } from './session.ts'

/**
 * - `uploaded`: stored now;
 * - `existed`: already there. Object paths are named by the original's hash, so this is an
 *   earlier run's upload whose answer was lost (a crash, a reset connection): nothing to redo.
 */
export type UploadOutcome = 'uploaded' | 'existed'

export type ObjectUploader = {
  upload(
    path: string,
    data: Uint8Array,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<UploadOutcome>
}

type StorageErrorLike = {
  message?: string
  status?: number
  statusCode?: string | number
  error?: string
  code?: string
  originalError?: unknown
}

function isAlreadyThere(error: StorageErrorLike): boolean {
  // The local server answers 409; hosted Storage answers 400 with statusCode "409" / "Duplicate".
  return (
    error.status === 409 ||
    String(error.statusCode) === '409' ||
    error.error === 'Duplicate' ||
    /already exists/i.test(error.message ?? '')
  )
}

/**
 * Storage answers an expired token with HTTP 400 (not 401), on hosted projects and on the local
 * server: `"jwt expired"`, an `InvalidJWT` error, or the `exp` claim check's message.
 */
export function isExpiredToken(error: StorageErrorLike): boolean {
  const status = typeof error.status === 'number' ? error.status : undefined
  if (status !== undefined && ![400, 401, 403].includes(status)) return false
  return (
    error.error === 'InvalidJWT' ||
    error.code === 'InvalidJWT' ||
    /jwt expired|"?exp"? claim timestamp check failed|token (?:is )?expired/i.test(
      error.message ?? '',
    )
  )
}

function describe(error: StorageErrorLike): string {
  const cause = error.originalError instanceof Error ? `: ${error.originalError.message}` : ''
  return `${error.message ?? 'Upload failed'}${cause}`
}

/** Turns supabase-js's `{ error }` into a classified failure (no status means the network failed). */
export function toRequestFailure(error: StorageErrorLike): RequestFailure {
  const status = typeof error.status === 'number' && error.status > 0 ? error.status : undefined
  if (isExpiredToken(error)) return new RequestFailure(describe(error), 'refresh', status)
  return new RequestFailure(describe(error), classifyStatus(status), status)
}

/**
 * Uploads through the unmodified supabase-js Storage client, signed in as staff. Never
 * overwrites (`upsert: false`): a path that exists already is the same content. Retries
 * passing faults with backoff, and refreshes the session when its token expired (Storage's
 * HTTP 400 "jwt expired", or a 401) through the client's one refresher.
 */
export function createObjectUploader(
  client: SupabaseClient,
  options: {
    bucket?: string
    retry?: RetryPolicy
    onRetry?: (message: string) => void
    /** Pauses the uploads while the backend is unreachable (see {@link Connectivity}). */
    connectivity?: Connectivity
  } = {},
): ObjectUploader {
  const bucket = client.storage.from(options.bucket ?? LIBRARY_BUCKET)
  const policy = options.retry ?? DEFAULT_RETRY
  const refreshSession = refresherFor(client)
  return {
    upload(path, data, contentType, signal) {
      // The token each try was sent with: a refresh is made only if it is still the current one.
      let sentWith: string | undefined
      return withRetry(
        async () => {
          await options.connectivity?.ready(signal)
          sentWith = await currentToken(client)
          const { error } = await bucket.upload(path, data, {
            contentType,
            upsert: false,
            // Content-addressed paths never change content: caches may keep them for a year.
            cacheControl: '31536000',
          })
          if (!error) return 'uploaded' as const
          if (isAlreadyThere(error as StorageErrorLike)) return 'existed' as const
          throw toRequestFailure(error as StorageErrorLike)
        },
        policy,
        {
          signal,
          ...(options.connectivity ? { unreachable: options.connectivity.failedToConnect } : {}),
          refresh: async () => {
            try {
              await refreshSession(sentWith)
            } catch (error) {
              throw new RequestFailure(
                error instanceof Error ? error.message : String(error),
                'fatal',
                401,
              )
            }
          },
          onRetry: (failure, attempt, waitMs) =>
            options.onRetry?.(`${path}: ${failure.message}; try ${attempt + 1} in ${waitMs} ms`),
        },
      )
    },
  }
}

/**
 * Runs `worker` over `items` with at most `concurrency` at a time, in order of start. Stops
 * taking new items once the signal aborts (items under way finish or see the signal).
 */
export async function runPool<T>(
  items: Iterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const limit = pLimit(Math.max(1, concurrency))
  await Promise.all(
    Array.from(items, (item) =>
      limit(async () => {
        if (!signal?.aborted) await worker(item)
      }),
    ),
  )
}
