import { diffDocuments } from './document-diff.ts'
import type { ChangeKind, DocumentChange } from './document-diff.ts'
import { formatClubDate, formatClubDateTime } from '../club/club-time.ts'
import { diffWords } from './text-diff.ts'
import type { TextPart } from './text-diff.ts'
import { fieldLabel, nounOf } from '../entities/field-names.ts'

/*
 * IMPORTANT: brings in jsondiffpatch (through document-diff.ts). The signed-in area loads this
 * on demand (the history screen, the differences dialog); nothing public may import it.
 */

/** A value as the change list shows it: a text, nothing, a few named fields, or a few items. */
export type ValueView =
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  | { kind: 'fields'; fields: { label: string; text: string }[]; more: number }
  | { kind: 'items'; items: string[]; more: number }

/** One difference between two versions of a document, ready to be read by people. */
export type PresentedChange = {
  kind: ChangeKind
  /** Where, named as the editor knows it: `“Rain delay” › Ends`; `The whole document` at the root. */
  place: string
  /** The same place as a technical path (`[0].endDate`), for whoever needs the exact spot. */
  path: string
  /** What was there (absent for `added` and `moved`). */
  before?: ValueView
  /** What is there now (absent for `removed` and `moved`). */
  after?: ValueView
  /** For a text edited from one wording to another: its words kept, removed and added. */
  words?: TextPart[]
  /** True when only the formatting of a rich text changed: its words are the same. */
  formattingOnly?: boolean
  /** For a moved item: where it was and where it is, counted from 1. */
  positions?: { from: number; to: number }
  /** The change in one sentence, for a screen reader or a plain list. */
  summary: string
}

/** Fields that name a list item, best first. */
const NAME_FIELDS = [
  'title',
  'name',
  'label',
  'heading',
  'question',
  'cardTitle',
  'text',
  'caption',
  'alt',
  'value',
]

const MAX_NAME = 48
const MAX_TEXT = 280
const MAX_FIELDS = 8
const MAX_ITEMS = 6
/** Words of kept text shown on each side of a change; longer kept runs are cut in the middle. */
export const CONTEXT_WORDS = 12

const HTML = /<\/?[a-z][^>]*>/i
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/**
 * The words of an HTML fragment as a reader sees them: one line per paragraph or list item
 * (items marked with a bullet), tags gone, entities decoded.
 *
 * @example
 * htmlToText('<p>Bring <strong>water</strong></p><ul><li>Cleats</li></ul>') // 'Bring water\n• Cleats'
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<(?:br|\/p|\/li|\/h[1-6]|\/div|\/ul|\/ol)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}

function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

/** The text a stored scalar reads as: rich text as words, dates as the site shows them. */
function scalarText(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (HTML.test(value)) return htmlToText(value)
  if (ISO_DATE.test(value)) return formatClubDate(value)
  if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatClubDateTime(value)
  }
  return value
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** What an item calls itself (its title, name, question…), quoted; undefined when nameless. */
export function ownName(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined
  for (const field of NAME_FIELDS) {
    const candidate = value[field]
    if (typeof candidate === 'string') {
      const text = shortened(HTML.test(candidate) ? htmlToText(candidate) : candidate, MAX_NAME)
      if (text !== '') return `“${text}”`
    }
  }
  return undefined
}

/** A list item: by its own name, else as the screens call it, by its place ("Alert 2"). */
function itemLabel(value: unknown, index: number, noun = 'item'): string {
  return ownName(value) ?? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${index + 1}`
}

/** A short line for any value inside a list or a group. */
function summaryText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (isScalar(value)) return shortened(scalarText(value), MAX_NAME * 2)
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`
  return ownName(value) ?? 'A group of fields'
}

/**
 * How a whole value reads in the change list: a text, empty, the first fields of a group
 * (ids left out: they say nothing to people), or the first items of a list.
 */
export function valueView(value: unknown): ValueView {
  if (value === null || value === undefined || value === '') return { kind: 'empty' }
  if (isScalar(value)) return { kind: 'text', text: shortened(scalarText(value), MAX_TEXT) }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' }
    return {
      kind: 'items',
      items: value.slice(0, MAX_ITEMS).map(summaryText),
      more: Math.max(0, value.length - MAX_ITEMS),
    }
  }
  // What names the item first (the database keeps no field order), then the rest as stored.
  const rank = (name: string) => {
    const at = NAME_FIELDS.indexOf(name)
    return at === -1 ? NAME_FIELDS.length : at
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([name]) => name !== 'id')
    .sort(([a], [b]) => rank(a) - rank(b))
  if (entries.length === 0) return { kind: 'empty' }
  return {
    kind: 'fields',
    fields: entries
      .slice(0, MAX_FIELDS)
      .map(([name, inner]) => ({ label: fieldLabel(name), text: summaryText(inner) })),
    more: Math.max(0, entries.length - MAX_FIELDS),
  }
}

function child(node: unknown, segment: string | number): unknown {
  if (node === null || typeof node !== 'object') return undefined
  return (node as Record<string | number, unknown>)[segment]
}

/** A record keyed by slug (teams): the entry is named by its own name, not its key. */
function recordEntryLabel(segment: string, value: unknown): string | undefined {
  if (!/[-\d]/.test(segment)) return undefined
  return ownName(value)
}

