/**
 * IMPORTANT: the public entry of the bulk photo uploader: what the desktop app's main process,
 * the benchmarks and the end-to-end tests use, and no more (the CLI, src/cli.ts, and the tests use the modules
 * themselves). A name added here is a promise to those callers; the API report shows it.
 */
export { uploadFolder } from './upload-folder.ts'
export { createObjectUploader, runPool } from './uploader.ts'
export { createLibraryRecorder } from './library-update.ts'
export { assertNoMetadata, processImage } from './process-image.ts'
export type { EncodedImage } from './process-image.ts'
export type { UploadReport } from './report.ts'
export { setSessionSource, signInStaff } from './session.ts'
export { defaultStateDir } from './state-dir.ts'
export { createConnectivity, probeBackend } from './connectivity.ts'
