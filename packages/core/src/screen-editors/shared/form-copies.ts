import { createContext, useContext } from 'react'

import { createDeviceCopies, deviceCopyPrefix } from '../../content/device-copies.ts'
import type { KeyValueStorage } from '../../content/device-copies.ts'

/**
 * The form screens' device copies: unsaved form values kept on this device (localStorage, through
 * content/device-copies.ts, kind `form`) per signed-in user and per document, so that leaving
 * a screen, a reload or a closed tab loses nothing typed: the screen offers the copy back on
 * return. Each entry is checked when read; a corrupt or foreign one is dropped, never trusted.
 */

/** Storage keys of form copies start with this (device-copies.ts names them). */
export const FORM_COPY_PREFIX = deviceCopyPrefix('form')

/** One form copy: what was typed, the stored document it started from, and when. */
export type FormCopy = {
  /** The form's values (stored under `draft`, the name earlier builds wrote, so their copies still read). */
  values: unknown
  /** The stored document (as the form compares it) the values were made from. */
  base: unknown
  /** When it was last written (ms since the epoch). */
  savedAt: number
}

/** The form copies of one user on this device. */
export type FormCopies = {
  read(id: string): FormCopy | undefined
  /** False when the device would not keep it (storage full or blocked). */
  write(id: string, values: unknown, base: unknown): boolean
  remove(id: string): void
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The form copies of `scope` (a user id) in `storage`. Without a storage they are not kept: `write`
 * answers false, so the screen can still warn before a reload.
 *
 * @example
 * const copies = createFormCopies(localStorage, user.id)
 * copies.write('alerts', values, stored)
 */
export function createFormCopies(
  storage: KeyValueStorage | null | undefined,
  scope: string,
  now: () => number = Date.now,
): FormCopies {
  const copies = storage ? createDeviceCopies(storage, 'form') : null
  const name = (id: string) => `${scope}:${id}`
  const remove = (id: string) => {
    try {
      copies?.remove(name(id))
    } catch {
      // Blocked storage holds nothing to remove.
    }
  }
  return {
    read(id) {
      if (!copies) return undefined
      let raw: unknown
      try {
        raw = copies.read(name(id))
      } catch {
        remove(id)
        return undefined
      }
      if (raw === null || raw === undefined) return undefined
      if (
        !isObject(raw) ||
        !('draft' in raw) ||
        typeof raw.savedAt !== 'number' ||
        !Number.isFinite(raw.savedAt)
      ) {
        remove(id)
        return undefined
      }
      return { values: raw.draft, base: raw.base, savedAt: raw.savedAt }
    },
    write(id, values, base) {
      if (!copies) return false
      try {
        copies.write(name(id), { draft: values, base, savedAt: now() })
        return true
      } catch {
        return false
      }
    },
    remove,
  }
}

/** Where the form screens keep their form copies; none (nothing kept) outside the admin area. */
export const FormCopiesContext = createContext<FormCopies | null>(null)

/** The current user's form copies, or null where none are kept. */
export function useFormCopies(): FormCopies | null {
  return useContext(FormCopiesContext)
}

/**
 * True when `value` has the shape of `template`: the same JSON types; every key of an object
 * template present with a value of its shape; every array item shaped like what the template's
 * items have in common (the keys all of them share). Used to accept a form copy read back from the
 * device only if the form can show it.
 *
 * @example
 * sameShape({ a: 'x', b: [1] }, { a: '', b: [0] }) // true
 * sameShape({ a: 1 }, { a: '' })                   // false
 */
export function sameShape(value: unknown, template: unknown): boolean {
  if (template === null || template === undefined) return true
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return false
    const common = commonItem(template as unknown[])
    return common === undefined || value.every((item) => sameShape(item, common))
  }
  if (isObject(template)) {
    if (!isObject(value)) return false
    return Object.entries(template).every(
      ([key, inner]) => inner === undefined || (key in value && sameShape(value[key], inner)),
    )
  }
  return typeof value === typeof template
}

/** What every item of a list shares: the first item, cut down to the keys all objects have. */
function commonItem(items: readonly unknown[]): unknown {
  const [first] = items
  if (!isObject(first)) return first
  const objects = items.filter(isObject)
  if (objects.length !== items.length) return undefined
  return Object.fromEntries(
    Object.entries(first).filter(([key]) => objects.every((item) => key in item)),
  )
}
