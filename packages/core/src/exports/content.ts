/** IMPORTANT: the public entry for content loading and saving. Code inside core imports the source files directly. */
export { ContentError } from '../content/content-repository.ts'
export { createContentRepository } from '../content/content-repository-client.ts'
export { documentOfRow, heldRowOf, publicRowOf } from '../content/public-forms.ts'
export { createNewsPublishing } from '../content/news-publishing.ts'
export { createNewsReader } from '../content/news-reader.ts'
export { NewsReaderContext } from '../content/news-reader-context.ts'
export type { NewsReader } from '../content/news-reader.ts'
export type { NewsPublishing } from '../content/news-publishing.ts'
export type {
  ContentErrorKind,
  ContentRepository,
  StoredDocument,
} from '../content/content-repository.ts'
export { createContentStore } from '../content/content-store.ts'
export { recordingStore } from '../content/recording-store.ts'
export { RETRY_BASE_MS, RETRY_MAX_MS } from '../content/save-timing.ts'
export { BACKGROUND_DELAY_MS } from '../content/content-loading.ts'
export { sameDocument } from '../content/same-document.ts'
// The store's types (ContentStore, SaveOutcome, PendingSave, LoadState…), as content-store.ts names them.
export type * from '../content/store-types.ts'
export type {
  ContentCatalog,
  DocumentMap,
  KeyOf,
  ParseRejection,
  ParseResult,
} from '../content/catalog.ts'
export { createLazyEntitiesCatalog } from '../content/lazy-entities-catalog.ts'
export { createPendingSaveStorage, PENDING_SAVE_PREFIX } from '../content/pending-saves.ts'
export { browserStorage } from '../content/device-copies.ts'
export type { PendingSaveRecord, PendingStatus } from '../content/pending-saves.ts'
export type { KeyValueStorage } from '../content/device-copies.ts'
export {
  SAVE_ERROR_WINDOW_MS,
  SAVED_MS,
  saveErrorMessage,
  SAVING_MS,
} from '../content/save-messages.ts'
export {
  ContentProvider,
  obtainContentStore,
  useCanSaveContent,
  useContent,
  useContentLoadState,
  useContentSettled,
  useContentReadFailed,
  useContentStore,
  useContentVersion,
  usePendingSaves,
  useSaveContent,
  useSaveContents,
  useSaveState,
} from '../content/content-provider.tsx'
export type {
  ContentProviderProps,
  PendingSavesApi,
  SiteContentStore,
  SiteContentStoreOptions,
} from '../content/content-provider.tsx'
export { useUndo } from '../content/use-undo.ts'
export type { UndoApi } from '../content/use-undo.ts'
export { createUndoController } from '../content/undo-controller.ts'
export type { UndoController, UndoState } from '../content/undo-controller.ts'
export { createUndoStack, UNDO_COALESCE_MS, UNDO_DEPTH } from '../content/undo-stack.ts'
export type {
  RecordOptions,
  UndoChange,
  UndoStack,
  UndoStackOptions,
  UndoStep,
} from '../content/undo-stack.ts'
