import type { LimitProblem } from '../entities/document-limits.ts'
import type { RestGet } from '../backend/public-read-client.ts'
import { documentsOf, rowsToRead } from './public-forms.ts'

/** One stored content document as the repository returns it. */
export type StoredDocument = {
  key: string
  value: unknown
  /** 1 after the first save; a save must name the version it started from. */
  version: number
  updatedAt: string
  /**
   * `public` for a document read in the form its pages show, from the row the database derives
   * for visitors (public-forms.ts): never the base of a save.
   */
  form?: 'public'
}

/**
 * - `conflict`: someone else saved first (SQLSTATE PT409, HTTP 409);
 * - `forbidden`: not signed in as staff;
 * - `unavailable`: the backend could not be reached or failed (worth retrying);
 * - `too-large`: the document is over the database's limits (PT413, HTTP 413): the editor
 *   must make it smaller, so it is never retried on its own;
 * - `invalid`: refused for another reason.
 */
export type ContentErrorKind = 'conflict' | 'forbidden' | 'unavailable' | 'too-large' | 'invalid'

/** A failed read or save, classified so the UI can say what happened and what to do. */
export class ContentError extends Error {
  readonly kind: ContentErrorKind
  readonly status: number
  readonly code: string | undefined
  /** For a conflict: the version now stored. */
  readonly currentVersion: number | undefined
  /** For `too-large`: which limit, when the refusal said (a gateway's plain 413 does not). */
  readonly limit: LimitProblem | undefined

  constructor(init: {
    kind: ContentErrorKind
    status: number
    code?: string
    message: string
    currentVersion?: number
    limit?: LimitProblem
  }) {
    super(init.message)
    this.name = 'ContentError'
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.currentVersion = init.currentVersion
    this.limit = init.limit
  }
}

type PostgrestLikeError = { code?: string; message: string; details?: string | null }

const isCount = (value: unknown): value is number => Number.isInteger(value) && Number(value) >= 0

/** The limit a PT413 refusal names in its JSON `details`, if it names one we understand. */
function limitOf(details: string | null | undefined): LimitProblem | undefined {
  let detail: Record<string, unknown>
  try {
    detail = JSON.parse(details ?? '{}') as Record<string, unknown>
  } catch {
    return undefined
  }
  if (typeof detail !== 'object' || detail === null) return undefined
  const { bytes, items, path, limit } = detail
  if (!isCount(limit)) return undefined
  if (isCount(bytes)) return { kind: 'bytes', bytes, limit }
  if (isCount(items) && typeof path === 'string' && path.length <= 2048) {
    return { kind: 'items', items, path, limit }
  }
  return undefined
}

/**
 * Turns a PostgREST error and its HTTP status into a ContentError, so every repository
 * over the content tables reports failures the same way.
 *
 * @example
 * const { data, error, status } = await client.from('content_revisions').select('version')
 * if (error) throw classify(error, status)
 */
export function classify(error: PostgrestLikeError, status: number): ContentError {
  if (error.code === 'PT413' || status === 413) {
    return new ContentError({
      kind: 'too-large',
      status,
      code: error.code,
      message: error.message,
      limit: limitOf(error.details),
    })
  }
  if (error.code === 'PT409' || status === 409) {
    let currentVersion: number | undefined
    try {
      const detail = JSON.parse(error.details ?? '{}') as { current_version?: unknown }
      if (typeof detail.current_version === 'number') currentVersion = detail.current_version
    } catch {
      // The detail is informative only; the conflict stands without it.
    }
    return new ContentError({
      kind: 'conflict',
      status,
      code: error.code,
      message: error.message,
      currentVersion,
    })
  }
  if (error.code === '42501' || status === 401 || status === 403) {
    return new ContentError({ kind: 'forbidden', status, code: error.code, message: error.message })
  }
  if (status === 0 || status >= 500) {
    return new ContentError({
      kind: 'unavailable',
      status,
      code: error.code,
      message: error.message,
    })
  }
  return new ContentError({ kind: 'invalid', status, code: error.code, message: error.message })
}

/**
 * What reads and saves content documents: `createContentRepository` (the full client's, in
 * content-repository-client.ts), a visitor's read ({@link createPublicContentRepository}),
 * or a test's memory.
 */
