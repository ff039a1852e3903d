/**
 * PostgREST's query-string grammar: `select=`, filters (`col=op.value`), logic trees
 * (`or=(…)`), `order=` and `columns=`. Parsing only; no SQL is produced here.
 */
import { parseError } from './errors.ts'

export type JsonStep = { arrow: '->' | '->>'; key: string }

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export type Field = { name: string; path: JsonStep[] }

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias: string | undefined; cast: string | undefined }

export type Condition = {
  kind: 'condition'
  field: Field
  negate: boolean
  op: string
  /** `any`/`all` for quantified operators, or the text-search configuration of `fts(cfg)`. */
  modifier: string | undefined
  /** The raw value, or the elements of an `in.(…)` list. */
  value: string | string[]
}

export type LogicNode = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: FilterNode[] }

export type FilterNode = Condition | LogicNode

export type OrderTerm = {
  field: Field
  direction: 'asc' | 'desc' | undefined
  nulls: 'first' | 'last' | undefined
}

/** The operators that take an `any` or `all` modifier: `like(any).{a,b}`. */
const QUANTIFIABLE = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
])
/** The full-text operators, which take a language: `fts(english).word`. */
const TEXT_SEARCH = new Set(['fts', 'plfts', 'phfts', 'wfts'])

/** Every filter operator the grammar accepts. */
const OPERATORS = new Set([
  ...QUANTIFIABLE,
  ...TEXT_SEARCH,
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'in',
  'is',
])

const UNSUPPORTED_EMBEDDING =
  'Resource embedding and aggregates are not supported by local-supabase: select plain columns and query related tables separately'

/** A cursor over one parameter's text. */
class Cursor {
  readonly text: string
  /** What is being parsed, for the error message ("filter", "order", …). */
  readonly label: string
  pos = 0

  constructor(text: string, label: string) {
    this.text = text
    this.label = label
  }

  get done() {
    return this.pos >= this.text.length
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? ''
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos)
  }

  eat(prefix: string): boolean {
    if (!this.startsWith(prefix)) return false
    this.pos += prefix.length
    return true
  }

  expect(prefix: string, what: string) {
    if (!this.eat(prefix)) throw this.fail(`expecting ${what}`)
  }

  fail(expecting: string) {
    const found = this.done ? 'end of input' : `"${this.peek()}"`
    return parseError(
      `failed to parse ${this.label} (${this.text})`,
      `unexpected ${found} ${expecting}`,
    )
  }

  /** Reads a double-quoted string with backslash escapes; the cursor is on the opening quote. */
  quoted(): string {
    this.expect('"', 'a quote')
    let out = ''
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++
      out += this.peek()
      this.pos++
    }
    this.expect('"', 'a closing quote')
    return out
  }

  /** Reads up to (not including) any of `stops`, or up to a `->` when `stopAtArrow`. */
  until(stops: string, stopAtArrow = false): string {
    const start = this.pos
    while (!this.done && !stops.includes(this.peek()) && !(stopAtArrow && this.startsWith('->')))
      this.pos++
    return this.text.slice(start, this.pos)
  }
}

const NAME_STOPS = ',.:()!"'

function readName(cursor: Cursor): string {
  const name = cursor.peek() === '"' ? cursor.quoted() : cursor.until(NAME_STOPS, true).trim()
  if (name === '') throw cursor.fail('expecting a column name')
  return name
}

function readField(cursor: Cursor): Field {
  const name = readName(cursor)
  const path: JsonStep[] = []
  while (cursor.startsWith('->')) {
    const arrow = cursor.eat('->>') ? '->>' : (cursor.eat('->'), '->')
    path.push({ arrow, key: readName(cursor) })
  }
  return { name, path }
}

