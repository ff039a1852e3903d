/** IMPORTANT: the public entry for content loading and saving. Code inside core imports the source files directly. */
export { ContentError, createContentRepository } from '../content/content-repository.ts'
export type { ContentErrorKind, ContentRepository, StoredDocument } from '../content/content-repository.ts'