export type ContentRepository = {
  /**
   * Reads the given keys in one request. Keys not stored are simply absent, and so is a key
   * `held` names at the version stored now: the reader has it already (issue 35 §3).
   */
  read(keys: readonly string[], held?: HeldVersions): Promise<StoredDocument[]>
  /**
   * Stores the whole document, naming the version the edit started from (0 for a key not
   * stored yet). Resolves to the new version; rejects with a ContentError whose kind is
   * 'conflict' when someone else saved in between. `before`, on a first save (base 0), is
   * what the site showed until then (the built-in document): the database keeps it as the
   * version "as it was before the first save", so that the first save can be undone too.
   */
  save(
    key: string,
    value: unknown,
    baseVersion: number,
    before?: unknown,
  ): Promise<{ version: number }>
}

/** The stored version of each document a reader holds already: a read leaves it out unless it changed. */
export type HeldVersions = Readonly<Record<string, number | undefined>>

/** PostgREST's list syntax wants a value that holds `,`, `(` or `)` in double quotes. */
const listValue = (value: string) =>
  /[,()"\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value

/**
 * The filter of a content read in PostgREST's grammar: `{ key: 'in.(…)' }` when nothing is
 * held, else `{ or: '(key.in.(…),and(key.eq.a,version.neq.3),…)' }`, which leaves out each held
 * document stored at the version held. The full client's read (`.or()`) and the visitors' GET
 * write the same filter.
 *
 * @example
 * contentReadFilter(['alerts', 'content'], { content: 4 }) // { or: '(key.in.(alerts),and(key.eq.content,version.neq.4))' }
 */
export function contentReadFilter(
  keys: readonly string[],
  held: HeldVersions = {},
): { key: string } | { or: string } {
  const fresh = keys.filter((key) => !Number.isInteger(held[key]))
  if (fresh.length === keys.length) return { key: `in.(${keys.map(listValue).join(',')})` }
  const parts = keys
    .filter((key) => Number.isInteger(held[key]))
    .map((key) => `and(key.eq.${listValue(key)},version.neq.${held[key]})`)
  if (fresh.length > 0) parts.unshift(`key.in.(${fresh.map(listValue).join(',')})`)
  return { or: `(${parts.join(',')})` }
}

/**
 * The keys a content read's URL asks for, whichever filter it wrote (see contentReadFilter), for
 * what measures the reads (the bench, end-to-end tests).
 *
 * @example
 * contentReadKeys(new URLSearchParams('or=(key.in.(alerts),and(key.eq.content,version.neq.4))')) // ['alerts', 'content']
 */
export function contentReadKeys(search: URLSearchParams): string[] {
  const key = search.get('key')
  const filter = key === null ? (search.get('or') ?? '') : `key.${key}`
  const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1')
  const value = '"(?:[^"\\\\]|\\\\.)*"|[^,()]+'
  const keys: string[] = []
  for (const [, list] of filter.matchAll(/key\.in\.\(((?:"(?:[^"\\]|\\.)*"|[^)])*)\)/g))
    for (const [item] of (list ?? '').matchAll(new RegExp(value, 'g'))) keys.push(unquote(item))
  for (const [, item] of filter.matchAll(new RegExp(`key\\.eq\\.(${value})`, 'g')))
    keys.push(unquote(item ?? ''))
  return keys
}

/**
 * Visitors' reads of `website_content` over one plain GET, in the URL grammar postgrest-js
 * writes for `.select('key,value,version,updated_at').in('key', keys)`. A visitor's page
 * only ever reads; the PostgREST client (16 KB minified) was the largest part of its
 * start-up code after React and the router. Failures are classified as the full client's
 * are: a network failure or a deadline as `unavailable` with the error's name and message
 * (status 0, as postgrest-js reports it), an error answer from its PostgREST error body.
 *
 * @example
 * const repo = createPublicContentRepository(createPublicReadClient(config))
 * const rows = await repo.read(['content', 'alerts'])
 */
export function createPublicContentRepository(get: RestGet): Pick<ContentRepository, 'read'> {
  return {
    async read(keys, held) {
      const rows = rowsToRead(keys, held)
      const query = new URLSearchParams({
        select: 'key,value,version,updated_at',
        ...contentReadFilter(rows.keys, rows.held),
      })
      const body = await getJson(get, `website_content?${query}`)
      if (!Array.isArray(body)) {
        throw classify({ message: 'The backend answered a content read with no list' }, 502)
      }
      return documentsOf((body as Record<string, unknown>[]).map(storedDocumentOf))
    },
  }
}

/** Rows a request of {@link readAllNewsPosts} reads. */
const NEWS_PAGE_ROWS = 1000

/**
 * Every news post's row (`news/<id>`) the reader may read, a thousand a request: the build's
 * prerender of every article. Row-level security answers a visitor the published posts only.
 *
 * @example
 * const posts = await readAllNewsPosts(createPublicReadClient(config))
 */
export function readAllNewsPosts(get: RestGet): Promise<StoredDocument[]> {
  return readAllLike(get, 'news/*')
}

/**
 * Every team page's row (`team/<id>`, derived from the teams by the database), a thousand a
 * request: the build's prerender of every team page.
 *
 * @example
 * const teams = await readAllTeamPages(createPublicReadClient(config))
 */
export function readAllTeamPages(get: RestGet): Promise<StoredDocument[]> {
  return readAllLike(get, 'team/*')
}

/**
 * Every event page's row (`event/<slug>`, derived from the events by the database), a thousand
 * a request: the build's prerender of every event page.
 *
 * @example
 * const events = await readAllEventPages(createPublicReadClient(config))
 */
export function readAllEventPages(get: RestGet): Promise<StoredDocument[]> {
  return readAllLike(get, 'event/*')
}

/**
 * Every team's coaches row (`coaches/<id>`, derived from the teams and the staff by the
 * database), a thousand a request: the build's prerender of every team page.
 *
 * @example
 * const coaches = await readAllTeamCoaches(createPublicReadClient(config))
 */
export function readAllTeamCoaches(get: RestGet): Promise<StoredDocument[]> {
  return readAllLike(get, 'coaches/*')
}

/** Every row whose key matches `pattern` (PostgREST's `like`), a thousand a request. */
async function readAllLike(get: RestGet, pattern: string): Promise<StoredDocument[]> {
  const rows: StoredDocument[] = []
  for (let offset = 0; ; offset += NEWS_PAGE_ROWS) {
    const query = new URLSearchParams({
      select: 'key,value,version,updated_at',
      key: `like.${pattern}`,
      order: 'key',
      limit: String(NEWS_PAGE_ROWS),
      offset: String(offset),
    })
    const page = await getJson(get, `website_content?${query}`)
    if (!Array.isArray(page)) throw classify({ message: 'The backend answered with no list' }, 502)
    rows.push(...(page as Record<string, unknown>[]).map(storedDocumentOf))
    if (page.length < NEWS_PAGE_ROWS) return rows
  }
}

/** A row of `website_content` (or a function answering its columns) as a StoredDocument. */
export function storedDocumentOf(row: Record<string, unknown>): StoredDocument {
  return {
    key: String(row.key),
    value: row.value,
    version: Number(row.version),
    updatedAt: String(row.updated_at),
  }
}

/**
 * One GET of PostgREST, its JSON body parsed; failures classified as the full client's are: a
 * network failure or a deadline as `unavailable` (status 0, as postgrest-js reports it), an
 * error answer from its PostgREST error body.
 *
 * @example
 * const rows = await getJson(get, 'rpc/news_years')
 */
export async function getJson(get: RestGet, pathAndQuery: string): Promise<unknown> {
  let response: Response
  let text: string
  try {
    response = await get(pathAndQuery)
    text = await response.text()
  } catch (error) {
    const { name = 'FetchError', message = String(error) } = (error ?? {}) as Partial<Error>
    throw classify({ message: `${name}: ${message}` }, 0)
  }
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = undefined
  }
  if (!response.ok) {
    const answer = (body ?? {}) as Record<string, unknown>
    const error: PostgrestLikeError = {
      message:
        typeof answer.message === 'string' ? answer.message : text || `HTTP ${response.status}`,
      details: typeof answer.details === 'string' ? answer.details : null,
    }
    if (typeof answer.code === 'string') error.code = answer.code
    throw classify(error, response.status)
  }
  return body
}
