/** What JSON.stringify writes for a value found in an array or object (see {@link jsonEqual}). */
type JsonLeaf = { kind: 'skip' } | { kind: 'value'; value: unknown }

const SKIP: JsonLeaf = { kind: 'skip' }

/**
 * A value as JSON sees it, one level: undefined, functions and symbols are left out (in an
 * array, written as null), a number that is not finite is null, and a value with toJSON (a
 * Date) is what toJSON gives.
 */
function asJson(value: unknown, inArray: boolean): JsonLeaf {
  if (value !== null && typeof value === 'object' && 'toJSON' in value) {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') return asJson(toJSON.call(value) as unknown, inArray)
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return inArray ? { kind: 'value', value: null } : SKIP
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return { kind: 'value', value: null }
  return { kind: 'value', value }
}

/**
 * Whether two values write the same JSON, up to the order of object keys. A value shared by
 * both is the same JSON at once: form values made by copying only what changed (as React state
 * is) compare in time proportional to the change, not to the document.
 */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let index = 0; index < a.length; index++) {
      if (!leafEqual(asJson(a[index], true), asJson(b[index], true))) return false
    }
    return true
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let written = 0
  for (const key of Object.keys(left)) {
    const mine = asJson(left[key], false)
    if (mine.kind === 'skip') continue
    written++
    if (!Object.hasOwn(right, key) || !leafEqual(mine, asJson(right[key], false))) return false
  }
  let writtenRight = 0
  for (const key of Object.keys(right)) {
    if (asJson(right[key], false).kind !== 'skip') writtenRight++
  }
  return written === writtenRight
}

function leafEqual(a: JsonLeaf, b: JsonLeaf): boolean {
  if (a.kind === 'skip' || b.kind === 'skip') return a.kind === b.kind
  return jsonEqual(a.value, b.value)
}

/**
 * True when two documents are the same JSON, whatever the order of their keys (jsonb reorders).
 * Compared in place, without writing either out: the form screens ask on every keystroke.
 *
 * @example
 * sameDocument({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 */
export function sameDocument(a: unknown, b: unknown): boolean {
  return leafEqual(asJson(a, false), asJson(b, false))
}
