/*
 * What a failed call to the photo library says, in the same words whether it was the library's
 * rows (photo-repository.ts) or its bucket (photo-storage.ts) that failed.
 */

/** The call got no answer (offline, timed out, the server busy): `action` is what it was for. */
export const unreachableLibrary = (action: string) =>
  `Could not reach the photo library to ${action}. Check the connection and try again.`

/** The library answered with a refusal no other message explains. */
export const libraryRefused = (action: string, reason: string | undefined) =>
  `The photo library could not ${action}: ${reason ?? 'unknown error'}`
