import {
  isItemKey,
  PUBLIC_BACKGROUND_KEYS,
  STAFF_ONLY_KEYS,
  VITAL_KEYS,
} from '../entities/content-key-list.ts'
import { builtInDocument, fallbackDocument } from '../entities/built-in-documents.ts'
import type { ContentDocuments, DocumentKey } from '../entities/content-keys.ts'
import type { parseDocument } from '../entities/parse-document.ts'
import type { ContentCatalog, ParseRejection, ParseResult } from './catalog.ts'

type Parser = typeof parseDocument

/** Refused parts kept per document for the log; the rest are only counted. */
export const REJECTIONS_KEPT = 3

/**
 * Runs the entities' tolerant parser against the built-in default: the first few refused parts,
 * and how many were refused in all (a badly damaged document must not cost one entry each).
 */
export function parseWith<K extends DocumentKey>(
  parser: Parser,
  defaults: ContentDocuments,
  key: K,
  raw: unknown,
): ParseResult<ContentDocuments[K]> {
  const rejections: ParseRejection[] = []
  let rejected = 0
  const value = parser(key, raw, fallbackDocument(defaults, key), (issue) => {
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

/** What the lazy catalog loads on demand (dynamic imports by default), or is given. */
export type LazyCatalogOptions = {
  /** Loads the entities' tolerant parser (zod and the schemas). */
  parser?: () => Promise<Parser>
  /** Loads the built-in sample content, every key's document. */
  defaults?: () => Promise<ContentDocuments>
  /** The built-in documents, when the app has them at hand: then they are never loaded. */
  builtIn?: ContentDocuments | undefined
}

const dynamicLoaders = {
  parser: () => import('../entities/parse-document.ts').then((m) => m.parseDocument),
  defaults: () => import('../defaults/default-content.ts').then((m) => m.DEFAULT_CONTENT),
}

/**
 * The content catalog for the browser, with the schemas (zod) and the built-in sample
 * content loaded on demand. A prerendered page carries the documents it shows (its
 * baseline), so its first bundle needs neither: stored content is parsed once the schemas
 * are in, and the built-in documents arrive when a page the visitor navigates to needs
 * them (`defaultFor` answers `undefined` until then; the store asks `loadDefaults`).
 * IMPORTANT: this module must not import the schemas or the defaults other than through
 * the loaders.
 */
export function createLazyEntitiesCatalog(
  options: LazyCatalogOptions = {},
): ContentCatalog<ContentDocuments> {
  const load = {
    parser: options.parser ?? dynamicLoaders.parser,
    defaults: options.defaults ?? dynamicLoaders.defaults,
  }
  let parser: Parser | undefined
  let defaults: ContentDocuments | undefined = options.builtIn
  let loadingDefaults: Promise<void> | undefined = defaults ? Promise.resolve() : undefined
  const loadDefaults = () =>
    (loadingDefaults ??= load.defaults().then(
      (loaded) => {
        defaults = loaded
      },
      // Offline, say: the next call tries again.
      (error: unknown) => {
        loadingDefaults = undefined
        throw error
      },
    ))
  return {
    vitalKeys: VITAL_KEYS,
    backgroundKeys: PUBLIC_BACKGROUND_KEYS,
    staffKeys: STAFF_ONLY_KEYS,
    isItemKey,
    defaultFor: (key) => (defaults ? builtInDocument(defaults, key) : undefined),
    loadDefaults,
    async prepare() {
      // Parsing falls back to the built-in documents part by part, so it needs them too.
      const [loadedParser] = await Promise.all([load.parser(), loadDefaults()])
      parser ??= loadedParser
    },
    parse(key, raw) {
      if (!parser || !defaults)
        throw new Error('the content catalog was used before prepare() resolved')
      return parseWith(parser, defaults, key, raw)
    },
  }
}
