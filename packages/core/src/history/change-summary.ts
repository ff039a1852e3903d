import { diffDocuments } from './document-diff.ts'
import type { DocumentChange } from './document-diff.ts'
import { ownName, placeLabels } from './change-presentation.ts'
import {
  fieldLabel,
  LIST_NOUNS,
  lowerFirst,
  nounOf,
  ROOT_RECORDS,
} from '../entities/field-names.ts'
import type { Noun } from '../entities/field-names.ts'
import { contentKeyLabel } from './content-key-label.ts'
import { getAtPath } from '../editing/set-at-path.ts'

/*
 * IMPORTANT: brings in jsondiffpatch (through document-diff.ts), like change-presentation.ts:
 * for the history screen only, never the public site.
 */

/** The most parts a summary names; the rest are counted. */
const MAX_PARTS = 3
/** The most changed fields named in one part; the rest are counted. */
const MAX_FIELDS = 2

/** A part of the summary, built from the changes of one kind at one place. */
type Part =
  | { kind: 'fields'; verb: string; labels: string[] }
  | {
      kind: 'items'
      verb: 'added' | 'removed' | 'edited'
      noun: Noun
      names: Set<string>
      count: number
    }
  | { kind: 'moved'; noun: Noun }

function itemBoundaries(key: string | undefined, segments: readonly (string | number)[]) {
  return segments.flatMap((segment, index) =>
    typeof segment === 'number' || (index === 0 && key !== undefined && ROOT_RECORDS.has(key))
      ? [index]
      : [],
  )
}

function addItem(
  parts: Map<string, Part>,
  verb: 'added' | 'removed' | 'edited',
  key: string | undefined,
  list: readonly (string | number)[],
  itemKey: string,
  value: unknown,
) {
  const id = `${verb}:${JSON.stringify(list)}`
  const part = parts.get(id) ?? {
    kind: 'items',
    verb,
    noun: nounOf(key, list),
    names: new Set<string>(),
    count: 0,
  }
  if (part.kind !== 'items') return
  // An item edited in several places counts once.
  const seen = `${itemKey}\u0000${ownName(value) ?? ''}`
  if (!part.names.has(seen)) {
    part.names.add(seen)
    part.count += 1
  }
  parts.set(id, part)
}

function partText(part: Part): string {
  switch (part.kind) {
    case 'moved':
      return `reordered ${part.noun[1]}`
    case 'fields': {
      const named = part.labels.slice(0, MAX_FIELDS)
      const more = part.labels.length - named.length
      if (more > 0) {
        return `${part.verb} ${named.join(', ')} and ${more} more ${more === 1 ? 'field' : 'fields'}`
      }
      return `${part.verb} ${named.join(' and ')}`
    }
    case 'items': {
      if (part.count === 1) {
        const name = [...part.names][0]?.split('\u0000')[1]
        return `${part.verb} ${part.noun[0]}${name ? ` ${name}` : ''}`
      }
      return `${part.verb} ${part.count} ${part.noun[1]}`
    }
  }
}

/**
 * What changed from one version of a document to the next, in one line for the list of
 * versions: fields changed by name, items of lists added, removed or edited (by name when there
 * is one, else counted), lists reordered. At most three parts are named; the rest are counted.
 * `key` names the document, so that its items are called what they are ("news posts").
 *
 * @example
 * summarizeChanges('content', { hero: { title: 'A' } }, { hero: { title: 'B' } }) // 'Changed hero title'
 * summarizeChanges('newsPosts', [], [{ id: 'a', title: 'X' }, { id: 'b', title: 'Y' }]) // 'Added 2 news posts'
 */
export function summarizeChanges(key: string | undefined, before: unknown, after: unknown): string {
  if (before === undefined) return 'First saved version'
  const changes = diffDocuments(before, after)
  if (changes.length === 0) return 'No changes'
  const parts = new Map<string, Part>()
  const lists = changedTextLists(before, after)
  const inList = (segments: readonly (string | number)[]) =>
    lists.some(({ path }) => path.every((segment, index) => segments[index] === segment))
  for (const change of changes) {
    if (!inList(change.segments)) summarizeOne(parts, key, change, before, after)
  }
  const texts = [
    ...lists.map((list) => textListPart(key, list, before, after)),
    ...[...parts.values()].map(partText),
  ]
  const shown = texts.slice(0, MAX_PARTS)
  const rest = texts.length - shown.length
  const line =
    shown.join('; ') + (rest > 0 ? `; and ${rest} more ${rest === 1 ? 'change' : 'changes'}` : '')
  return line.charAt(0).toUpperCase() + line.slice(1)
}

