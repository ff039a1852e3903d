/**
 * Whole statements. Each request is one SQL statement that returns a single row:
 * the counts the headers need and the response body, built as JSON by Postgres
 * (`json_agg`), as PostgREST does, so no rows are parsed and re-serialised in JS.
 */
import type { FilterNode, OrderTerm, SelectItem } from './grammar.ts'
import type { Relation } from './schema-cache.ts'
import { Params, ident, inPublic, orderSql, selectSql, whereSql } from './sql.ts'

/** How the body is built: an array, one object (`.single()`), or none (HEAD, `return=minimal`). */
export type BodyShape = 'array' | 'object' | 'none'

/** The single row every statement returns. */
export type ResultRow = {
  total: number | string | null
  page: number | string
  inserted: number | string | null
  body: string | null
}

export type Statement = { sql: string; params: Params }

function bodySql(shape: BodyShape, stripNulls: boolean, rows: string): string {
  if (shape === 'none') return 'NULL::text'
  const agg = stripNulls ? `json_strip_nulls(json_agg(${rows}))` : `json_agg(${rows})`
  return shape === 'object' ? `(${agg} -> 0)::text` : `coalesce(${agg}, '[]')::text`
}

export type ReadPlan = {
  /** A `WITH …` prefix the source refers to, or ''. */
  with: string
  /** What is read, e.g. `"public"."t"` or `pgrst_source AS "fn"`. */
  from: string
  /** How columns are qualified: the relation's quoted name. */
  qualifier: string
  select: SelectItem[]
  filters: FilterNode[]
  order: OrderTerm[]
  offset: number
  limit: number | undefined
  count: boolean
  shape: BodyShape
  stripNulls: boolean
}

/** A filtered, ordered, windowed read with an optional exact count of the filtered rows. */
export function readStatement(plan: ReadPlan, params = new Params()): Statement {
  const where = whereSql(plan.filters, plan.qualifier, params)
  const list = selectSql(plan.select, plan.qualifier, params)
  const order = orderSql(plan.order, plan.qualifier, params)
  const limit = plan.limit === undefined ? '' : ` LIMIT ${params.add(String(plan.limit))}`
  const offset = plan.offset > 0 ? ` OFFSET ${params.add(String(plan.offset))}` : ''
  const total = plan.count ? `(SELECT count(*) FROM ${plan.from} ${where})` : 'NULL'
  const sql =
    `${plan.with}SELECT ${total}::int8 AS total, count(*)::int8 AS page, NULL::int8 AS inserted, ` +
    `${bodySql(plan.shape, plan.stripNulls, 'pgrst_rows')} AS body ` +
    `FROM (SELECT ${list} FROM ${plan.from} ${where} ${order}${limit}${offset}) pgrst_rows`
  return { sql, params }
}

/** What a mutation hands back: nothing but a count, or the rows through a select list. */
export type Returning = {
  shape: BodyShape
  stripNulls: boolean
  select: SelectItem[]
  /** Count upserted rows that were inserted (not updated), for 201 versus 200. */
  countInserted: boolean
}

/**
 * Wraps a data-modifying statement (without RETURNING) so that it returns the
 * standard result row. The affected rows come back as whole rows of the relation
 * and go through the same select list as a read. With no body wanted it returns
 * only `1`, so an insert needs no SELECT policy, as with PostgREST's return=minimal.
 */
export function mutationStatement(
  relation: Relation,
  dml: string,
  returning: Returning,
  params: Params,
): Statement {
  const qualifier = ident(relation.name)
  const table = inPublic(relation.name)
  const wantsRows = returning.shape !== 'none'
  // Views have no xmax; every row they return is counted as inserted.
  const inserted = returning.countInserted && (relation.kind === 'r' || relation.kind === 'p')
  const columns = [
    wantsRows ? `ROW(${qualifier}.*)::${table} AS pgrst_row` : '1 AS pgrst_one',
    inserted ? `(xmax = 0) AS pgrst_inserted` : null,
  ].filter((c): c is string => c !== null)
  const body = wantsRows
    ? `(SELECT ${bodySql(returning.shape, returning.stripNulls, 'pgrst_rows')} FROM (SELECT ${selectSql(
        returning.select,
        qualifier,
        params,
      )} FROM (SELECT (pgrst_source.pgrst_row).* FROM pgrst_source) AS ${qualifier}) pgrst_rows)`
    : 'NULL::text'
  const sql =
    `WITH pgrst_source AS (${dml} RETURNING ${columns.join(', ')}) ` +
    `SELECT NULL::int8 AS total, (SELECT count(*) FROM pgrst_source)::int8 AS page, ` +
    `${inserted ? '(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::int8' : 'NULL::int8'} AS inserted, ` +
    `${body} AS body`
  return { sql, params }
}
