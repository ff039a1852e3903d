/** Status codes and headers PostgREST derives from a statement's result row. */
import type { ServiceResponse } from '../http/types.ts'
import { RestError } from './errors.ts'
import type { Accept, Prefer } from './request.ts'
import type { ResultRow } from './statements.ts'

export function toNumber(value: number | string | null): number | undefined {
  return value === null ? undefined : Number(value)
}

/** `.single()` on anything but one row; thrown inside the transaction so a mutation is rolled back. */
export function singleError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )
}

export function jsonHeaders(accept: Accept, prefer: Prefer): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': accept.object
      ? 'application/vnd.pgrst.object+json; charset=utf-8'
      : 'application/json; charset=utf-8',
  }
  if (prefer.applied.length > 0) headers['preference-applied'] = prefer.applied.join(', ')
  return headers
}

/** A read's answer: 200, 206 when a count shows rows were left out, 416 past the end. */
export function readResponse(
  row: ResultRow,
  offset: number,
  accept: Accept,
  prefer: Prefer,
): ServiceResponse {
  const page = toNumber(row.page) ?? 0
  const total = prefer.count ? toNumber(row.total) : undefined
  if (accept.object && page !== 1) throw singleError(page)
  if (total !== undefined && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    )
  }
  const headers = jsonHeaders(accept, prefer)
  const shownTotal = total === undefined ? '*' : String(total)
  headers['content-range'] =
    page > 0 ? `${offset}-${offset + page - 1}/${shownTotal}` : `*/${shownTotal}`
  const status = total !== undefined && page < total ? 206 : 200
  return { status, headers, body: row.body ?? undefined }
}
