import { createRequire } from 'node:module'

import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'

import { prerenderSitePage, prerenderToString } from '../../test-utils/prerender-site.tsx'
import type { z } from 'zod'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { EditableText } from '../editing/editable.tsx'
import { EditingContext } from '../editing/editing-context.ts'
import { documentSchema, isDocumentKey } from '../entities/content-keys.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import type { DocumentPath, PathStep } from '../entities/document-path.ts'
import { setSanitizerWindow } from '../html/sanitize.ts'
import { PUBLIC_ROUTES } from './route-registry.ts'

/*
 * tsc checks the paths written as literals (see entities/document-path.ts); this checks every
 * path, literal or built at run time, as pages actually render it in edit mode: each
 * `data-edit-path` must name a place the key's schema keeps. A path the schema does not know
 * would save a field that the next parse strips, and the edit would be lost without a word.
 */

type SanitizerWindow = Parameters<typeof setSanitizerWindow>[0]
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: SanitizerWindow & { document: Document } }
}
beforeAll(() => setSanitizerWindow(new JSDOM('').window))

type Schema = z.core.$ZodType
type Def = { type: string } & Record<string, unknown>

const defOf = (schema: Schema) => schema._zod.def as unknown as Def

/** The schema itself, without the wrappers that do not change where values are kept. */
function unwrap(schema: Schema): Schema[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
      return unwrap(def.innerType as Schema)
    case 'lazy':
      return unwrap((def.getter as () => Schema)())
    case 'pipe':
      return unwrap(def.out as Schema)
    case 'union':
      return (def.options as Schema[]).flatMap(unwrap)
    default:
      return [schema]
  }
}

/** The schemas a step leads to from `schema` (none: the schema keeps nothing there). */
function step(schema: Schema, at: PathStep): Schema[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'object': {
      const field = typeof at === 'string' ? (def.shape as Record<string, Schema>)[at] : undefined
      return field && Object.hasOwn(def.shape as object, at) ? unwrap(field) : []
    }
    case 'array':
      return Number.isInteger(at) && (at as number) >= 0 ? unwrap(def.element as Schema) : []
    case 'record':
      return typeof at === 'string' ? unwrap(def.valueType as Schema) : []
    default:
      return []
  }
}

const LEAVES = new Set(['string', 'number', 'boolean', 'enum', 'literal'])

/** What each kind of editable value must be in the schema. */
const KIND_FITS: Record<string, (type: string) => boolean> = {
  text: (type) => LEAVES.has(type),
  html: (type) => type === 'string',
  htmlList: (type) => type === 'array',
  image: (type) => type === 'string',
  link: (type) => type === 'string' || type === 'object',
  list: (type) => type === 'array' || type === 'record',
  panel: (type) => type === 'object' || type === 'record',
}

/** Why a rendered edit target does not resolve to a schema place of its kind, or null. */
function problemOf(key: string, rawPath: string, kind: string): string | null {
  if (!isDocumentKey(key)) return `${key} is not a content key`
  let path: unknown
  try {
    path = JSON.parse(rawPath)
  } catch {
    return `${rawPath} is not JSON`
  }
  if (!Array.isArray(path)) return `${rawPath} is not a list`
  let schemas = unwrap(documentSchema(key) as Schema)
  for (const at of path as PathStep[]) {
    schemas = schemas.flatMap((schema) => step(schema, at))
    if (schemas.length === 0)
      return `${key} ${rawPath}: the schema keeps nothing at ${JSON.stringify(at)}`
  }
  const fits = KIND_FITS[kind]
  if (!fits) return `${key} ${rawPath}: unknown kind ${kind}`
  const types = schemas.map((schema) => defOf(schema).type)
  return types.some(fits) ? null : `${key} ${rawPath}: a ${kind} over ${types.join(' | ')}`
}

type Target = { key: string; path: string; kind: string }

/** Every `data-edit-*` target in the HTML. */
function targetsIn(html: string): Target[] {
  const { document } = new JSDOM(html).window
  return [...document.querySelectorAll('[data-edit-path]')].map((element) => ({
    key: element.getAttribute('data-edit-key') ?? '',
    path: element.getAttribute('data-edit-path') ?? '',
    kind: element.getAttribute('data-edit-kind') ?? '',
  }))
}

const problemsIn = (html: string) =>
  targetsIn(html)
    .map((target) => problemOf(target.key, target.path, target.kind))
    .filter((problem) => problem !== null)

function render(node: ReactNode): Promise<string> {
  return prerenderToString(inEditMode(node))
}

function inEditMode(node: ReactNode) {
  return <EditingContext.Provider value={{ isEditing: true }}>{node}</EditingContext.Provider>
}

/** The page at `path`, with the sample documents, as staff see it in edit mode (no editors). */
async function renderPage(path: string, documents: ContentDocuments): Promise<string> {
  return (await prerenderSitePage(path, documents, inEditMode)).html
}

/** Routes that show no stored field (none now: /contact shows the club's contact details). */
const NOTHING_EDITABLE = new Set<string>()

describe('every edit path on every page', () => {
  it.each(PUBLIC_ROUTES.map((route) => route.id))(
    'should resolve to a place the schema keeps on route %s',
    async (id) => {
      const route = PUBLIC_ROUTES.find((candidate) => candidate.id === id)!
      const documents = structuredClone(DEFAULT_CONTENT) as ContentDocuments
      const listed = route.list ? route.list(documents) : [route.pattern]
      expect(listed.length).toBeGreaterThan(0)
      for (const path of listed) {
        const html = await renderPage(path, documents)
        const targets = targetsIn(html)
        // The page renders in edit mode: its stored fields are marked.
        if (!NOTHING_EDITABLE.has(id)) expect(targets.length, path).toBeGreaterThan(0)
        else expect(targets, path).toEqual([])
        expect(problemsIn(html), path).toEqual([])
      }
    },
  )

  it('should refuse a path the schema does not keep, and one of the wrong kind', async () => {
    // What a typo in a page would render (tsc refuses it as a literal, so it is forced here).
    const bogus = ['hero', 'titel'] as unknown as DocumentPath<'content'>
    const html = await render(
      <>
        <EditableText contentKey="content" path={bogus} value="Welcome" />
        <EditableText contentKey="content" path={['hero']} value="Welcome" />
        <EditableText contentKey="content" path={['hero', 'title']} value="Welcome" />
      </>,
    )
    expect(targetsIn(html)).toHaveLength(3)
    expect(problemsIn(html)).toEqual([
      'content ["hero","titel"]: the schema keeps nothing at "titel"',
      'content ["hero"]: a text over object',
    ])
    expect(problemOf('teams', '["select-13u","roster",0,"name"]', 'text')).toBeNull()
    expect(problemOf('teams', '["select-13u","roster","x","name"]', 'text')).toMatch(/nothing/)
    expect(problemOf('newsPosts', '[0,"content",0,"text"]', 'text')).toBeNull()
    expect(problemOf('alert', '[]', 'list')).toMatch(/not a content key/)
  })
})
