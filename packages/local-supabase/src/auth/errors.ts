import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { header } from '../http/types.ts'

/** The API version supabase-js sends; responses that honour it echo it back. */
export const API_VERSION = '2024-01-01'

/** A GoTrue error with an HTTP status, an `error_code` and a message. */
export class AuthError extends Error {
  readonly status: number
  readonly code: string
  /** Extra top-level fields, e.g. `weak_password: { reasons }`. */
  readonly extra: Record<string, unknown>

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.extra = extra
  }
}

/** An OAuth2-style error (`/token`): always 400 `{ error, error_description }`, whatever the API version. */
export class OAuthError extends Error {
  readonly error: string

  constructor(error: string, description = '') {
    super(description)
    this.error = error
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message)
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message)
export const forbidden = (code: string, message: string) => new AuthError(403, code, message)
export const notFound = (code: string, message: string) => new AuthError(404, code, message)

/** True when the request asks for the 2024-01-01 error shape (GoTrue ignores unparsable versions). */
export function wantsVersionedErrors(request: ServiceRequest): boolean {
  const value = header(request, 'x-supabase-api-version')?.trim()
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return false
  return value >= API_VERSION
}

/** Renders an error in the shape the request asked for (wire contract §2.4). */
export function errorResponse(
  request: ServiceRequest,
  error: AuthError | OAuthError,
): ServiceResponse {
  const versioned = wantsVersionedErrors(request)
  const headers: Record<string, string> = versioned ? { 'x-supabase-api-version': API_VERSION } : {}
  if (error instanceof OAuthError) {
    const json: Record<string, string> = { error: error.error }
    if (error.message) json.error_description = error.message
    return { status: 400, headers, json }
  }
  headers['x-sb-error-code'] = error.code
  const json = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
  return { status: error.status, headers, json }
}
