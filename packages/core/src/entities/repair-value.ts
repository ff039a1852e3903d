import { z } from 'zod'

import type { PathSegment } from './format-path.ts'
import { holdsOverlong, isRecordLike, listLimit } from './overlong-lists.ts'
import { tolerance } from './tolerance.ts'

/**
 * Tolerant validation over zod schemas.
 *
 * A stored document is repaired at the smallest sensible grain instead of being rejected whole:
 * a bad array element or record entry drops out, a bad object field takes the fallback's value
 * (its "counterpart") or a declared neutral value, and only when nothing smaller works does the
 * enclosing item drop or the document fall back. The walk is driven by the schema's own
 * definition, so every content key gets the same behaviour without per-key code.
 *
 * Cost stays in proportion to what can be kept: a list is read no further than its limit (its
 * `.max()`, and never past the database's {@link MAX_LIST_ITEMS}), and neither a list nor a
 * record past a long run of junk ({@link JUNK_ALLOWANCE}); what lies beyond is dropped unread
 * and reported as one issue with a count.
 */

/**
 * What the repair did about one rejected value:
 * - `dropped`: an array element or record entry was removed;
 * - `defaulted`: the value was replaced by the fallback's counterpart (same field, or the
 *   element with the same `id`), or the whole document by the fallback;
 * - `neutral`: the value was replaced by the field's declared neutral value (e.g. `''`, `null`);
 * - `omitted`: an optional field was removed;
 * - `coerced`: a number stored as a string (or the reverse) was converted.
 */
export type RepairAction = 'dropped' | 'defaulted' | 'neutral' | 'omitted' | 'coerced'

/** One rejection found while repairing, relative to the repaired value's root. */
export interface RepairIssue {
  path: PathSegment[]
  action: RepairAction
  /** Short, value-free reason taken from the schema's first complaint. */
  reason: string
  /** How many items the issue stands for (items dropped unread past a limit); 1 when absent. */
  count?: number
}

/** The outcome of {@link repairValue}: always a value that the schema accepts. */
export interface RepairResult<T> {
  value: T
  issues: RepairIssue[]
  /** True when nothing of the input could be kept and the fallback was returned. */
  usedFallback: boolean
}

const NONE: unique symbol = Symbol('none')
type Counterpart = unknown

type Outcome = { ok: true; value: unknown; issues: RepairIssue[] } | { ok: false; reason: string }

/**
 * Repairs a container (object, array, record or union) part by part, once it failed whole:
 * `counterpart` is the fallback's value at the same place (or NONE), and `reason` why the
 * whole failed, the outcome's reason when nothing can be kept.
 */
type RepairContainer<Schema extends z.core.$ZodType> = (
  schema: Schema,
  input: unknown,
  counterpart: Counterpart,
  reason: string,
) => Outcome

const MAX_REASON = 160
const NUMERIC = /^\s*-?\d{1,15}(?:\.\d{1,15})?\s*$/

function own(value: unknown, key: string): unknown {
  return isRecordLike(value) && Object.hasOwn(value, key) ? value[key] : NONE
}

function reasonOf(error: z.ZodError): string {
  const first = error.issues[0]
  if (!first) return 'Invalid value'
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : ''
  return `${where}${first.message}`.slice(0, MAX_REASON)
}

function ok(value: unknown, issues: RepairIssue[] = []): Outcome {
  return { ok: true, value, issues }
}

function prefixed(issues: RepairIssue[], segment: PathSegment): RepairIssue[] {
  return issues.map((issue) => ({ ...issue, path: [segment, ...issue.path] }))
}

/** Finds the fallback element that shares the stored element's `id`. */
function counterpartIndex(fallback: Counterpart): Map<unknown, unknown> | undefined {
  if (!Array.isArray(fallback)) return undefined
  const byId = new Map<unknown, unknown>()
  for (const item of fallback) {
    const id = own(item, 'id')
    if (id !== NONE && !byId.has(id)) byId.set(id, item)
  }
  return byId
}

/** True when a container schema can walk `input` (an object for an object or record, a list). */
function walkable(schema: z.core.$ZodType, input: unknown): boolean {
  const type = schema._zod.def.type
  if (type === 'array') return Array.isArray(input)
  return (type === 'object' || type === 'record') && isRecordLike(input)
}

