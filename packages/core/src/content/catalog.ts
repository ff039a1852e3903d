/**
 * What the content store needs to know about the documents it holds: which keys load
 * first, each key's built-in default, and how to read a stored value tolerantly. The
 * entities module provides the real one (see entities-catalog.ts); tests may build
 * small ones, so the loading and saving rules do not depend on the sample content.
 */

/** One part of a stored document that was refused and replaced by its default. */
export type ParseRejection = {
  key: string
  /** Where in the document, e.g. `hero.title` or `3.startDate`; empty for the whole value. */
  path: string
  message: string
}

/** A stored value read tolerantly: always a usable document, plus what was refused. */
export type ParseResult<T> = {
  value: T
  /** What was refused; a parser may list only the first few (see `rejected`). */
  rejections: readonly ParseRejection[]
  /** How many stored parts were refused in all; `rejections.length` when absent. */
  rejected?: number
}

/** The documents a store holds, by key (an interface such as ContentDocuments fits). */
export type DocumentMap = object

/** The keys of a document map, as strings. */
export type KeyOf<Docs extends DocumentMap> = keyof Docs & string

/** The store's view of the content model. */
export type ContentCatalog<Docs extends DocumentMap> = {
  /** Loaded first, in one request. */
  vitalKeys: readonly KeyOf<Docs>[]
  /** Loaded a second later, in one request. */
  backgroundKeys: readonly KeyOf<Docs>[]
  /**
   * Readable by staff only: never asked for by a visitor's page, read in one request when
   * a signed-in session asks for them (`store.loadStaffContent()`).
   */
  staffKeys?: readonly KeyOf<Docs>[]
  /**
   * Keys beyond those lists that name documents too, read one at a time by the page that shows
   * them (a news post's `news/<id>`); none when absent.
   */
  isItemKey?(key: string): boolean
  /**
   * The built-in document shown until (and unless) a stored one arrives. A catalog that
   * loads the built-in documents on demand (see `loadDefaults`) answers `undefined` until
   * they are in.
   */
  defaultFor<K extends KeyOf<Docs>>(key: K): Docs[K] | undefined
  /**
   * Loads the built-in documents, when they are loaded on demand: the browser's first
   * bundle carries code, not sample content (a prerendered page brings the documents it
   * shows with it). Resolves at once when they are already in.
   */
  loadDefaults?(): Promise<void>
  /** Never throws: a refused part falls back to its default and is reported. */
  parse<K extends KeyOf<Docs>>(key: K, raw: unknown): ParseResult<Docs[K]>
  /**
   * Loads what `parse` needs, when that is loaded on demand (the schemas, in the
   * browser). The store awaits it before it parses anything, and calls it no earlier
   * than `start()`, so the first paint never waits for it.
   */
  prepare?(): Promise<void>
}
