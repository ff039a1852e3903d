import type { z } from 'zod'

/**
 * What a schema refuses in a value, in the schema's own words, by the path of each refused
 * part: `'title'`, `'content.3.text'`, `''` for the value itself. Only the first problem of each
 * path is kept. The limits and their messages live on the schemas (entities/), so a form reads
 * "Keep the title to 300 characters." from the same place the store checks the limit.
 */
export type SchemaErrors = Readonly<Record<string, string>>

/** The key {@link schemaErrors} gives a path: its segments joined with dots. */
export const pathKey = (...segments: readonly PropertyKey[]): string =>
  segments.map(String).join('.')

/** Which problems to report: all by default, or only those of these kinds (`too_big`: limits). */
export type SchemaErrorOptions = { only?: readonly z.core.$ZodIssue['code'][] }

/**
 * Runs `schema` on `value` and gives its problems by path (see {@link SchemaErrors}); empty
 * when the value can be stored. Validators read the paths of the fields whose limits the
 * schema holds, and keep their own rules (required fields, formats, duplicates).
 *
 * @example
 * schemaErrors(alertSchema, { ...alert, title: 'x'.repeat(301) }).title
 * // 'Keep the title to 300 characters.'
 */
export function schemaErrors(
  schema: z.ZodType,
  value: unknown,
  options: SchemaErrorOptions = {},
): SchemaErrors {
  const parsed = schema.safeParse(value)
  if (parsed.success) return {}
  const found: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    if (options.only && !options.only.includes(issue.code)) continue
    const key = pathKey(...issue.path)
    found[key] ??= issue.message
  }
  return found
}

/**
 * The first problem `schema` finds in `value` itself (not in its parts), or undefined: what a
 * one-field schema says of a typed value.
 *
 * @example
 * schemaError(playerSchema.shape.name, 'x'.repeat(301)) // 'Keep the name to 300 characters.'
 */
export function schemaError(
  schema: z.ZodType,
  value: unknown,
  options: SchemaErrorOptions = {},
): string | undefined {
  return schemaErrors(schema, value, options)['']
}
