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

/** The reader for each kind of body field, as the fields of GoTrue's params structs are typed. */
const FIELD_READERS = {
  string: stringParam,
  optionalString: optionalStringParam,
  bool: boolParam,
  object: objectParam,
}

/** How a body field is read: see the `*Param` reader of the same name. */
export type FieldKind = keyof typeof FIELD_READERS

/** What `readFields` returns for a shape: each field typed as its reader returns it. */
export type Fields<Shape extends Record<string, FieldKind>> = {
  [Key in keyof Shape]: ReturnType<(typeof FIELD_READERS)[Shape[Key]]>
}

/**
 * The named fields of a body, each read as its kind, in order: a handler's params struct.
 *
 * @example
 * const { email, nonce } = readFields(readParams(request), { email: 'optionalString', nonce: 'string' })
 */
export function readFields<const Shape extends Record<string, FieldKind>>(
  params: Params,
  shape: Shape,
): Fields<Shape> {
  const fields: Record<string, unknown> = {}
  for (const [key, kind] of Object.entries(shape)) fields[key] = FIELD_READERS[kind](params, key)
  return fields as Fields<Shape>
}
