/**
 * The messages between main's job registry and the upload process (`upload-process.ts`, an
 * Electron utilityProcess). Main starts one process per run; the process asks main for the
 * session (read and refreshed through the same encrypted store as the renderer's) and reports
 * progress and, at the end, the report. What the process sends is checked here before main acts
 * on it: a process that decodes photos with libvips is not trusted further than it must be.
 */
import { z } from 'zod'

import type { UploadReportView } from '../shared/ipc-contract.ts'

/** What one run needs; paths stay in main and this process. */
export type JobRequest = {
  jobId: string
  folder: string
  /** Only these files of the folder (relative, `/`-separated); null for the whole folder. */
  only: string[] | null
  dryRun: boolean
  retryFailed: boolean
  /** The folder under which each job keeps its manifest and hash cache (the app's data folder). */
  stateBase: string
  backend: { url: string; anonKey: string }
}

/** The one session operation the process may ask for: the session is read-only to it. */
export type StorageOp = 'get'

/** Main → upload process. */
export type ParentMessage =
  | { type: 'start'; request: JobRequest }
  | { type: 'cancel' }
  | { type: 'storage-result'; id: number; value: string | null }

const ZCount = z.number().int().nonnegative()
const ZReportFile = z.strictObject({
  relativePath: z.string().max(4096),
  reason: z.string().max(2000),
})

const ZProgress = z.strictObject({
  phase: z.enum(['scanning', 'hashing', 'uploading', 'recording', 'done']),
  filesDone: ZCount,
  filesTotal: ZCount,
  bytesDone: z.number().nonnegative(),
  bytesTotal: z.number().nonnegative(),
  etaSeconds: z.number().nonnegative().nullable(),
})

const ZReport = z.strictObject({
  jobId: z.string(),
  dryRun: z.boolean(),
  cancelled: z.boolean(),
  uploaded: ZCount,
  wouldUpload: ZCount,
  duplicates: ZCount,
  notStarted: ZCount,
  rejected: z.array(ZReportFile),
  failed: z.array(ZReportFile),
  bytesSent: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
  libraryError: z.string().max(2000).nullable(),
}) satisfies z.ZodType<UploadReportView>

/** Upload process → main, as main accepts it. */
export const ZChildMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('progress'), progress: ZProgress }),
  /**
   * A read of the session (the process's only access to it): there is no write, so a process
   * that sends one is outside the protocol and stopped.
   */
  z.strictObject({
    type: z.literal('storage'),
    id: ZCount,
    op: z.literal('get'),
    key: z
      .string()
      .max(200)
      .regex(/^sb-[A-Za-z0-9._-]+$/),
  }),
  /** The backend stopped answering (the run waits for it) or answers again. */
  z.strictObject({ type: z.literal('connection'), state: z.enum(['paused', 'resumed']) }),
  /**
   * The session's token was refused as expired: main has the session's owner (the window's
   * client, or main itself with no window) refresh it and answers with a `storage-result` of the
   * same id once it is stored.
   * The process never refreshes by itself.
   */
  z.strictObject({
    type: z.literal('session-refresh'),
    id: ZCount,
    sentWith: z.string().max(16_384).nullable(),
  }),
  z.strictObject({ type: z.literal('done'), report: ZReport }),
  z.strictObject({ type: z.literal('failed'), message: z.string().max(2000) }),
])
export type ChildMessage = z.infer<typeof ZChildMessage>
