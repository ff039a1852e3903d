/**
 * IMPORTANT: the photo library's rows, for code that runs outside a browser too (the bulk
 * uploader in Node, the desktop app's main process, `pnpm dev`'s retirement of unused public
 * copies): no React, no CSS, only supabase-js.
 */
export {
  PHOTO_INSERT_BATCH,
  createPhotoRepository,
  searchWords,
} from '../photo-library/photo-repository.ts'
export type {
  PhotoChange,
  PhotoEdit,
  PhotoPage,
  PhotoQuery,
  PhotoRepository,
} from '../photo-library/photo-repository.ts'
export { PhotoLibraryError } from '../photo-library/photo-library-error.ts'
export type { PhotoLibraryFailure } from '../photo-library/photo-library-error.ts'
export type { LibraryPhoto, NewLibraryPhoto } from '../photo-library/photo-rows.ts'
