/**
 * Three-way merge of JSON documents: what an editor started from (`base`), what they made of
 * it (`mine`) and what is stored now (`theirs`). A change made on one side only is taken;
 * the same change on both sides is taken once; a field changed differently on both sides is
 * a conflict for the editor to settle. Objects merge field by field; lists whose items all
 * carry a unique `id` merge item by item (added, removed, edited and moved items of both
 * sides), other lists of the same length position by position, and any other list whole.
 *
 * Nothing is dropped by the merge itself: an item one side removed and the other edited is
 * kept (and reported), so the editor decides whether it goes.
 */

/** Where a value sits inside a document: object keys and list positions. */
export type MergePath = readonly (string | number)[]

/**
 * One field both sides changed differently. `path` addresses it in the merged document;
 * `undefined` for `mine` or `theirs` means that side removed it.
 */
export type FieldConflict = {
  path: MergePath
  base: unknown
  mine: unknown
  theirs: unknown
}

/**
 * The merged document: `mine` at every conflict (an item one side removed and the other
 * edited is kept, edited), everything else of both sides.
 */
export type MergeResult = { value: unknown; conflicts: FieldConflict[] }

/** How one conflict is settled: either side, or a value the editor wrote. */
export type ConflictChoice =
  { take: 'mine' } | { take: 'theirs' } | { take: 'value'; value: unknown }

const ABSENT = Symbol('absent')
type Slot = unknown

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The value as JSON would store it (undefined fields dropped), so equality is plain. */
function asJson(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Json)
}

function isRecord(value: Slot): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function equal(a: Slot, b: Slot): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => equal(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key]))
  )
}

const idOf = (item: unknown): string | undefined => {
  if (!isRecord(item)) return undefined
  const id = item.id
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined
}

/** The ids of a list whose items all have a unique one, else undefined. */
function idsOf(list: readonly unknown[]): string[] | undefined {
  const ids: string[] = []
  const seen = new Set<string>()
  for (const item of list) {
    const id = idOf(item)
    if (id === undefined || seen.has(id)) return undefined
    seen.add(id)
    ids.push(id)
  }
  return ids
}

const outside = (slot: Slot) => (slot === ABSENT ? undefined : slot)

function merge(
  base: Slot,
  mine: Slot,
  theirs: Slot,
  path: MergePath,
  conflicts: FieldConflict[],
): Slot {
  if (equal(mine, theirs)) return mine
  if (equal(base, mine)) return theirs
  if (equal(base, theirs)) return mine
  if (isRecord(mine) && isRecord(theirs)) {
    return mergeRecords(isRecord(base) ? base : {}, mine, theirs, path, conflicts)
  }
  if (Array.isArray(mine) && Array.isArray(theirs)) {
    const from = Array.isArray(base) ? base : []
    const merged = mergeLists(from, mine, theirs, path, conflicts)
    if (merged !== ABSENT) return merged
  }
  if (mine === ABSENT || theirs === ABSENT) {
    // Removed on one side, changed on the other: kept as changed, for the editor to decide.
    conflicts.push({ path, base: outside(base), mine: outside(mine), theirs: outside(theirs) })
    return mine === ABSENT ? theirs : mine
  }
  conflicts.push({ path, base: outside(base), mine, theirs })
  return mine
}

