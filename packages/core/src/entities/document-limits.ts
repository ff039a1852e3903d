/*
 * The database's limits on one stored document (supabase/migrations, website_content_check_limits),
 * checked here too so that an editor learns at once, before anything is sent, and so that the
 * parser never spends more on a document than the database would have let in.
 *
 * IMPORTANT: pure and zod-free: the content store runs it in the first bundle.
 */

/** Longest stored document: 1 MiB of Postgres's text form of the jsonb. */
export const MAX_DOCUMENT_BYTES = 1_048_576
/** Longest list anywhere in a stored document. */
export const MAX_LIST_ITEMS = 2_000

/** Why a document may not be stored, in the database's terms. */
export type LimitProblem =
  | { kind: 'bytes'; bytes: number; limit: number }
  /** `path` is written as the database writes it: `$.fields[3].photos`, `$."select-13u".roster`. */
  | { kind: 'items'; items: number; path: string; limit: number }

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one code point, four bytes.
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** A node still to visit; its path is kept as a link to its parent and built only if needed. */
type Frame = { value: unknown; depth: number; segment?: string | number; parent?: Frame }

function formatPath(frame: Frame): string {
  let out = ''
  for (let at: Frame | undefined = frame; at?.segment !== undefined; at = at.parent) {
    const { segment } = at
    if (typeof segment === 'number') out = `[${segment}]${out}`
    else out = `${IDENTIFIER.test(segment) ? `.${segment}` : `.${JSON.stringify(segment)}`}${out}`
  }
  return `$${out}`
}

/** What {@link measureDocument} finds. */
export type DocumentMeasure = {
  /** Bytes of Postgres's text form of the jsonb: a space after every `:` and `,`. */
  bytes: number
  /** The shallowest list longer than the limit (the first by path among equally deep ones). */
  longList?: { items: number; path: string }
}

/**
 * Measures a document as the database will: its size, and its longest-list offender.
 *
 * @example
 * measureDocument({ a: [1, 2] }) // { bytes: 14 }   ({"a": [1, 2]})
 */
export function measureDocument(value: unknown): DocumentMeasure {
  const text = JSON.stringify(value)
  if (text === undefined) return { bytes: 0 }
  // Read back, so the walk sees exactly what is sent (no `undefined` fields, no `toJSON`).
  const sent = JSON.parse(text) as unknown
  let separators = 0
  let longest: { items: number; depth: number; path: string } | undefined
  const stack: Frame[] = [{ value: sent, depth: 0 }]
  while (stack.length > 0) {
    const frame = stack.pop() as Frame
    const { value: node, depth } = frame
    if (Array.isArray(node)) {
      separators += Math.max(0, node.length - 1)
      if (node.length > MAX_LIST_ITEMS && (!longest || depth <= longest.depth)) {
        const path = formatPath(frame)
        if (!longest || depth < longest.depth || path < longest.path) {
          longest = { items: node.length, depth, path }
        }
      }
      node.forEach((item: unknown, index) => {
        if (typeof item === 'object' && item !== null) {
          stack.push({ value: item, depth: depth + 1, segment: index, parent: frame })
        }
      })
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>
      const keys = Object.keys(record)
      separators += keys.length + Math.max(0, keys.length - 1)
      for (const key of keys) {
        const item = record[key]
        if (typeof item === 'object' && item !== null) {
          stack.push({ value: item, depth: depth + 1, segment: key, parent: frame })
        }
      }
    }
  }
  const bytes = utf8Length(text) + separators
  return longest ? { bytes, longList: { items: longest.items, path: longest.path } } : { bytes }
}

/**
 * What the database would refuse about `value`, or undefined when it fits: first its size,
 * then a list longer than {@link MAX_LIST_ITEMS}.
 *
 * @example
 * findLimitProblem({ photos: new Array(2001).fill(1) })
 * // { kind: 'items', items: 2001, path: '$.photos', limit: 2000 }
 */
export function findLimitProblem(value: unknown): LimitProblem | undefined {
  const { bytes, longList } = measureDocument(value)
  if (bytes > MAX_DOCUMENT_BYTES) return { kind: 'bytes', bytes, limit: MAX_DOCUMENT_BYTES }
  if (longList) return { kind: 'items', ...longList, limit: MAX_LIST_ITEMS }
  return undefined
}

/** The database's own wording for a refused document (so both read alike in the logs). */
export function limitProblemMessage(key: string, problem: LimitProblem): string {
  return problem.kind === 'bytes'
    ? `Content "${key}" is too large: ${problem.bytes} bytes (the limit is ${problem.limit}).`
    : `Content "${key}" has a list of ${problem.items} items at ${problem.path} (the limit is ${problem.limit}).`
}
