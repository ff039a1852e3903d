import { jsonNestsTooDeep } from '../http/json.ts'
import { AuthError } from './errors.ts'
import type { ServiceRequest } from '../http/types.ts'

/** A parsed JSON request body. */
export type Params = Record<string, unknown>

const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON')

/** Parses the body as a JSON object, as GoTrue's `retrieveRequestParams` does (an empty body is an error). */
export function readParams(request: ServiceRequest): Params {
  const text = request.body.toString('utf8')
  // Refused before parsing: metadata this deep would overflow the stack when stored.
  if (jsonNestsTooDeep(text)) throw badJson()
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badJson()
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badJson()
  return value as Params
}

/** Like `readParams`, but an empty body reads as `{}` (endpoints whose body is optional). */
export function readOptionalParams(request: ServiceRequest): Params {
  return request.body.length === 0 ? {} : readParams(request)
}

/** A string field; missing or null reads as ''. Any other type is a JSON decoding error, as in Go. */
export function stringParam(params: Params, key: string): string {
  const value = params[key]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw badJson()
  return value
}

/** A string field that distinguishes "absent" (undefined) from "empty". */
export function optionalStringParam(params: Params, key: string): string | undefined {
  const value = params[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw badJson()
  return value
}

export function boolParam(params: Params, key: string): boolean {
  const value = params[key]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw badJson()
  return value
}

/** An object field (metadata); undefined when absent or null. */
export function objectParam(params: Params, key: string): Record<string, unknown> | undefined {
  const value = params[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson()
  return value as Record<string, unknown>
}
