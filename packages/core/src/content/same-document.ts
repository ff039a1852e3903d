function canonical(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  )
}

/**
 * True when two documents are the same JSON, whatever the order of their keys (jsonb reorders).
 *
 * @example
 * sameDocument({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 */
export function sameDocument(a: unknown, b: unknown): boolean {
  return deepEqual(canonical(a), canonical(b))
}
