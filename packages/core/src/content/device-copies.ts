/**
 * IMPORTANT: the one place that names, lists, reads and writes the copies of unsaved work kept
 * on this device (localStorage): the content store's saves not stored yet (pending-saves.ts)
 * and the form screens' unsaved changes (screen-editors/shared/form-copies.ts). Each copy is
 * stored as JSON under `club-site:unsaved:<kind>:v1:<id>`; the `v1` changes with the shape of
 * a kind's entries. The callers check each entry they read: nothing read here is trusted.
 *
 * Small and free of the save machinery: the store's start-up (in every page's first bundle)
 * asks it whether the device holds saves to restore.
 */

/** The part of `Storage` (localStorage) the device copies need. */
export type KeyValueStorage = {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
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

/** What a copy holds: a save not stored yet (`save`), or a form's unsaved changes (`form`). */
export type DeviceCopyKind = 'save' | 'form'

/** Storage names of the copies of `kind` start with this. */
export const deviceCopyPrefix = (kind: DeviceCopyKind): string => `club-site:unsaved:${kind}:v1:`

/**
 * The names earlier builds gave each kind (each with the same entry shape as today's `v1`).
 * Browsers still hold copies under them: they are moved to the scheme's names once read.
 */
export const LEGACY_PREFIXES: Readonly<Record<DeviceCopyKind, string>> = {
  save: 'club-site:pending-save:v1:',
  form: 'club-site:form-draft:v1:',
}

/** An entry that could not be read as JSON (or read at all). */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/** One copy as listed: its storage name, its id (the name after the prefix) and its entry. */
export type ListedCopy = { name: string; id: string; entry: unknown }

/** The copies of one kind on one storage. Every method throws what the storage throws. */
export type DeviceCopies = {
  /** Every copy of the kind; an entry that is not JSON is `NOT_JSON`. */
  list(): ListedCopy[]
  /** The entry of `id`, `undefined` when there is none; throws when it is not JSON. */
  read(id: string): unknown
  write(id: string, entry: unknown): void
  remove(id: string): void
}

/** Storage names that start with `prefix` (only the names are looked at). */
function namesWith(storage: KeyValueStorage, prefix: string): string[] {
  const names: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const name = storage.key(index)
    if (name?.startsWith(prefix)) names.push(name)
  }
  return names
}

/**
 * Whether the device may hold copies of `kind`, under today's names or an earlier build's.
 * Only the names are looked at (nothing is parsed), so that a visitor's page load pays nothing
 * for the save machinery; an entry that turns out invalid is dealt with once it is loaded.
 */
export function mayHoldDeviceCopies(
  storage: KeyValueStorage | null | undefined,
  kind: DeviceCopyKind,
): boolean {
  if (!storage) return false
  try {
    const prefixes = [deviceCopyPrefix(kind), LEGACY_PREFIXES[kind]]
    for (let index = 0; index < storage.length; index += 1) {
      const name = storage.key(index)
      if (prefixes.some((prefix) => name?.startsWith(prefix))) return true
    }
  } catch {
    // Storage that cannot be read (privacy settings) holds nothing to restore.
  }
  return false
}

/** When an entry was written (its `savedAt`), or -Infinity when it says nothing readable. */
function savedAtOf(text: string | null): number {
  try {
    const savedAt = (JSON.parse(text ?? 'null') as { savedAt?: unknown } | null)?.savedAt
    return typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : -Infinity
  } catch {
    return -Infinity
  }
}

/**
 * Moves the copies of `kind` kept under an earlier build's names to the scheme's names, and
 * returns how many it moved. When both names hold a copy (a tab of the earlier build wrote
 * after a move), the one written last (`savedAt`) is kept. A copy the storage cannot take
 * under its new name stays under its old one, to be moved on a later visit.
 *
 * @example
 * moveLegacyCopies(localStorage, 'form') // club-site:form-draft:v1:u1:alerts → club-site:unsaved:form:v1:u1:alerts
 */
export function moveLegacyCopies(storage: KeyValueStorage, kind: DeviceCopyKind): number {
  const legacy = LEGACY_PREFIXES[kind]
  let moved = 0
  let names: string[]
  try {
    names = namesWith(storage, legacy)
  } catch {
    return 0
  }
  for (const oldName of names) {
    const newName = `${deviceCopyPrefix(kind)}${oldName.slice(legacy.length)}`
    try {
      const text = storage.getItem(oldName)
      if (text === null) continue
      const current = storage.getItem(newName)
      if (current !== null && savedAtOf(current) >= savedAtOf(text)) {
        storage.removeItem(oldName)
        continue
      }
      // Removed first, so that a nearly full storage has room for it under its new name.
      storage.removeItem(oldName)
      try {
        storage.setItem(newName, text)
        moved += 1
      } catch {
        storage.setItem(oldName, text)
      }
    } catch {
      // Blocked storage: nothing can be moved now.
    }
  }
  return moved
}

/**
 * The copies of `kind` in `storage`. Creating them first moves the copies kept under an
 * earlier build's names (moveLegacyCopies), so every reader finds them under the scheme's.
 *
 * @example
 * const copies = createDeviceCopies(localStorage, 'save')
 * copies.write(record.id, record)
 * copies.list() // [{ name: 'club-site:unsaved:save:v1:<id>', id: '<id>', entry: record }]
 */
export function createDeviceCopies(storage: KeyValueStorage, kind: DeviceCopyKind): DeviceCopies {
  moveLegacyCopies(storage, kind)
  const prefix = deviceCopyPrefix(kind)
  const parse = (text: string | null): unknown => JSON.parse(text ?? 'null') as unknown
  return {
    list() {
      return namesWith(storage, prefix).map((name) => {
        let entry: unknown
        try {
          entry = parse(storage.getItem(name))
        } catch {
          entry = NOT_JSON
        }
        return { name, id: name.slice(prefix.length), entry }
      })
    },
    read(id) {
      const text = storage.getItem(`${prefix}${id}`)
      return text === null ? undefined : parse(text)
    },
    write(id, entry) {
      storage.setItem(`${prefix}${id}`, JSON.stringify(entry))
    },
    remove(id) {
      storage.removeItem(`${prefix}${id}`)
    },
  }
}