/**
 * Repairs one value. Whole-value validation comes first, since most stored values are valid;
 * `tryWhole` is false at the root of a document, where walking straight into the children does
 * the same work and avoids parsing a large, damaged document twice. A value holding an
 * over-long list is walked too: validating it whole would read the whole list only to fail.
 */
function repair(
  schema: z.core.$ZodType,
  input: unknown,
  counterpart: Counterpart,
  tryWhole = true,
): Outcome {
  let reason = 'Invalid value'
  if ((tryWhole || !walkable(schema, input)) && !holdsOverlong(schema, input)) {
    const direct = z.safeParse(schema, input)
    if (direct.success) return ok(direct.data)
    reason = reasonOf(direct.error)
  }
  const def = schema._zod.def

  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional': {
      const inner = (def as unknown as { innerType: z.core.$ZodType }).innerType
      return settle(schema, repair(inner, input, counterpart), reason)
    }
    case 'lazy': {
      const inner = (def as unknown as { getter: () => z.core.$ZodType }).getter()
      return settle(schema, repair(inner, input, counterpart), reason)
    }
    case 'number':
      if (typeof input === 'string' && NUMERIC.test(input)) {
        return coerced(schema, Number(input), reason)
      }
      return { ok: false, reason }
    case 'string':
      if (typeof input === 'number' && Number.isFinite(input)) {
        return coerced(schema, String(input), reason)
      }
      return { ok: false, reason }
    case 'object':
      return repairObject(schema as z.core.$ZodObject, input, counterpart, reason)
    case 'array':
      return repairArray(schema as z.core.$ZodArray, input, counterpart, reason)
    case 'record':
      return repairRecord(schema as z.core.$ZodRecord, input, counterpart, reason)
    case 'union':
      return repairUnion(schema as z.core.$ZodUnion, input, counterpart, reason)
    default:
      return { ok: false, reason }
  }
}

/** Re-checks a repaired inner value against the wrapper, which may add its own checks. */
function settle(schema: z.core.$ZodType, inner: Outcome, reason: string): Outcome {
  if (!inner.ok) return inner
  // A wrapper without checks of its own accepts whatever its (already valid) inner value is.
  if (!schema._zod.def.checks?.length) return inner
  const parsed = z.safeParse(schema, inner.value)
  return parsed.success ? ok(parsed.data, inner.issues) : { ok: false, reason }
}

const SHALLOW = new WeakMap<z.core.$ZodType, z.core.$ZodType>()

/**
 * The container with its children accepted as they are, so that its own checks (length,
 * uniqueness, cross-field rules) can run on repaired children without validating them again.
 */
function shallowTwin(schema: z.core.$ZodType): z.core.$ZodType {
  const cached = SHALLOW.get(schema)
  if (cached) return cached
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  const anything = z.unknown()
  let twinDef: z.core.$ZodTypeDef
  if (def.type === 'array') twinDef = { ...def, element: anything } as z.core.$ZodTypeDef
  else if (def.type === 'record') twinDef = { ...def, valueType: anything } as z.core.$ZodTypeDef
  else {
    const shape = (schema as z.core.$ZodObject)._zod.def.shape
    const loose = Object.fromEntries(Object.keys(shape).map((key) => [key, anything.optional()]))
    twinDef = { ...def, shape: loose } as z.core.$ZodTypeDef
  }
  const twin = z.clone(schema, twinDef)
  SHALLOW.set(schema, twin)
  return twin
}

/** Runs a container's own checks on a value assembled from repaired children. */
function checkContainer(schema: z.core.$ZodType, value: unknown, issues: RepairIssue[]): Outcome {
  if (!schema._zod.def.checks?.length) return ok(value, issues)
  const parsed = z.safeParse(shallowTwin(schema), value)
  return parsed.success ? ok(value, issues) : { ok: false, reason: reasonOf(parsed.error) }
}

function coerced(schema: z.core.$ZodType, value: unknown, reason: string): Outcome {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success) return { ok: false, reason }
  return ok(parsed.data, [{ path: [], action: 'coerced', reason }])
}

