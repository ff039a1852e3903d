import type { ServiceResponse } from '../http/types.ts'

/** PostgREST's error body: every field present, `null` when absent. */
export type RestErrorBody = {
  code: string
  message: string
  details: string | null
  hint: string | null
}

/** An error that already knows its HTTP answer; thrown anywhere in the REST service. */
export class RestError extends Error {
  readonly status: number
  readonly body: RestErrorBody
  readonly headers: Record<string, string>

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = status
    this.body = { code, message, details, hint }
    this.headers = headers
  }

  toResponse(): ServiceResponse {
    return { status: this.status, headers: this.headers, json: this.body }
  }
}

/** A query-string or header the PostgREST grammar refuses (`PGRST100`). */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

/** The fields PGlite's DatabaseError carries; only the ones we read. */
type PgError = Error & {
  code?: unknown
  detail?: unknown
  hint?: unknown
  severity?: unknown
}

/** True for an error raised by Postgres (it carries a five-character SQLSTATE). */
export function isPgError(error: unknown): error is PgError & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as PgError).code === 'string' &&
    typeof (error as PgError).severity === 'string'
  )
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

const STATUS_BY_CODE: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
  P0001: 400,
}

const STATUS_BY_CLASS: Record<string, number> = {
  '08': 503,
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503,
  '54': 500,
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
}

/** HTTP status for a SQLSTATE, following PostgREST's table (`Error.hs`); 400 for the rest. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  return STATUS_BY_CODE[code] ?? STATUS_BY_CLASS[code.slice(0, 2)] ?? 400
}

/**
 * `RAISE SQLSTATE 'PGRST'` lets a function choose the whole answer: the message is
 * the JSON error body and the detail a JSON `{status, headers}`.
 */
function fromPgrstRaise(error: PgError): ServiceResponse {
  try {
    const body = JSON.parse(String(error.message)) as Partial<RestErrorBody>
    const extra = JSON.parse(String(error.detail ?? '{}')) as {
      status?: number
      headers?: Record<string, string>
    }
    return {
      status: typeof extra.status === 'number' ? extra.status : 400,
      headers: extra.headers ?? {},
      json: {
        code: body.code ?? null,
        message: body.message ?? null,
        details: body.details ?? null,
        hint: body.hint ?? null,
      },
    }
  } catch {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      String(error.message),
    ).toResponse()
  }
}

/** Turns a Postgres error into PostgREST's answer: its code, message, detail and hint, and the mapped status. */
export function fromPgError(error: PgError & { code: string }, role: string): ServiceResponse {
  const { code } = error
  if (code === 'PGRST') return fromPgrstRaise(error)
  let status = statusForSqlState(code, role)
  const custom = /^PT([1-5][0-9][0-9])$/.exec(code)
  if (custom?.[1]) status = Number(custom[1])
  return {
    status,
    // PostgREST asks an anonymous caller to authenticate when a privilege check fails.
    headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {},
    json: {
      code,
      message: error.message,
      details: text(error.detail),
      hint: text(error.hint),
    },
  }
}
