import { create } from 'jsondiffpatch'
import type { Delta } from 'jsondiffpatch'
import { formatPath as formatEntityPath } from '../entities/format-path.ts'

/*
 * IMPORTANT: jsondiffpatch is for the signed-in area only. This module is exported from
 * `@club/core/history` alone; nothing that the public site imports may import it.
 */

/** What happened at one place of a document. */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved'

/** One readable difference between two versions of a document. */
export type DocumentChange = {
  kind: ChangeKind
  /** Where, as the editor names it: `hero.title`, `[2].title`, `fields[0]`; '' for the whole. */
  path: string
  /** The same place as a list of property names and indexes. */
  segments: readonly (string | number)[]
  /** The value before (absent for `added`). For `moved`, the old index. */
  before?: unknown
  /** The value after (absent for `removed`). For `moved`, the new index. */
  after?: unknown
}

// Items of a list are matched by identity where they have one (alerts, posts, teams carry an
// id or slug), so a reordered or inserted item reads as moved or added, not as every later
// item changed. Items without one are matched by position.
const differ = create({
  objectHash: (item: object, index?: number) => {
    const record = item as Record<string, unknown>
    for (const name of ['id', 'slug', 'key']) {
      const value = record[name]
      if (typeof value === 'string' || typeof value === 'number') return `${name}:${value}`
    }
    return `$$index:${index ?? 0}`
  },
  arrays: { detectMove: true, includeValueOnMove: false },
})

/** `['hero', 'title']` → `hero.title`; `[2, 'title']` → `[2].title`; odd names quoted. */
export const formatPath = (segments: readonly (string | number)[]): string =>
  formatEntityPath('', segments)

function change(
  kind: ChangeKind,
  segments: (string | number)[],
  values: { before?: unknown; after?: unknown },
): DocumentChange {
  return { kind, path: formatPath(segments), segments, ...values }
}

function walk(delta: Delta, segments: (string | number)[], out: DocumentChange[]) {
  if (delta === undefined) return
  if (Array.isArray(delta)) {
    const entry = delta as unknown[]
    if (entry.length === 1) out.push(change('added', segments, { after: entry[0] }))
    else if (entry.length === 2) {
      out.push(change('changed', segments, { before: entry[0], after: entry[1] }))
    } else if (entry[2] === 0) out.push(change('removed', segments, { before: entry[0] }))
    // Text diffs (code 2) are not enabled; moves (code 3) are read with their list below.
    return
  }
  const record = delta as Record<string, Delta>
  if ((delta as { _t?: unknown })._t === 'a') {
    for (const [name, inner] of Object.entries(record)) {
      if (name === '_t') continue
      if (name.startsWith('_')) {
        const from = Number(name.slice(1))
        const entry = inner as unknown[]
        if (entry[2] === 3) {
          out.push(
            change('moved', [...segments, entry[1] as number], { before: from, after: entry[1] }),
          )
        } else walk(inner, [...segments, from], out)
      } else walk(inner, [...segments, Number(name)], out)
    }
    return
  }
  for (const [name, inner] of Object.entries(record)) walk(inner, [...segments, name], out)
}

/**
 * The differences between two versions of a document, as a list for the editor to read:
 * what was added, removed, changed or moved, and where. Empty when they are equal.
 *
 * @example
 * diffDocuments({ hero: { title: 'Play ball' } }, { hero: { title: 'Rain delay' } })
 * // [{ kind: 'changed', path: 'hero.title', segments: ['hero', 'title'], before: 'Play ball', after: 'Rain delay' }]
 */
export function diffDocuments(before: unknown, after: unknown): DocumentChange[] {
  const out: DocumentChange[] = []
  walk(differ.diff(before, after), [], out)
  return pairChangedTexts(out)
}

/**
 * A text of a list changed in place (a paragraph edited) comes from the differ as the old text
 * removed and the new one added at the same index: one change of that text instead, so that
 * it reads word by word, as any other text does.
 */
function pairChangedTexts(changes: DocumentChange[]): DocumentChange[] {
  const texts = (kind: ChangeKind, side: 'before' | 'after') =>
    new Map(
      changes
        .filter((item) => item.kind === kind && typeof item[side] === 'string')
        .map((item) => [item.path, item] as const),
    )
  const removed = texts('removed', 'before')
  const added = texts('added', 'after')
  const done = new Set<string>()
  const out: DocumentChange[] = []
  for (const item of changes) {
    const old = removed.get(item.path)
    const now = added.get(item.path)
    if (!old || !now || (item !== old && item !== now)) {
      out.push(item)
      continue
    }
    if (done.has(item.path)) continue
    done.add(item.path)
    out.push(change('changed', [...item.segments], { before: old.before, after: now.after }))
  }
  return out
}

const MAX_TEXT = 80

/** A short, readable rendering of a value for a change list. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value
    return JSON.stringify(text)
  }
  if (Array.isArray(value))
    return value.length === 1 ? 'a list of 1 item' : `a list of ${value.length} items`
  if (value !== null && typeof value === 'object') return 'a group of fields'
  return String(value)
}

/**
 * One sentence per change, for a plain list or a screen reader.
 *
 * @example
 * describeChange({ kind: 'changed', path: 'hero.title', segments: ['hero', 'title'], before: 'A', after: 'B' })
 * // 'hero.title changed from "A" to "B"'
 */
export function describeChange(item: DocumentChange): string {
  const where = item.path === '' ? 'The whole document' : item.path
  switch (item.kind) {
    case 'added':
      return `${where} added: ${describeValue(item.after)}`
    case 'removed':
      return `${where} removed (was ${describeValue(item.before)})`
    case 'moved':
      return `${where} moved from position ${Number(item.before) + 1} to ${Number(item.after) + 1}`
    case 'changed':
      return `${where} changed from ${describeValue(item.before)} to ${describeValue(item.after)}`
  }
}
