import { z } from 'zod'

/*
 * What a schema declares for its repair (repair-value.ts): a neutral value for a field, the keys
 * a list's elements are unique by, the id a record's entries are keyed by. Schemas are built
 * with these helpers; the repair walk reads what they registered with `tolerance`.
 */

/** What a schema declares for its repair. */
interface Tolerance {
  neutral?: { value: unknown }
  uniqueBy?: { label: string; key: (item: unknown) => unknown }[]
  entryId?: (value: unknown) => unknown
}

const TOLERANCE = new WeakMap<z.core.$ZodType, Tolerance>()

/** What `schema` declared for its repair, if anything. */
export function tolerance(schema: z.core.$ZodType): Tolerance | undefined {
  return TOLERANCE.get(schema)
}

/**
 * Gives a field a neutral value to use when the stored one is malformed and the fallback has no
 * counterpart, so that (say) a bad caption clears the caption rather than dropping the image.
 * Use it only where the neutral value is honest ("no caption", "weight unknown"), never to invent
 * data.
 */
export function withNeutral<T extends z.ZodType>(schema: T, value: z.output<T>): T {
  // A fresh instance, so that a shared base schema does not inherit this field's neutral value.
  const copy = schema.clone()
  const parsed = copy.safeParse(value)
  if (!parsed.success) throw new Error('withNeutral: the neutral value must satisfy the schema')
  TOLERANCE.set(copy, { ...tolerance(schema), neutral: { value: parsed.data } })
  return copy
}

/**
 * An array of at most `max` elements that must be unique by each of the given keys (e.g. `id`).
 * Strict validation rejects duplicates; repair keeps the first element and drops later ones.
 * Register-style helpers must be the outermost call: zod methods return new instances, which
 * would not carry the registration.
 */
export function uniqueArray<T extends z.ZodType>(
  element: T,
  keys: Record<string, (item: z.output<T>) => unknown>,
  max: number,
  /** What a form says of more than `max` elements, given how many there are. */
  tooMany?: string | ((count: number) => string),
) {
  const uniqueBy = Object.entries(keys).map(([label, key]) => ({
    label,
    key: key as (item: unknown) => unknown,
  }))
  const schema = z
    .array(element)
    .max(
      max,
      tooMany === undefined
        ? undefined
        : {
            error: (issue) =>
              typeof tooMany === 'string'
                ? tooMany
                : tooMany(Array.isArray(issue.input) ? issue.input.length : max + 1),
          },
    )
    .superRefine((items, ctx) => {
      for (const { label, key } of uniqueBy) {
        const seen = new Set<unknown>()
        items.forEach((item, index) => {
          const value = key(item)
          if (seen.has(value)) {
            ctx.addIssue({ code: 'custom', message: `Duplicate ${label}`, path: [index] })
          }
          seen.add(value)
        })
      }
    })
  TOLERANCE.set(schema, { uniqueBy })
  return schema
}

/**
 * A record whose keys must equal an id held in each value (e.g. teams keyed by team id).
 * Repair drops an entry whose key and id disagree.
 */
export function keyedRecord<K extends z.ZodString, V extends z.ZodType>(
  keySchema: K,
  valueSchema: V,
  idOf: (value: z.output<V>) => unknown,
) {
  const schema = z.record(keySchema, valueSchema).superRefine((record, ctx) => {
    for (const [key, value] of Object.entries(record)) {
      if (idOf(value as z.output<V>) !== key) {
        ctx.addIssue({ code: 'custom', message: 'Key does not match the id', path: [key] })
      }
    }
  })
  TOLERANCE.set(schema, { entryId: idOf as (value: unknown) => unknown })
  return schema
}
