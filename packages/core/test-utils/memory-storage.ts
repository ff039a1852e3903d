import type { KeyValueStorage } from '../src/content/device-copies.ts'

/** A localStorage stand-in whose contents outlive the stores that use it (a "reload"). */
export type MemoryStorage = KeyValueStorage & {
  /** Everything stored, by name. */
  readonly items: Map<string, string>
  /** When set, every write throws as a full or blocked localStorage does. */
  failWrites: boolean
}

/** Creates an empty in-memory storage with the `Storage` methods the content store uses. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map(Object.entries(initial))
  const storage: MemoryStorage = {
    items,
    failWrites: false,
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (name) => items.get(name) ?? null,
    setItem(name, value) {
      if (storage.failWrites) throw new Error('QuotaExceededError: the storage is full')
      items.set(name, String(value))
    },
    removeItem(name) {
      items.delete(name)
    },
  }
  return storage
}

/**
 * A save of the alerts that a device kept because it was not stored yet, as pending-saves.ts
 * writes it: what the device copies' tests put in storage before a "reload".
 */
export const keptPendingSave = (id: string, savedAt = 1) => ({
  id,
  key: 'alerts',
  value: [{ title: `pending ${id}` }],
  baseVersion: 2,
  savedAt,
  attempts: 1,
  status: 'pending',
})
