import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { BACKGROUND_KEYS, VITAL_KEYS } from '../entities/content-key-list.ts'
import type { ContentDocuments, ContentKey } from '../entities/content-keys.ts'
import type { parseDocument } from '../entities/parse-document.ts'
import type { ContentCatalog, ParseRejection, ParseResult } from './catalog.ts'

type Parser = typeof parseDocument

/** Refused parts kept per document for the log; the rest are only counted. */
export const REJECTIONS_KEPT = 3

/**
 * Runs the entities' tolerant parser against the built-in default: the first few refused parts,
 * and how many were refused in all (a badly damaged document must not cost one entry each).
 */
export function parseWith<K extends ContentKey>(
  parser: Parser,
  key: K,
  raw: unknown,
): ParseResult<ContentDocuments[K]> {
  const rejections: ParseRejection[] = []
  let rejected = 0
  const value = parser(key, raw, DEFAULT_CONTENT[key], (issue) => {
    rejected += issue.count
    if (rejections.length >= REJECTIONS_KEPT) return
    rejections.push({
      key: issue.key,
      path: issue.path,
      message: `${issue.action}: ${issue.reason}`,
    })
  })
  return { value, rejections, rejected }
}

/**
 * The content catalog with the schemas (zod) loaded on demand: the browser's first
 * paint needs only the defaults, and stored content is parsed once the schemas are in.
 * IMPORTANT: this module must not import the schemas other than through `load`.
 */
export function createLazyEntitiesCatalog(
  load: () => Promise<Parser> = () =>
    import('../entities/parse-document.ts').then((m) => m.parseDocument),
): ContentCatalog<ContentDocuments> {
  let parser: Parser | undefined
  return {
    vitalKeys: VITAL_KEYS,
    backgroundKeys: BACKGROUND_KEYS,
    defaultFor: (key) => DEFAULT_CONTENT[key],
    async prepare() {
      parser ??= await load()
    },
    parse(key, raw) {
      if (!parser) throw new Error('the content catalog was used before prepare() resolved')
      return parseWith(parser, key, raw)
    },
  }
}
