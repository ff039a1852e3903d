/*
 * How the photo library's calls fail: one error with a kind to branch on and a message staff
 * can act on, made from PostgREST's answer (photo-repository.ts).
 */
import { libraryRefused, unreachableLibrary } from './photo-library-messages.ts'

/**
 * - `expired`: the session's token expired (HTTP 401 "JWT expired"): refresh it and try again;
 * - `forbidden`: not signed in as staff;
 * - `conflict`: someone changed the photo since it was read;
 * - `missing`: the photo is gone;
 * - `unavailable`: the backend could not be reached or failed (worth retrying);
 * - `invalid`: refused for another reason (a check of the table).
 */
export type PhotoLibraryFailure =
  'expired' | 'forbidden' | 'conflict' | 'missing' | 'unavailable' | 'invalid'

/** A failed library call: `kind` to branch on, `message` to show. */
export class PhotoLibraryError extends Error {
  readonly kind: PhotoLibraryFailure
  readonly status: number

  constructor(kind: PhotoLibraryFailure, message: string, status = 0) {
    super(message)
    this.name = 'PhotoLibraryError'
    this.kind = kind
    this.status = status
  }
}

type PostgrestFailure = { message?: string; code?: string; details?: string; hint?: string }

/** PostgREST's failure of `action` as the library's error, by its status and code. */
export function toError(
  error: PostgrestFailure,
  status: number,
  action: string,
): PhotoLibraryError {
  if (status === 401 && (error.code === 'PGRST303' || /jwt expired/i.test(error.message ?? ''))) {
    return new PhotoLibraryError('expired', 'The sign-in expired. Sign in again.', status)
  }
  if (status === 401 || status === 403 || error.code === '42501') {
    return new PhotoLibraryError(
      'forbidden',
      'Your account cannot use the photo library: only staff can.',
      status,
    )
  }
  if (status === 0 || status >= 500 || status === 408 || status === 429) {
    return new PhotoLibraryError('unavailable', unreachableLibrary(action), status)
  }
  return new PhotoLibraryError('invalid', libraryRefused(action, error.message), status)
}
