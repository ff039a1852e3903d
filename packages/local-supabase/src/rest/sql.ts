/**
 * SQL fragments from parsed requests. Identifiers are always double-quoted and every
 * value from a request is a bound parameter (`$n`), sent as text and typed by Postgres.
 */
import { parseError } from './errors.ts'
import type { Condition, Field, FilterNode, OrderTerm, SelectItem } from './grammar.ts'

/** Collects bound parameters; every value is sent as text (see `TEXT_PARAMS`). */
export class Params {
  readonly values: string[] = []

  /** Binds `value` and returns its placeholder. */
  add(value: string): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/**
 * Query options that send every parameter as the text it already is. PGlite would
 * otherwise pick a serializer from the type Postgres inferred (booleans from JS
 * truthiness, JSON re-stringified), which is not what PostgREST's text values mean.
 */
export const TEXT_PARAMS = {
  serializers: new Proxy({} as Record<number, (value: unknown) => string>, {
    get: () => (value: unknown) => String(value),
  }),
}

/** A double-quoted identifier. A NUL byte would cut the query text short in Postgres, so it is refused. */
export function ident(name: string): string {
  if (name.includes('\0')) throw parseError('Identifiers may not contain a NUL byte')
  return `"${name.replaceAll('"', '""')}"`
}

/** A relation or function of the one exposed schema. */
export function inPublic(name: string): string {
  return `"public".${ident(name)}`
}

/** `qualifier."col"->$1::text->>$2::int`, parenthesised when it has a JSON path. */
export function fieldSql(qualifier: string, field: Field, params: Params): string {
  let sql = `${qualifier}.${ident(field.name)}`
  if (field.path.length === 0) return sql
  for (const step of field.path) {
    const numeric = /^-?[0-9]+$/.test(step.key)
    sql += `${step.arrow}${params.add(step.key)}::${numeric ? 'int' : 'text'}`
  }
  return `(${sql})`
}

/** The JSON key PostgREST gives a selected field: the alias, else the last path key, else the column. */
function outputName(field: Field, alias: string | undefined): string {
  return alias ?? field.path.at(-1)?.key ?? field.name
}

/** SQL spellings that are not single type names; everything else is quoted as a type name. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
}

function castSql(cast: string): string {
  const array = cast.endsWith('[]')
  const base = (array ? cast.slice(0, -2) : cast).trim().toLowerCase().replace(/\s+/g, ' ')
  return `::${ident(TYPE_ALIASES[base] ?? base)}${array ? '[]' : ''}`
}

/** The select list; `*` keeps the relation's own column order, as `json_agg` will. */
export function selectSql(items: SelectItem[], qualifier: string, params: Params): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return `${qualifier}.*`
      const value = fieldSql(qualifier, item.field, params) + (item.cast ? castSql(item.cast) : '')
      return `${value} AS ${ident(outputName(item.field, item.alias))}`
    })
    .join(', ')
}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
}

const TEXT_SEARCH: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

const IS_VALUES: Record<string, string> = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
}

function conditionSql(condition: Condition, qualifier: string, params: Params): string {
  const lhs = fieldSql(qualifier, condition.field, params)
  const { op, modifier } = condition
  const value = condition.value
  let sql: string
  if (op === 'in') {
    const list = value as string[]
    sql = list.length === 0 ? 'false' : `${lhs} IN (${list.map((v) => params.add(v)).join(', ')})`
  } else if (op === 'is') {
    sql = `${lhs} IS ${IS_VALUES[String(value).toLowerCase()] ?? 'NULL'}`
  } else if (TEXT_SEARCH[op]) {
    const config = modifier ? `${params.add(modifier)}::regconfig, ` : ''
    sql = `${lhs} @@ ${TEXT_SEARCH[op]}(${config}${params.add(String(value))}::text)`
  } else {
    const operator = COMPARISONS[op]
    if (!operator) throw parseError(`failed to parse filter (${op})`, `unknown operator "${op}"`)
    // PostgREST lets `*` stand for `%` so that patterns survive URL encoding untouched.
    const text =
      op === 'like' || op === 'ilike' ? String(value).replaceAll('*', '%') : String(value)
    sql = modifier
      ? `${lhs} ${operator} ${modifier.toUpperCase()}(${params.add(text)})`
      : `${lhs} ${operator} ${params.add(text)}`
  }
  return condition.negate ? `NOT (${sql})` : sql
}

/** One filter node (a condition or an and/or tree) as a boolean expression. */
export function filterSql(node: FilterNode, qualifier: string, params: Params): string {
  if (node.kind === 'condition') return conditionSql(node, qualifier, params)
  const joined = node.children
    .map((child) => filterSql(child, qualifier, params))
    .join(node.op === 'or' ? ' OR ' : ' AND ')
  return node.negate ? `NOT (${joined})` : `(${joined})`
}

/** `WHERE a AND b`, or '' with no filters. */
export function whereSql(filters: FilterNode[], qualifier: string, params: Params): string {
  if (filters.length === 0) return ''
  return `WHERE ${filters.map((node) => filterSql(node, qualifier, params)).join(' AND ')}`
}

export function orderSql(terms: OrderTerm[], qualifier: string, params: Params): string {
  if (terms.length === 0) return ''
  const parts = terms.map((term) => {
    let sql = fieldSql(qualifier, term.field, params)
    if (term.direction) sql += term.direction === 'desc' ? ' DESC' : ' ASC'
    if (term.nulls) sql += term.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST'
    return sql
  })
  return `ORDER BY ${parts.join(', ')}`
}
