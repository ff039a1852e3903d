/**
 * `postgres_changes` filters: `column=op.value` with the operators hosted Realtime
 * has long accepted (eq, neq, lt, lte, gt, gte, in). They are evaluated in SQL against
 * the changed row, with the value cast to the column's type, as Realtime does.
 */

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'

export type ChangeFilter = { column: string; op: FilterOperator; values: string[] }

const OPERATORS: Record<FilterOperator, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: 'in',
}

/** At most this many values in an `in` list: each becomes a bound parameter. */
const MAX_IN_VALUES = 100

export class FilterError extends Error {}

function isOperator(value: string): value is FilterOperator {
  return Object.hasOwn(OPERATORS, value)
}

/** Splits `a,"b,c",d` (the inside of `in.(…)`); double quotes protect commas. */
function splitList(inner: string): string[] {
  const values: string[] = []
  let current = ''
  let quoted = false
  for (const char of inner) {
    if (char === '"') quoted = !quoted
    else if (char === ',' && !quoted) {
      values.push(current.trim())
      current = ''
    } else current += char
  }
  if (quoted) throw new FilterError('unbalanced quotes in the `in` list')
  values.push(current.trim())
  return values
}

/** Parses a filter string; throws FilterError with a message for the join reply. */
export function parseFilter(filter: string): ChangeFilter {
  const eq = filter.indexOf('=')
  const dot = filter.indexOf('.', eq + 1)
  if (eq <= 0 || dot < 0)
    throw new FilterError(`invalid filter "${filter}": expected column=op.value`)
  const column = filter.slice(0, eq).trim()
  const op = filter.slice(eq + 1, dot)
  const value = filter.slice(dot + 1)
  if (!isOperator(op)) throw new FilterError(`invalid filter "${filter}": unknown operator "${op}"`)
  if (op !== 'in') return { column, op, values: [value] }
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw new FilterError(`invalid filter "${filter}": in needs a list such as in.(a,b)`)
  const values = splitList(value.slice(1, -1))
  if (values.length > MAX_IN_VALUES)
    throw new FilterError(`invalid filter "${filter}": more than ${MAX_IN_VALUES} values`)
  return { column, op, values }
}

/**
 * The SQL predicate for a filter on a column of type `sqlType`, with its values bound
 * from `$firstParam` on. Identifiers are quoted; values are parameters, cast to the type.
 */
export function filterSql(
  filter: ChangeFilter,
  sqlType: string,
  firstParam: number,
): { sql: string; params: string[] } {
  const column = `"${filter.column.replaceAll('"', '""')}"`
  const casts = filter.values.map((_, i) => `cast($${firstParam + i} as ${sqlType})`)
  const sql =
    filter.op === 'in'
      ? `${column} in (${casts.join(', ')})`
      : `${column} ${OPERATORS[filter.op]} ${casts[0]}`
  return { sql, params: filter.values }
}
