#!/usr/bin/env node
// `pnpm photos:upload DIR [--dry-run] [--retry-failed] [--ignore GLOB]... [--concurrency N] [--state-dir DIR] [--json]`
//
// Uploads the new photos of DIR to the photo library, signed in as a staff user.
// Target: SUPABASE_URL and SUPABASE_ANON_KEY, or the local backend by default.
// Who: CLUB_STAFF_EMAIL and CLUB_STAFF_PASSWORD (the local seeded staff user by default).
// Stopped part way (Ctrl-C, a crash), it continues where it stopped when run again.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { createConnectivity, probeBackend } from './connectivity.ts'
import { formatProgress, formatReport, summarize } from './report.ts'
import { createLibraryRecorder } from './library-update.ts'
import { signInStaff } from './session.ts'
import { defaultStateDir } from './state-dir.ts'
import { uploadFolder } from './upload-folder.ts'
import { createObjectUploader } from './uploader.ts'

const USAGE =
  'Usage: pnpm photos:upload DIR [--dry-run] [--retry-failed] [--ignore GLOB]... [--concurrency N] [--state-dir DIR] [--json]'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    'retry-failed': { type: 'boolean', default: false },
    ignore: { type: 'string', multiple: true, default: [] },
    concurrency: { type: 'string', default: '4' },
    'state-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

const folder = positionals[0]
const concurrency = Number(values.concurrency)
if (
  values.help ||
  !folder ||
  !Number.isInteger(concurrency) ||
  concurrency < 1 ||
  concurrency > 16
) {
  console.error(USAGE)
  process.exit(values.help ? 0 : 2)
}

async function localDefaults() {
  const { DEFAULT_ANON_KEY } = await import('@club/local-supabase')
  return { url: 'http://127.0.0.1:54321', anonKey: DEFAULT_ANON_KEY }
}

const local =
  process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY ? undefined : await localDefaults()
const url = process.env.SUPABASE_URL ?? local?.url ?? ''
const anonKey = process.env.SUPABASE_ANON_KEY ?? local?.anonKey ?? ''
const email = process.env.CLUB_STAFF_EMAIL ?? 'staff@club.local'
const password = process.env.CLUB_STAFF_PASSWORD ?? 'club-staff-2026'

const controller = new AbortController()
let interrupts = 0
process.on('SIGINT', () => {
  interrupts += 1
  if (interrupts > 1) process.exit(130)
  console.error(
    '\nCancelling: the photos under way finish, the rest wait for the next run (Ctrl-C again to quit now).',
  )
  controller.abort(new Error('Cancelled'))
})

const log = (line: string) => {
  if (!values.json) console.error(line)
}

/**
 * Writes all of `text` to stdout, then exits. `process.exit` right after a large write to a
 * pipe would cut it off (a pipe takes 64 KiB at a time, the rest is still queued), so the exit
 * waits until stdout has taken everything.
 */
function finish(text: string, code: number): void {
  process.stdout.write(text, () => process.exit(code))
}

try {
  const client = await signInStaff({ url, anonKey, email, password })
  // While the backend cannot be reached, the run pauses (said once) and goes on when it is back.
  const connectivity = createConnectivity({
    probe: probeBackend(url, anonKey),
    signal: controller.signal,
    onPause: (message) => console.error(`${message}; waiting for it to come back (Ctrl-C to stop)`),
    onResume: (ms) =>
      console.error(`backend reachable again after ${(ms / 1000).toFixed(1)} s: going on`),
  })
  const library = createLibraryRecorder(client, { connectivity })
  let lastLine = 0
  const report = await uploadFolder({
    folder,
    uploader: createObjectUploader(client, {
      onRetry: (message) => log(`retrying ${message}`),
      connectivity,
    }),
    library,
    connectivity,
    stateDir: values['state-dir'] ?? defaultStateDir(folder),
    ignore: values.ignore,
    concurrency,
    dryRun: values['dry-run'],
    retryFailed: values['retry-failed'],
    signal: controller.signal,
    onProgress: (progress) => {
      const now = Date.now()
      if (progress.phase === 'done' || now - lastLine > 1000) {
        lastLine = now
        log(formatProgress(progress))
      }
    },
  })
  library.dispose()
  const retry = `pnpm photos:upload ${resolve(folder)} --retry-failed${values['state-dir'] ? ` --state-dir ${values['state-dir']}` : ''}`
  const counts = summarize(report)
  finish(
    `${values.json ? JSON.stringify({ ...report, counts }, null, 2) : formatReport(report, retry)}\n`,
    counts.failed > 0 || report.libraryError ? 1 : report.cancelled ? 130 : 0,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
