/**
 * IMPORTANT: the photo bucket's rules for code that runs outside a browser too (the bulk
 * uploader in Node): the bucket's name, where a photo's objects are stored, and the check
 * that no metadata is left in an encoded image. Pure: no React, no CSS, no Supabase. The
 * browser's uploader (src/photos/upload-photo.ts) reads the same modules.
 */
export {
  ACCEPTED_PHOTO_TYPES,
  EXTENSION_BY_TYPE,
  MAX_PHOTO_BYTES,
  LIBRARY_BUCKET,
  PHOTO_BUCKET,
  PHOTO_FOLDER,
  SIGNED_PHOTO_SECONDS,
  isAcceptedPhotoType,
  photoAddress,
  photoCopyPaths,
  photoObjectPaths,
} from '../photo-library/photo-rules.ts'
export type { AcceptedPhotoType } from '../photo-library/photo-rules.ts'
export { findMetadata, sniffScannedFormat } from '../photo-library/find-metadata.ts'
export type {
  MetadataFinding,
  MetadataKind,
  MetadataScan,
  ScannedFormat,
} from '../photo-library/find-metadata.ts'
