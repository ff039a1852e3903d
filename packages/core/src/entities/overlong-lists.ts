import type { z } from 'zod'

import { MAX_LIST_ITEMS } from './document-limits.ts'

/*
 * Lists longer than their limit, found before validating a value whole: the repair walk
 * (repair-value.ts) reads such a list no further than its limit instead.
 */

/** True for a plain object (not null, not a list). */
export function isRecordLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** How many items of a list (or entries of a record) are read: its `.max()`, within the database's. */
export function listLimit(schema: z.core.$ZodType): number {
  return Math.min(maxLength(schema) ?? MAX_LIST_ITEMS, MAX_LIST_ITEMS)
}

const OVERLONG = new WeakMap<z.core.$ZodType, WeakMap<object, boolean>>()

/**
 * True when `input` holds, at any depth the schema describes, a list longer than its limit. Validating such a value whole would read every item of that list just to fail, so
 * repair walks it instead. Remembered per schema and value, so each node is looked at once.
 */
export function holdsOverlong(schema: z.core.$ZodType, input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false
  let seen = OVERLONG.get(schema)
  if (!seen) OVERLONG.set(schema, (seen = new WeakMap()))
  const known = seen.get(input)
  if (known !== undefined) return known
  // Set first: a value reached again through itself (it cannot be, in JSON) ends the walk.
  seen.set(input, false)
  const result = scanOverlong(schema, input)
  seen.set(input, result)
  return result
}

function scanOverlong(schema: z.core.$ZodType, input: object): boolean {
  const def = schema._zod.def
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return holdsOverlong((def as unknown as { innerType: z.core.$ZodType }).innerType, input)
    case 'lazy':
      return holdsOverlong((def as unknown as { getter: () => z.core.$ZodType }).getter(), input)
    case 'array': {
      if (!Array.isArray(input)) return false
      const limit = listLimit(schema)
      if (input.length > limit) return true
      const element = (schema as z.core.$ZodArray)._zod.def.element
      return input.some((item) => holdsOverlong(element, item))
    }
    case 'record': {
      if (!isRecordLike(input)) return false
      const valueType = (schema as z.core.$ZodRecord)._zod.def.valueType
      return Object.keys(input).some((key) => holdsOverlong(valueType, input[key]))
    }
    case 'object': {
      if (!isRecordLike(input)) return false
      const shape = (schema as z.core.$ZodObject)._zod.def.shape
      return Object.entries(shape).some(
        ([key, field]) => Object.hasOwn(input, key) && holdsOverlong(field, input[key]),
      )
    }
    case 'union':
      return (schema as z.core.$ZodUnion)._zod.def.options.some((option) =>
        holdsOverlong(option, input),
      )
    default:
      return false
  }
}

/** The `.max()` of an array schema, if it has one. */
function maxLength(schema: z.core.$ZodType): number | undefined {
  let maximum: number | undefined
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check?: string; maximum?: unknown }
    if (def.check === 'max_length' && typeof def.maximum === 'number') {
      maximum = Math.min(maximum ?? Infinity, def.maximum)
    }
  }
  return maximum
}