/** Splits on commas outside parentheses, braces and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '\\') i++
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(' || char === '{' || char === '[') depth++
    else if (char === ')' || char === '}' || char === ']') depth--
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/** Parses a field on its own (a filter's key), refusing embedded-resource paths. */
export function parseField(text: string): Field {
  const cursor = new Cursor(text, 'filter')
  const field = readField(cursor)
  if (!cursor.done) {
    if (cursor.peek() === '.')
      throw parseError(UNSUPPORTED_EMBEDDING, `"${text}" filters an embedded resource`)
    throw cursor.fail('expecting the end of the column name')
  }
  return field
}

const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/

/** `select=` → items. Embedding (`rel(*)`), spreads and aggregates are refused. */
export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === '') return [{ kind: 'star' }]
  return splitTopLevel(text).map((raw) => {
    const item = raw.trim()
    if (item === '*') return { kind: 'star' }
    if (item.startsWith('...')) throw parseError(UNSUPPORTED_EMBEDDING, `"${item}" is a spread`)
    const cursor = new Cursor(item, 'select parameter')
    let alias: string | undefined
    let field = readField(cursor)
    if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
      if (field.path.length > 0) throw cursor.fail('expecting a cast or the end of the column')
      cursor.pos++
      alias = field.name
      field = readField(cursor)
    }
    let cast: string | undefined
    if (cursor.eat('::')) {
      cast = cursor.text.slice(cursor.pos).trim()
      if (!CAST.test(cast)) throw cursor.fail('expecting a type name')
      cursor.pos = cursor.text.length
    }
    if (cursor.peek() === '(' || cursor.peek() === '!' || cursor.peek() === '.') {
      throw parseError(UNSUPPORTED_EMBEDDING, `"${item}" embeds a resource or calls an aggregate`)
    }
    if (!cursor.done) throw cursor.fail('expecting "," or the end of the select list')
    return { kind: 'field', field, alias, cast }
  })
}

/** Elements of `(a,"b,c")`; quoted elements may contain `,()` and backslash escapes. */
function readList(cursor: Cursor): string[] {
  cursor.expect('(', '"("')
  const items: string[] = []
  if (cursor.eat(')')) return items
  for (;;) {
    if (cursor.peek() === '"') items.push(cursor.quoted())
    else items.push(cursor.until(',)'))
    if (cursor.eat(')')) return items
    cursor.expect(',', '"," or ")"')
  }
}

/** Reads a value inside a logic tree: quoted, `{…}`, or up to the next `,` or `)`. */
function readTreeValue(cursor: Cursor): string {
  if (cursor.peek() === '"') return cursor.quoted()
  if (cursor.peek() === '{') {
    const start = cursor.pos
    let quoted = false
    while (!cursor.done) {
      const char = cursor.peek()
      cursor.pos++
      if (quoted) {
        if (char === '\\') cursor.pos++
        else if (char === '"') quoted = false
      } else if (char === '"') quoted = true
      else if (char === '}') return cursor.text.slice(start, cursor.pos)
    }
    throw cursor.fail('expecting "}"')
  }
  return cursor.until(',)')
}

/**
 * `[not.]op[(modifier)].value` after the field; `inTree` switches to the logic-tree
 * value rules (a value ends at `,` or `)` unless quoted).
 */
function readOperation(cursor: Cursor, field: Field, inTree: boolean): Condition {
  const negate = cursor.eat('not.')
  const op = cursor.until('.(')
  if (!OPERATORS.has(op))
    throw cursor.fail(`expecting an operator (eq, gt, in, is, like, …); "${op}" is not one`)
  let modifier: string | undefined
  if (cursor.eat('(')) {
    modifier = cursor.until(')')
    cursor.expect(')', '")"')
    const valid = TEXT_SEARCH.has(op)
      ? /^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)
      : QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')
    if (!valid) throw cursor.fail(`expecting a valid modifier for ${op}`)
  }
  cursor.expect('.', '"." before the value')
  let value: string | string[]
  if (op === 'in') value = readList(cursor)
  else if (inTree) value = readTreeValue(cursor)
  else {
    value = cursor.text.slice(cursor.pos)
    cursor.pos = cursor.text.length
  }
  if (
    op === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(String(value).toLowerCase())
  ) {
    throw parseError(
      `failed to parse ${cursor.label} (${cursor.text})`,
      'is accepts null, not_null, true, false or unknown',
    )
  }
  return { kind: 'condition', field, negate, op, modifier, value }
}