/** The labels along a change's path, each step named from the document it is found in. */
export function placeLabels(
  item: DocumentChange,
  before: unknown,
  after: unknown,
  key?: string,
): string[] {
  const labels: string[] = []
  // The parents of any change are in the newer document (jsondiffpatch nests under kept
  // items); the older one answers for what the newer lacks.
  let nodeAfter = after
  let nodeBefore = before
  item.segments.forEach((segment, index) => {
    const isLast = index === item.segments.length - 1
    const nextAfter = child(nodeAfter, segment)
    const nextBefore = child(nodeBefore, segment)
    const value =
      isLast && item.kind === 'removed'
        ? item.before
        : isLast && item.kind === 'added'
          ? item.after
          : (nextAfter ?? nextBefore)
    if (typeof segment === 'number')
      labels.push(
        itemLabel(
          value,
          segment,
          key === undefined ? undefined : nounOf(key, item.segments.slice(0, index))[0],
        ),
      )
    else labels.push(recordEntryLabel(segment, value) ?? fieldLabel(segment))
    nodeAfter = nextAfter
    nodeBefore = nextBefore
  })
  return labels
}

/**
 * Cuts long kept runs of a word diff down to their ends, so a one-word edit in a long text
 * shows the words around it, not the whole text.
 */
export function withContext(parts: readonly TextPart[], words = CONTEXT_WORDS): TextPart[] {
  return parts.map((part, index) => {
    if (part.op !== 'same') return part
    const tokens = part.text.match(/\s+|[^\s]+/g) ?? []
    const keep = words * 2 // tokens: a word and the space after it
    const isFirst = index === 0
    const isLast = index === parts.length - 1
    if (isFirst && isLast) return part
    if (isFirst && tokens.length > keep)
      return { ...part, text: `… ${tokens.slice(-keep).join('').trimStart()}` }
    if (isLast && tokens.length > keep)
      return { ...part, text: `${tokens.slice(0, keep).join('').trimEnd()} …` }
    if (!isFirst && !isLast && tokens.length > keep * 2) {
      return {
        ...part,
        text: `${tokens.slice(0, keep).join('').trimEnd()} … ${tokens.slice(-keep).join('').trimStart()}`,
      }
    }
    return part
  })
}

function quoted(view: ValueView | undefined): string {
  if (!view || view.kind === 'empty') return 'nothing'
  if (view.kind === 'text') return `“${shortened(view.text, 80)}”`
  if (view.kind === 'items') {
    const count = view.items.length + view.more
    return count === 1 ? 'a list of 1 item' : `a list of ${count} items`
  }
  return 'a group of fields'
}

function present(
  item: DocumentChange,
  before: unknown,
  after: unknown,
  key?: string,
): PresentedChange {
  const place =
    item.path === '' ? 'The whole document' : placeLabels(item, before, after, key).join(' › ')
  const base = { kind: item.kind, place, path: item.path }
  switch (item.kind) {
    case 'moved': {
      const positions = { from: Number(item.before) + 1, to: Number(item.after) + 1 }
      return {
        ...base,
        positions,
        summary: `${place} moved from position ${positions.from} to ${positions.to}.`,
      }
    }
    case 'added': {
      const view = valueView(item.after)
      return { ...base, after: view, summary: `${place} added: ${quoted(view)}.` }
    }
    case 'removed': {
      const view = valueView(item.before)
      return { ...base, before: view, summary: `${place} removed (was ${quoted(view)}).` }
    }
    case 'changed': {
      const was = valueView(item.before)
      const now = valueView(item.after)
      const summary = `${place} changed from ${quoted(was)} to ${quoted(now)}.`
      if (typeof item.before === 'string' && typeof item.after === 'string') {
        const oldWords = scalarText(item.before)
        const newWords = scalarText(item.after)
        if (oldWords === newWords) {
          return {
            ...base,
            before: was,
            after: now,
            formattingOnly: true,
            summary: `${place}: formatting changed; the words are the same.`,
          }
        }
        return {
          ...base,
          before: was,
          after: now,
          words: withContext(diffWords(oldWords, newWords)),
          summary,
        }
      }
      return { ...base, before: was, after: now, summary }
    }
  }
}

/**
 * The differences from `before` to `after` (two versions of one content document), each named
 * where an editor would look for it, with its old and new value, and text edits as words
 * removed and added. Empty when the two are the same. With the document's `key`, an item
 * without a name of its own is called as the screens call it ("Alert 2"), else "Item 2".
 *
 * @example
 * presentChanges([{ id: 'a', title: 'Rain delay', isPinned: false }], [{ id: 'a', title: 'Rain delay', isPinned: true }])
 * // [{ kind: 'changed', place: '“Rain delay” › Pinned', path: '[0].isPinned', before: { kind: 'text', text: 'No' },
 * //    after: { kind: 'text', text: 'Yes' }, summary: '“Rain delay” › Pinned changed from “No” to “Yes”.' }]
 */
export function presentChanges(before: unknown, after: unknown, key?: string): PresentedChange[] {
  return diffDocuments(before, after).map((item) => present(item, before, after, key))
}
