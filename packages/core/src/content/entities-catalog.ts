import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import {
  isItemKey,
  PUBLIC_BACKGROUND_KEYS,
  STAFF_ONLY_KEYS,
  VITAL_KEYS,
} from '../entities/content-key-list.ts'
import { builtInDocument } from '../entities/built-in-documents.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { parseDocument } from '../entities/parse-document.ts'
import type { ContentCatalog } from './catalog.ts'
import { parseWith } from './lazy-entities-catalog.ts'

/**
 * The product's content model as the store sees it: the spec's 4 vital keys, its 14
 * background keys (the 10 public pages show, and the 4 only staff read), the built-in
 * sample content, and the entities' tolerant parser.
 * Defaults are the frozen shared documents, so an unchanged key keeps one identity.
 * (The browser uses `createLazyEntitiesCatalog`, which loads the parser and the built-in
 * documents on demand.)
 */
export const entitiesCatalog: ContentCatalog<ContentDocuments> = {
  vitalKeys: VITAL_KEYS,
  backgroundKeys: PUBLIC_BACKGROUND_KEYS,
  staffKeys: STAFF_ONLY_KEYS,
  isItemKey,
  defaultFor: (key) => builtInDocument(DEFAULT_CONTENT, key),
  parse: (key, raw) => parseWith(parseDocument, DEFAULT_CONTENT, key, raw),
}
