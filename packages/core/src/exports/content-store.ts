/**
 * IMPORTANT: the content store and repository without the React bindings, for Node programs
 * (the photo uploader). Node strips types from `.ts` but cannot load the `.tsx` that
 * `@club/core/content` also exports.
 */
export { ContentError } from '../content/content-repository.ts'
export { createContentRepository } from '../content/content-repository-client.ts'
export type { ContentRepository, StoredDocument } from '../content/content-repository.ts'
export { createContentStore } from '../content/content-store.ts'
export type { ContentLogger, ContentStore, SaveOutcome } from '../content/store-types.ts'
