/** IMPORTANT: the public entry of the bulk photo uploader (the desktop app's main process and the CLI use it). */
export { uploadFolder, DEFAULT_BATCH_SIZE, DEFAULT_CONCURRENCY } from './upload-folder.ts'
export type { UploadFolderOptions } from './upload-folder.ts'
export { createObjectUploader, runPool } from './uploader.ts'
export type { ObjectUploader, UploadOutcome } from './uploader.ts'
export { createLibraryRecorder, guessAltText } from './library-update.ts'
export type { LibraryRecorder } from './library-update.ts'
export { DEFAULT_RETRY, RequestFailure, withRetry } from './retry.ts'
export type { RetryPolicy } from './retry.ts'
export {
  processImage,
  assertNoMetadata,
  RejectedImage,
  MAX_INPUT_PIXELS,
  MAX_EDGE,
  THUMBNAIL_EDGE,
} from './process-image.ts'
export type { ProcessedImage, EncodedImage } from './process-image.ts'
export { scanFolder, IMAGE_EXTENSIONS } from './scan.ts'
export { openManifest } from './manifest.ts'
export type { Manifest, ManifestRecord, ManifestState } from './manifest.ts'
export { formatReport, formatProgress, summarize } from './report.ts'
export type { FileOutcome, FileStatus, Progress, UploadReport } from './report.ts'
export { setSessionSource, signInStaff } from './session.ts'
export type { SessionSource, StaffCredentials } from './session.ts'
export { defaultStateDir } from './state-dir.ts'
export {
  createConnectivity,
  probeBackend,
  PAUSED_MESSAGE,
  DEFAULT_PROBE_BACKOFF,
} from './connectivity.ts'
export type { Connectivity, ConnectivityOptions } from './connectivity.ts'