/** What to put in place of a field, element or entry whose own repair failed. */
function replacement(
  schema: z.core.$ZodType,
  counterpart: Counterpart,
): { value: unknown; action: RepairAction } | undefined {
  if (counterpart !== NONE) {
    const parsed = z.safeParse(schema, counterpart)
    if (parsed.success) return { value: parsed.data, action: 'defaulted' }
  }
  const neutral = tolerance(schema)?.neutral
  if (neutral) return { value: neutral.value, action: 'neutral' }
  if (z.safeParse(schema, undefined).success) return { value: undefined, action: 'omitted' }
  return undefined
}

const repairObject: RepairContainer<z.core.$ZodObject> = (schema, input, counterpart, reason) => {
  if (!isRecordLike(input)) return { ok: false, reason }
  const out: Record<string, unknown> = {}
  const issues: RepairIssue[] = []
  for (const [key, field] of Object.entries(schema._zod.def.shape)) {
    const fieldCounterpart = own(counterpart, key)
    const raw = Object.hasOwn(input, key) ? input[key] : undefined
    const result = repair(field, raw, fieldCounterpart)
    if (result.ok) {
      if (result.value !== undefined) out[key] = result.value
      issues.push(...prefixed(result.issues, key))
      continue
    }
    const instead = replacement(field, fieldCounterpart)
    if (!instead) return { ok: false, reason: `${key}: ${result.reason}`.slice(0, MAX_REASON) }
    if (instead.value !== undefined) out[key] = instead.value
    issues.push({ path: [key], action: instead.action, reason: result.reason })
  }
  return checkContainer(schema, out, issues)
}

interface KeptElement {
  index: number
  value: unknown
  issues: RepairIssue[]
}

/**
 * Unreadable items a list may hold beyond its readable ones before the rest is left unread: a
 * list that is mostly junk then costs time in proportion to what it holds of value.
 */
export const JUNK_ALLOWANCE = 50

/**
 * How far to read a list or record: no further than its limit, and no further once unreadable
 * items outnumber readable ones by {@link JUNK_ALLOWANCE}.
 */
function readingBudget(limit: number) {
  let kept = 0
  let dropped = 0
  return {
    keep: () => void kept++,
    drop: () => void dropped++,
    /** True while the item at `position` (0-based) should still be read. */
    goOn: (position: number) => position < limit && dropped <= kept + JUNK_ALLOWANCE,
    /** The one issue for the items left unread, from `position` on, if any are. */
    unread(path: PathSegment, position: number, total: number): RepairIssue | undefined {
      const count = total - position
      if (count <= 0) return undefined
      const why =
        position >= limit ? `past the limit of ${limit}` : 'after too many unreadable ones'
      return {
        path: [path],
        action: 'dropped',
        reason: `${count} ${count === 1 ? 'item' : 'items'} left unread ${why}`,
        count,
      }
    },
  }
}

const repairArray: RepairContainer<z.core.$ZodArray> = (schema, input, counterpart, reason) => {
  if (!Array.isArray(input)) return { ok: false, reason }
  const element = schema._zod.def.element
  const byId = counterpartIndex(counterpart)
  // Over-long lists keep their head rather than failing whole; the tail is not even read.
  const budget = readingBudget(listLimit(schema))
  let kept: KeptElement[] = []
  const dropped: RepairIssue[] = []
  let index = 0
  for (; index < input.length && budget.goOn(index); index++) {
    const raw: unknown = input[index]
    const id = own(raw, 'id')
    const elementCounterpart = byId && id !== NONE && byId.has(id) ? byId.get(id) : NONE
    const result = repair(element, raw, elementCounterpart)
    if (result.ok) {
      budget.keep()
      kept.push({ index, value: result.value, issues: prefixed(result.issues, index) })
    } else {
      budget.drop()
      dropped.push({ path: [index], action: 'dropped', reason: result.reason })
    }
  }
  const unread = budget.unread(index, index, input.length)
  if (unread) dropped.push(unread)
  kept = dedupe(schema, kept, dropped)
  // An element that was dropped reports only its drop, not what was wrong inside it.
  const issues = [...kept.flatMap((item) => item.issues), ...dropped].sort(
    (a, b) => (a.path[0] as number) - (b.path[0] as number),
  )
  return checkContainer(
    schema,
    kept.map((item) => item.value),
    issues,
  )
}