/** A filter parameter: `key=value` where key is a column (not a reserved word). */
export function parseFilter(key: string, value: string): Condition {
  const field = parseField(key)
  const cursor = new Cursor(value, 'filter')
  const condition = readOperation(cursor, field, false)
  if (!cursor.done) throw cursor.fail('expecting the end of the filter')
  return condition
}

/**
 * How deeply `and(…)`/`or(…)` may nest. Parsing and SQL generation recurse once per
 * level, so a hostile tree thousands deep would exhaust the stack; real filters nest a few.
 */
export const MAX_LOGIC_DEPTH = 64

/** Shows at most the start of a long parameter in an error message. */
function excerpt(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

function readLogicChildren(cursor: Cursor, depth: number): FilterNode[] {
  if (depth > MAX_LOGIC_DEPTH) {
    throw parseError(
      `failed to parse ${cursor.label} (${excerpt(cursor.text)})`,
      `and/or groups nest more than ${MAX_LOGIC_DEPTH} levels deep`,
    )
  }
  cursor.expect('(', '"("')
  const children: FilterNode[] = []
  for (;;) {
    children.push(readLogicItem(cursor, depth))
    if (cursor.eat(')')) return children
    cursor.expect(',', '"," or ")"')
  }
}

function readLogicItem(cursor: Cursor, depth: number): FilterNode {
  const start = cursor.pos
  const negate = cursor.eat('not.')
  for (const op of ['and', 'or'] as const) {
    if (cursor.startsWith(`${op}(`)) {
      cursor.pos += op.length
      return { kind: 'logic', op, negate, children: readLogicChildren(cursor, depth + 1) }
    }
  }
  cursor.pos = start
  const field = readField(cursor)
  cursor.expect('.', '"." after the column')
  return readOperation(cursor, field, true)
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` and friends; `key` is `or`, `and`, `not.or` or `not.and`. */
export function parseLogic(key: string, value: string): LogicNode {
  const negate = key.startsWith('not.')
  const op = (negate ? key.slice(4) : key) as 'and' | 'or'
  const cursor = new Cursor(value, 'logic tree')
  const children = readLogicChildren(cursor, 1)
  if (!cursor.done) throw cursor.fail('expecting the end of the logic tree')
  return { kind: 'logic', op, negate, children }
}

/** `order=a.desc.nullslast,b` → terms. */
export function parseOrder(text: string | null): OrderTerm[] {
  if (text === null || text.trim() === '') return []
  return splitTopLevel(text).map((raw) => {
    const cursor = new Cursor(raw.trim(), 'order')
    const field = readField(cursor)
    if (cursor.peek() === '(')
      throw parseError(UNSUPPORTED_EMBEDDING, `"${raw}" orders by an embedded resource`)
    let direction: OrderTerm['direction']
    let nulls: OrderTerm['nulls']
    while (cursor.eat('.')) {
      const word = cursor.until('.')
      if ((word === 'asc' || word === 'desc') && direction === undefined) direction = word
      else if ((word === 'nullsfirst' || word === 'nullslast') && nulls === undefined)
        nulls = word === 'nullsfirst' ? 'first' : 'last'
      else throw cursor.fail('expecting asc, desc, nullsfirst or nullslast')
    }
    if (!cursor.done) throw cursor.fail('expecting "," or the end of the order')
    return { field, direction, nulls }
  })
}

/** `columns="a","b"` (supabase-js quotes each name) → names. */
export function parseColumns(text: string): string[] {
  return splitTopLevel(text).map((raw) => {
    const cursor = new Cursor(raw.trim(), 'columns parameter')
    const name = readName(cursor)
    if (!cursor.done) throw cursor.fail('expecting "," or the end of the column list')
    return name
  })
}
