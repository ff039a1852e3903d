import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { CONTENT_KEYS, CONTENT_SCHEMAS, type ContentKey } from './content-keys.ts'
import { parseDocument, type ContentIssue } from './parse-document.ts'

type Path = (string | number)[]

const RUNS_PER_KEY = 1_000
const HUGE = 'x'.repeat(200_000)
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  '//evil.example/path',
  '/\\evil.example',
  '__proto__',
  'constructor',
  '\u0000\u202e\ud800',
  '../../etc/passwd',
  '12',
  ' 7 ',
  '1e308',
  'NaN',
  '-0',
  'true',
  '',
  HUGE,
]

type Mutation =
  | { kind: 'delete' | 'null' | 'wrap' | 'stringify' | 'flip' }
  | { kind: 'set'; value: unknown }
  | { kind: 'transplant'; from: number }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom<Mutation>(
    { kind: 'delete' },
    { kind: 'null' },
    { kind: 'wrap' },
    { kind: 'stringify' },
    { kind: 'flip' },
  ),
  fc.record({ kind: fc.constant('set' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('set' as const), value: fc.constantFrom<unknown>(...HOSTILE) }),
  fc.record({
    kind: fc.constant('set' as const),
    value: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean()),
  }),
  fc.record({ kind: fc.constant('transplant' as const), from: fc.nat() }),
)

const plan = fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 4 })

function allPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix)
  if (Array.isArray(value)) value.forEach((item, i) => allPaths(item, [...prefix, i], out))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) allPaths(item, [...prefix, key], out)
  }
  return out
}

function getAt(root: unknown, path: Path): { found: boolean; value: unknown } {
  let node = root
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) {
      return { found: false, value: undefined }
    }
    node = (node as Record<string | number, unknown>)[segment]
  }
  return { found: true, value: node }
}

const DELETE = Symbol('delete')

/** Replaces the value at `path`, copying only the containers along the way (defaults are frozen). */
function updateAt(root: unknown, path: Path, change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(root)
  const [head, ...rest] = path as [string | number, ...Path]
  if (typeof root !== 'object' || root === null || !Object.hasOwn(root, head)) return root
  const child = (root as Record<string | number, unknown>)[head]
  const next = updateAt(child, rest, change)
  if (Array.isArray(root)) {
    const copy = [...root]
    if (next === DELETE) copy.splice(head as number, 1)
    else copy[head as number] = next
    return copy
  }
  const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) }
  if (next === DELETE) delete copy[head]
  else copy[head] = next
  return copy
}

function flip(value: unknown): unknown {
  if (typeof value === 'string') return value.length
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  if (Array.isArray(value)) return { ...value }
  if (typeof value === 'object' && value !== null) return Object.values(value)
  return {}
}

const PATHS = new Map<unknown, Path[]>()

function mutate(doc: unknown, steps: [number, Mutation][]): unknown {
  let paths = PATHS.get(doc)
  if (!paths) PATHS.set(doc, (paths = allPaths(doc)))
  let current = doc
  for (const [pick, step] of steps) {
    const path = paths[pick % paths.length] ?? []
    current = updateAt(current, path, (value) => {
      switch (step.kind) {
        case 'delete':
          return path.length === 0 ? undefined : DELETE
        case 'null':
          return null
        case 'wrap':
          return [value]
        case 'stringify':
          return typeof value === 'string' ? value : JSON.stringify(value)
        case 'flip':
          return flip(value)
        case 'set':
          return step.value
        case 'transplant':
          return getAt(doc, paths[step.from % paths.length] ?? []).value
      }
    })
  }
  return current
}

function checkRepaired(key: ContentKey, stored: unknown) {
  const schema = CONTENT_SCHEMAS[key]
  const issues: ContentIssue[] = []
  const value = parseDocument(key, stored, DEFAULT_CONTENT[key], (issue) => issues.push(issue))
  const strict = schema.safeParse(value)
  expect(strict.success).toBe(true)
  // Nothing left to strip: the result is exactly a document of the schema. (A strictly valid
  // result also means parsing it again finds nothing to report.)
  expect(JSON.stringify(strict.data)).toBe(JSON.stringify(value))
  const paths = issues.map((issue) => issue.path)
  expect(new Set(paths).size).toBe(paths.length)
  return { value, issues }
}

describe('parseDocument under random damage', () => {
  it.each(CONTENT_KEYS)(
    'should always return a strictly valid %s document and never throw',
    (key) => {
      fc.assert(
        fc.property(plan, (steps) => {
          checkRepaired(key, mutate(DEFAULT_CONTENT[key], steps))
        }),
        { numRuns: RUNS_PER_KEY },
      )
    },
    // The teams document (17 teams with rosters and schedules) takes the longest: about 25 s
    // alone, longer on a busy machine.
    120_000,
  )

  it.each(CONTENT_KEYS)('should survive replacement of %s by arbitrary JSON', (key) => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (stored) => {
        checkRepaired(key, stored)
      }),
      { numRuns: 100 },
    )
  })

  const lists = CONTENT_KEYS.filter((key) => Array.isArray(DEFAULT_CONTENT[key]))

  it.each(lists)('should keep every untouched %s element when one element is damaged', (key) => {
    const original = DEFAULT_CONTENT[key] as { id: string }[]
    const damage = fc.oneof(
      fc.constantFrom<Mutation>(
        { kind: 'delete' },
        { kind: 'null' },
        { kind: 'wrap' },
        { kind: 'flip' },
      ),
      fc.record({ kind: fc.constant('set' as const), value: fc.constantFrom<unknown>(...HOSTILE) }),
    )
    fc.assert(
      fc.property(fc.nat(), fc.nat(), damage, (target, pick, step) => {
        const index = target % original.length
        const inside = allPaths(original[index]).filter((path) => path.length > 0)
        const path = [index, ...(inside[pick % inside.length] ?? [])]
        const stored = updateAt(original, path, (value) => {
          if (step.kind === 'delete') return DELETE
          if (step.kind === 'null') return null
          if (step.kind === 'wrap') return [value]
          if (step.kind === 'flip') return flip(value)
          return step.kind === 'set' ? step.value : value
        })
        const { value, issues } = checkRepaired(key, stored)
        const ids = (value as { id: string }[]).map((item) => item.id)
        for (const [i, item] of original.entries()) {
          if (i !== index) expect(ids).toContain(item.id)
        }
        for (const issue of issues) expect(issue.segments[0]).toBe(index)
      }),
      { numRuns: 200 },
    )
  })
})