function summarizeOne(
  parts: Map<string, Part>,
  key: string | undefined,
  change: DocumentChange,
  before: unknown,
  after: unknown,
) {
  const { segments, kind } = change
  if (segments.length === 0) {
    parts.set('whole', { kind: 'fields', verb: 'replaced', labels: ['the whole content'] })
    return
  }
  const last = segments.length - 1
  const boundaries = itemBoundaries(key, segments)
  if (kind === 'moved') {
    const list = segments.slice(0, last)
    parts.set(`moved:${JSON.stringify(list)}`, { kind: 'moved', noun: nounOf(key, list) })
    return
  }
  if (boundaries.at(-1) === last && (kind === 'added' || kind === 'removed')) {
    const list = segments.slice(0, last)
    addItem(
      parts,
      kind,
      key,
      list,
      String(segments[last]),
      kind === 'added' ? change.after : change.before,
    )
    return
  }
  const inner = boundaries.filter((index) => index < last).at(-1)
  if (inner !== undefined) {
    const path = segments.slice(0, inner + 1)
    const item = getAtPath(after, path) ?? getAtPath(before, path)
    const itemKey = ownName(item) ?? String(segments[inner])
    addItem(parts, 'edited', key, segments.slice(0, inner), itemKey, item)
    return
  }
  const verb = kind === 'added' ? 'added' : kind === 'removed' ? 'removed' : 'changed'
  const id = `fields:${verb}`
  const part = parts.get(id) ?? { kind: 'fields', verb, labels: [] }
  const label = placeLabels(change, before, after, key).map(lowerFirst).join(' ')
  if (part.kind === 'fields' && !part.labels.includes(label)) part.labels.push(label)
  parts.set(id, part)
}

/**
 * The one-line summary of each listed version: what changed from the version before it (the
 * next one in the list, newest first; the one before the oldest listed when it was read).
 * Versions whose documents are not known yet are left out.
 *
 * @example
 * versionSummaries('alerts', [3, 2, 1], documents, false) // Map { 3 => 'Added alert “Rain”', … }
 */
export function versionSummaries(
  key: string,
  versions: readonly number[],
  documents: ReadonlyMap<number, unknown>,
  hasOlder: boolean,
): Map<number, string> {
  const out = new Map<number, string>()
  versions.forEach((version, index) => {
    if (!documents.has(version)) return
    const previous = versions[index + 1] ?? (hasOlder ? version - 1 : undefined)
    if (previous === undefined) {
      out.set(version, summarizeChanges(key, undefined, documents.get(version)))
    } else if (documents.has(previous)) {
      out.set(version, summarizeChanges(key, documents.get(previous), documents.get(version)))
    }
  })
  return out
}

/** A list of texts (paragraphs) changed between two versions, where it is in the document. */
type TextList = { path: (string | number)[]; before: readonly string[]; after: readonly string[] }

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')

/** The lists of texts that differ between `before` and `after`, found at the same place in both. */
function changedTextLists(
  before: unknown,
  after: unknown,
  path: (string | number)[] = [],
): TextList[] {
  if (isTextList(before) && isTextList(after)) {
    const same = before.length === after.length && before.every((text, i) => text === after[i])
    return same ? [] : [{ path, before, after }]
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return before
      .slice(0, after.length)
      .flatMap((item, index) => changedTextLists(item, after[index], [...path, index]))
  }
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const older = before as Record<string, unknown>
    const newer = after as Record<string, unknown>
    return Object.keys(newer)
      .filter((field) => field in older)
      .flatMap((field) => changedTextLists(older[field], newer[field], [...path, field]))
  }
  return []
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
]
const ordinal = (index: number) => ORDINALS[index] ?? `${index + 1}th`

/** What the screens call a document in a note's place: the About editor is "About". */
const SCREEN_NAMES: Readonly<Record<string, string>> = { aboutContent: 'About' }

/**
 * One list of texts in a version's note, by its place in the screen's own words and what
 * happened to its paragraphs: "About › Our History: first paragraph changed".
 */
function textListPart(
  key: string | undefined,
  list: TextList,
  before: unknown,
  after: unknown,
): string {
  const { path } = list
  const noun = nounOf(key, path)
  const names: string[] = key ? [SCREEN_NAMES[key] ?? contentKeyLabel(key)] : []
  path.forEach((segment, index) => {
    if (typeof segment !== 'number') return
    const item =
      getAtPath(after, path.slice(0, index + 1)) ?? getAtPath(before, path.slice(0, index + 1))
    names.push(ownName(item)?.replace(/^“|”$/g, '') ?? `Item ${segment + 1}`)
  })
  const field = path.at(-1)
  if (typeof field === 'string' && !LIST_NOUNS[field]) names.push(fieldLabel(field))
  const changed = list.after.flatMap((text, index) =>
    index < list.before.length && list.before[index] !== text ? [index] : [],
  )
  const added = list.after.length - list.before.length
  const what: string[] = []
  if (changed.length > 0) {
    const named = changed.slice(0, 3).map(ordinal)
    const more = changed.length - named.length
    const listed = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(' and ')
    what.push(`${listed} ${changed.length === 1 ? noun[0] : noun[1]} changed`)
  }
  if (added !== 0) {
    const count = Math.abs(added)
    what.push(`${count} ${count === 1 ? noun[0] : noun[1]} ${added > 0 ? 'added' : 'removed'}`)
  }
  return `${names.join(' › ')}: ${what.join(', ')}`
}
