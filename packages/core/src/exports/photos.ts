/**
 * IMPORTANT: the photo library of the signed-in area (admin only: the public site never
 * imports this entry). Storage calls for the photo bucket, preparing photos in the browser
 * (resize, re-encode, metadata check), finding where an image is used, and the pure page.
 */
export {
  ACCEPTED_PHOTO_NAMES,
  ACCEPTED_PHOTO_TYPES,
  LIBRARY_BUCKET,
  MAX_PHOTO_BYTES,
  PHOTO_BUCKET,
  PHOTO_CACHE_CONTROL,
  PHOTO_PAGE_SIZE,
  isAcceptedPhotoType,
  photoFileProblem,
  photoAddress,
  photoCopyPaths,
  photoObjectPaths,
  photoTypeOf,
} from '../photos/photo-rules.ts'
export type { AcceptedPhotoType } from '../photos/photo-rules.ts'
export {
  PhotoStorageError,
  createPhotoPublisher,
  createPhotoStorage,
  toPhotoStorageError,
} from '../photos/photo-storage.ts'
export type {
  PhotoListPage,
  PhotoStorage,
  PhotoPublisher,
  PhotoStorageFailure,
  PublicationResult,
  PublicationStep,
  StoredPhoto,
  StoredPhotoObject,
} from '../photos/photo-storage.ts'
export { findMetadata, sniffScannedFormat } from '../photos/find-metadata.ts'
export type {
  MetadataFinding,
  MetadataKind,
  MetadataScan,
  ScannedFormat,
} from '../photos/find-metadata.ts'
export {
  ImagePreparationError,
  MAX_EDGE,
  MEDIUM_WIDTH,
  THUMBNAIL_EDGE,
  createBrowserImageCodec,
  fitWithin,
  prepareImage,
  preparedTypeFor,
  sha256Hex,
} from '../photos/prepare-image.ts'
export type {
  DecodedImage,
  ImageCodec,
  PreparationFailure,
  PreparedFile,
  PreparedImage,
  PreparedType,
} from '../photos/prepare-image.ts'
export { findImageUsage, imageIdentity, imageInUseMessage } from '../photos/image-usage.ts'
export type { ImageRef, ImageUse, ImageUsageOptions } from '../photos/image-usage.ts'
export { PhotoLibraryPage, isPhotoUsable } from '../photos/photo-library-page.tsx'
export type {
  PhotoLibraryEntry,
  PhotoLibraryPageProps,
  UploadProgress,
} from '../photos/photo-library-page.tsx'
export { NO_PHOTO_FILTERS } from '../photos/photo-library-page.tsx'
export type { PhotoFilters } from '../photos/photo-library-page.tsx'
export { usedImages, isImageUsed } from '../photos/image-usage.ts'
// The library's rows (the repository and its types): `@club/core/photo-repository`.
export {
  PICKER_PHOTO_COUNT,
  PICKER_SEARCH_LIMIT,
  usePickerLibrary,
  usePickerServices,
} from '../photos/use-picker-library.ts'
export { createPhotoUploader } from '../photos/upload-photo.ts'
export type { PhotoUploader } from '../photos/upload-photo.ts'