function mergeRecords(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  path: MergePath,
  conflicts: FieldConflict[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  const keys = [...Object.keys(mine)]
  for (const key of Object.keys(theirs)) if (!Object.hasOwn(mine, key)) keys.push(key)
  for (const key of Object.keys(base)) if (!keys.includes(key)) keys.push(key)
  for (const key of keys) {
    const slot = (record: Record<string, unknown>): Slot =>
      Object.hasOwn(record, key) ? record[key] : ABSENT
    const merged = merge(slot(base), slot(mine), slot(theirs), [...path, key], conflicts)
    if (merged !== ABSENT) result[key] = merged
  }
  return result
}

/** Whether `side` put the ids it shares with `base` in another order. */
function reordered(baseIds: readonly string[], sideIds: readonly string[]): boolean {
  const inSide = new Set(sideIds)
  const shared = new Set(baseIds.filter((id) => inSide.has(id)))
  const a = baseIds.filter((id) => shared.has(id))
  const b = sideIds.filter((id) => shared.has(id))
  return a.some((id, index) => id !== b[index])
}

/** The merged order: `lead`'s order, with the items only `other` has after their neighbour there. */
function orderOf(kept: ReadonlySet<string>, lead: readonly string[], other: readonly string[]) {
  const order = lead.filter((id) => kept.has(id))
  let after = -1
  for (const id of other) {
    if (!kept.has(id)) continue
    const at = order.indexOf(id)
    if (at >= 0) {
      after = at
      continue
    }
    order.splice(after + 1, 0, id)
    after += 1
  }
  for (const id of kept) if (!order.includes(id)) order.push(id)
  return order
}

function mergeLists(
  base: readonly unknown[],
  mine: readonly unknown[],
  theirs: readonly unknown[],
  path: MergePath,
  conflicts: FieldConflict[],
): Slot {
  const baseIds = idsOf(base)
  const mineIds = idsOf(mine)
  const theirIds = idsOf(theirs)
  if (!baseIds || !mineIds || !theirIds) {
    if (base.length !== mine.length || base.length !== theirs.length) return ABSENT
    return mine.map((item, index) =>
      merge(base[index], item, theirs[index], [...path, index], conflicts),
    )
  }
  const byId = (list: readonly unknown[], ids: readonly string[]) =>
    new Map(ids.map((id, index) => [id, list[index]]))
  const baseItems = byId(base, baseIds)
  const mineItems = byId(mine, mineIds)
  const theirItems = byId(theirs, theirIds)
  const slot = (items: Map<string, unknown>, id: string): Slot =>
    items.has(id) ? items.get(id) : ABSENT

  // Which items stay: present on both sides, added on one, or removed on one and edited on
  // the other (kept, and reported when merged below).
  const kept = new Set<string>()
  for (const id of new Set([...mineIds, ...theirIds])) {
    const b = slot(baseItems, id)
    const m = slot(mineItems, id)
    const t = slot(theirItems, id)
    if (m !== ABSENT && t !== ABSENT) kept.add(id)
    else if (b === ABSENT) kept.add(id)
    else if (m === ABSENT && !equal(b, t)) kept.add(id)
    else if (t === ABSENT && !equal(b, m)) kept.add(id)
  }
  const theirsMoved = reordered(baseIds, theirIds) && !reordered(baseIds, mineIds)
  const order = theirsMoved ? orderOf(kept, theirIds, mineIds) : orderOf(kept, mineIds, theirIds)
  return order.map((id, index) =>
    merge(
      slot(baseItems, id),
      slot(mineItems, id),
      slot(theirItems, id),
      [...path, index],
      conflicts,
    ),
  )
}

/**
 * Merges `mine` and `theirs`, both made from `base`.
 *
 * @example
 * mergeThreeWay({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 })
 * // { value: { a: 2, b: 3 }, conflicts: [] }
 * mergeThreeWay({ t: 'x' }, { t: 'mine' }, { t: 'theirs' }).conflicts
 * // [{ path: ['t'], base: 'x', mine: 'mine', theirs: 'theirs' }]
 */
export function mergeThreeWay(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const conflicts: FieldConflict[] = []
  const value = merge(asJson(base), asJson(mine), asJson(theirs), [], conflicts)
  return { value: value === ABSENT ? undefined : value, conflicts }
}

function removeAt(document: unknown, path: MergePath): unknown {
  if (path.length === 0) return undefined
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(document)) {
    if (typeof head !== 'number') return document
    if (rest.length === 0) return document.filter((_, index) => index !== head)
    return document.map((item, index) => (index === head ? removeAt(item, rest) : item))
  }
  if (!isRecord(document)) return document
  const key = String(head)
  if (!Object.hasOwn(document, key)) return document
  if (rest.length === 0) {
    const { [key]: _removed, ...others } = document
    return others
  }
  return { ...document, [key]: removeAt(document[key], rest) }
}

function setAt(document: unknown, path: MergePath, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(document) && typeof head === 'number') {
    return document.map((item, index) => (index === head ? setAt(item, rest, value) : item))
  }
  const key = String(head)
  if (key === '__proto__') return document
  const record = isRecord(document) ? document : {}
  return { ...record, [key]: setAt(record[key], rest, value) }
}

/**
 * The merged document with each conflict settled by its choice (the same order as
 * `result.conflicts`; a missing choice keeps mine). Choosing a side that removed a field or
 * item removes it.
 *
 * @example
 * const result = mergeThreeWay(base, mine, theirs)
 * settleConflicts(result, result.conflicts.map(() => ({ take: 'theirs' })))
 */
export function settleConflicts(result: MergeResult, choices: readonly ConflictChoice[]): unknown {
  let document = result.value
  const removals: MergePath[] = []
  result.conflicts.forEach((conflict, index) => {
    const choice = choices[index] ?? { take: 'mine' }
    const value =
      choice.take === 'mine'
        ? conflict.mine
        : choice.take === 'theirs'
          ? conflict.theirs
          : asJson(choice.value)
    if (value === undefined) removals.push(conflict.path)
    else document = setAt(document, conflict.path, value)
  })
  // Last position first, so earlier removals do not shift later paths.
  removals.sort((a, b) => compareDesc(a, b))
  for (const path of removals) document = removeAt(document, path)
  return document
}

function compareDesc(a: MergePath, b: MergePath): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index]
    const y = b[index]
    if (x === y) continue
    if (typeof x === 'number' && typeof y === 'number') return y - x
    return String(y).localeCompare(String(x))
  }
  return b.length - a.length
}
