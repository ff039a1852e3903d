import type { ContentPath } from './editing-context.ts'

/**
 * The value at `path` inside `document`, or undefined when the path leads nowhere.
 *
 * @example
 * getAtPath({ hero: { title: 'Play ball' } }, ['hero', 'title']) // 'Play ball'
 */
export function getAtPath(document: unknown, path: ContentPath): unknown {
  let node = document
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string | number, unknown>)[segment]
  }
  return node
}

/**
 * A copy of `document` with `value` at `path`. Only the objects and arrays along the path
 * are copied; everything else is shared, and `document` itself is never changed. An empty
 * path replaces the whole document. Throws when the path does not lead through existing
 * objects and arrays (an editor writing where nothing is stored is a bug, not an edit).
 *
 * @example
 * setAtPath({ hero: { title: 'Old', subtitle: 'Kept' } }, ['hero', 'title'], 'New')
 * // { hero: { title: 'New', subtitle: 'Kept' } }
 */
export function setAtPath<D>(document: D, path: ContentPath, value: unknown): D {
  return write(document, path, 0, value) as D
}

function write(node: unknown, path: ContentPath, depth: number, value: unknown): unknown {
  if (depth === path.length) return value
  const segment = path[depth] as string | number
  if (Array.isArray(node)) {
    if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0) {
      throw new RangeError(`Not an array index at ${describe(path, depth)}`)
    }
    if (segment > node.length) throw new RangeError(`No item at ${describe(path, depth)}`)
    const copy = [...node]
    copy[segment] = write(node[segment], path, depth + 1, value)
    return copy
  }
  if (node !== null && typeof node === 'object') {
    const key = String(segment)
    // Own keys only: a path such as ['__proto__'] must never reach the prototype.
    if (key === '__proto__') throw new RangeError(`Refused key at ${describe(path, depth)}`)
    const record = node as Record<string, unknown>
    const child = Object.hasOwn(record, key) ? record[key] : undefined
    return { ...record, [key]: write(child, path, depth + 1, value) }
  }
  throw new RangeError(`Nothing to write into at ${describe(path, depth)}`)
}

function describe(path: ContentPath, depth: number): string {
  return JSON.stringify(path.slice(0, depth + 1))
}
