/**
 * IMPORTANT: the entry of the upload process. Electron starts it with `utilityProcess.fork`
 * (electron-vite builds it to out/main/upload-process.js); the tests start the same file with
 * Node's `child_process.fork`. Either way it serves one run of `serveUploadJob`.
 */
import type { ParentMessage } from './upload-job-protocol.ts'
import { serveUploadJob } from './upload-worker.ts'

/** The part of Electron's `process.parentPort` used here. */
type ElectronParentPort = {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

const parentPort = (process as { parentPort?: ElectronParentPort }).parentPort
const send = process.send?.bind(process)

if (parentPort) {
  serveUploadJob({
    post: (message) => parentPort.postMessage(message),
    onMessage: (listener) =>
      parentPort.on('message', (event) => listener(event.data as ParentMessage)),
  })
} else if (send) {
  serveUploadJob({
    post: (message) => void send(message),
    onMessage: (listener) => process.on('message', (message) => listener(message as ParentMessage)),
  })
} else {
  console.error('The upload process is started by the app (utilityProcess) or child_process.fork.')
  process.exitCode = 1
}
