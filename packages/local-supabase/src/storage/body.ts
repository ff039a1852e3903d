import { MAX_JSON_DEPTH, jsonNestsTooDeep } from '../http/json.ts'
import type { ServiceRequest } from '../http/types.ts'
import { errors } from './errors.ts'

/** A request's JSON object body; an empty body reads as `{}`. */
export function jsonBody(request: ServiceRequest): Record<string, unknown> {
  if (request.body.length === 0) return {}
  const text = request.body.toString('utf8')
  if (jsonNestsTooDeep(text)) {
    throw errors.invalidRequest(`Body nests deeper than ${MAX_JSON_DEPTH} levels`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw errors.invalidRequest('Body is not valid JSON')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.invalidRequest('body must be object')
  }
  return value as Record<string, unknown>
}

/** A required non-empty string property, or a fastify-style validation error. */
export function requiredString(body: Record<string, unknown>, key: string): string {
  const value = body[key]
  if (typeof value !== 'string' || value === '') {
    throw errors.invalidRequest(`body must have required property '${key}'`)
  }
  return value
}

/** An optional string property. */
export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw errors.invalidRequest(`body/${key} must be string`)
  return value
}

/** An optional integer, with a default, from a body property or a query parameter. */
export function optionalInteger(value: unknown, key: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    throw errors.invalidRequest(`${key} must be integer`)
  }
  return number
}