function dedupe(
  schema: z.core.$ZodType,
  kept: KeptElement[],
  dropped: RepairIssue[],
): KeptElement[] {
  const uniqueBy = tolerance(schema)?.uniqueBy
  if (!uniqueBy) return kept
  const seen = uniqueBy.map(() => new Set<unknown>())
  return kept.filter(({ index, value }) => {
    const keys = uniqueBy.map(({ key }) => key(value))
    const clash = keys.findIndex((key, i) => seen[i]?.has(key))
    if (clash >= 0) {
      const label = uniqueBy[clash]?.label ?? 'key'
      dropped.push({ path: [index], action: 'dropped', reason: `Duplicate ${label}` })
      return false
    }
    keys.forEach((key, i) => seen[i]?.add(key))
    return true
  })
}

const repairRecord: RepairContainer<z.core.$ZodRecord> = (schema, input, counterpart, reason) => {
  if (!isRecordLike(input)) return { ok: false, reason }
  const { keyType, valueType } = schema._zod.def
  const entryId = tolerance(schema)?.entryId
  const entries: [string, unknown][] = []
  const issues: RepairIssue[] = []
  const keys = Object.keys(input)
  // The database limits lists, not records (a record's size is bounded by the document's), so
  // a record is read to its end unless a run of junk stops it.
  const budget = readingBudget(Infinity)
  let position = 0
  for (; position < keys.length && budget.goOn(position); position++) {
    const key = keys[position] as string
    const keyCheck = z.safeParse(keyType, key)
    if (!keyCheck.success) {
      budget.drop()
      issues.push({ path: [key], action: 'dropped', reason: reasonOf(keyCheck.error) })
      continue
    }
    const result = repair(valueType, input[key], own(counterpart, key))
    if (!result.ok) {
      budget.drop()
      issues.push({ path: [key], action: 'dropped', reason: result.reason })
      continue
    }
    if (entryId && entryId(result.value) !== key) {
      budget.drop()
      issues.push({ path: [key], action: 'dropped', reason: 'Key does not match the id' })
      continue
    }
    budget.keep()
    entries.push([key, result.value])
    issues.push(...prefixed(result.issues, key))
  }
  const unread = budget.unread(keys[position] ?? '', position, keys.length)
  if (unread) issues.push(unread)
  // fromEntries defines own properties, so a stored "__proto__" key cannot reach the prototype.
  return checkContainer(schema, Object.fromEntries(entries), issues)
}

const repairUnion: RepairContainer<z.core.$ZodUnion> = (schema, input, counterpart, reason) => {
  const def = schema._zod.def as z.core.$ZodDiscriminatedUnionDef
  if (typeof def.discriminator === 'string') {
    // A discriminated union: repair against the one option the stored tag names.
    const tag = own(input, def.discriminator)
    const option = def.options.find((candidate) => {
      const tagSchema = (candidate as z.core.$ZodObject)._zod.def.shape?.[def.discriminator]
      return tagSchema !== undefined && z.safeParse(tagSchema, tag).success
    })
    if (!option) return { ok: false, reason }
    return settle(schema, repair(option, input, counterpart), reason)
  }
  for (const option of def.options) {
    const result = settle(schema, repair(option, input, counterpart), reason)
    if (result.ok) return result
  }
  return { ok: false, reason }
}

/**
 * Repairs `input` against `schema`, falling back to `fallback` for the parts (or the whole) that
 * cannot be kept. Never throws; the returned value always satisfies the schema, provided the
 * fallback does. Unknown fields are stripped. Issues carry paths relative to the input's root.
 */
export function repairValue<T>(schema: z.ZodType<T>, input: unknown, fallback: T): RepairResult<T> {
  const fallbackValue = (): T => {
    const parsed = schema.safeParse(fallback)
    return parsed.success ? parsed.data : fallback
  }
  try {
    const result = repair(schema, input, fallback, false)
    if (result.ok) return { value: result.value as T, issues: result.issues, usedFallback: false }
    return {
      value: fallbackValue(),
      issues: [{ path: [], action: 'defaulted', reason: result.reason }],
      usedFallback: true,
    }
  } catch (error) {
    // Zod does not throw for plain JSON, but a caller may hand us anything (getters, proxies).
    const reason = error instanceof Error ? error.message.slice(0, MAX_REASON) : 'Unreadable value'
    return {
      value: fallbackValue(),
      issues: [{ path: [], action: 'defaulted', reason }],
      usedFallback: true,
    }
  }
}
