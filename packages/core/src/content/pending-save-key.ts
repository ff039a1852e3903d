// The prefix and the browser's storage live apart from the pending saves (pending-saves.ts) so
// that the first bundle needs only them.

/** The part of `Storage` (localStorage) the pending saves need. */
export type KeyValueStorage = {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Storage keys of pending saves start with this; the `v1` changes with the entry's shape. */
export const PENDING_SAVE_PREFIX = 'club-site:pending-save:v1:'

/**
 * Whether the device may hold pending saves: some storage key has the prefix. Only the
 * keys are looked at (nothing is parsed), so that a visitor's page load pays nothing for
 * the save machinery; an entry that turns out invalid is dealt with once it is loaded.
 */
export function mayHoldPendingSaves(storage: KeyValueStorage | null | undefined): boolean {
  if (!storage) return false
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith(PENDING_SAVE_PREFIX)) return true
    }
  } catch {
    // Storage that cannot be read (privacy settings) holds nothing this store can restore.
  }
  return false
}

/** The browser's localStorage when it can be used (it throws in some privacy modes). */
export function browserStorage(): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null
    return window.localStorage
  } catch {
    return null
  }
}
