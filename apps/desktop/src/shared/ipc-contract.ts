/**
 * IMPORTANT: the one contract between the main process and the renderer. Main validates every
 * argument with the channel's schema before its handler runs; the preload builds the renderer's
 * one bridge object (`window.clubDesktop`) from the same table. Adding a channel here is the only
 * way to add one. Runtime-neutral: no electron, no node:*, no DOM.
 */
import { z } from 'zod'

import { ZDesktopSettings } from './settings.ts'
import type { TDesktopSettings } from './settings.ts'

declare const resultType: unique symbol

/** One request/response channel: the schema of its arguments (a tuple) and, as a type only, its result. */
export type ChannelSpec<Input extends z.ZodType<readonly unknown[]>, Result> = {
  input: Input
  /** Never set: carries the result type. */
  readonly [resultType]?: Result
}

const channel =
  <Result>() =>
  <Input extends z.ZodType<readonly unknown[]>>(input: Input): ChannelSpec<Input, Result> => ({
    input,
  })

/** supabase-js names its storage keys like `sb-<project>-auth-token`; nothing else is stored. */
const ZStorageKey = z
  .string()
  .max(200)
  .regex(/^sb-[A-Za-z0-9._-]+$/)
/** A session is a few KiB of JSON; anything far larger is not one. */
const ZStorageValue = z.string().max(65_536)
/** A job's id, as `uniqueId('job')` makes it in main. */
const ZJobId = z.string().regex(/^job-[0-9a-f]{16}$/)
/** A dropped folder or file: an absolute path (POSIX or Windows), no NUL. */
const ZDroppedPath = z
  .string()
  .min(1)
  .max(4096)
  .refine(
    (path) => !path.includes('\0') && (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)),
    {
      message: 'not an absolute path',
    },
  )

/** What the settings screen reads. */
export type SettingsView = {
  /** The project in use: the director's saved one, else the build's; null until either exists. */
  settings: TDesktopSettings | null
  defaults: TDesktopSettings
  /** The club's project as the build names it (read-only); null in a development build. */
  built: TDesktopSettings | null
}

/** How the keystore protects the saved session. */
export type CredentialStatus = {
  /** The OS keystore in use (`basic_text` on Linux without a secret service). */
  keystore: string
  /** The session is written to disk (encrypted); false means it lasts until the app quits. */
  persisting: boolean
  /** The keystore is weak and the director has not said whether to keep the session anyway. */
  needsConsent: boolean
}

/** The outcome of saving the session. */
export type CredentialWrite = { persisted: true } | { persisted: false; reason: string }

/** Progress as the renderer shows it: files, bytes of originals and the time left. */
export type UploadProgressView = {
  jobId: string
  phase: 'scanning' | 'hashing' | 'uploading' | 'recording' | 'done'
  filesDone: number
  filesTotal: number
  bytesDone: number
  bytesTotal: number
  etaSeconds: number | null
}

/** One file the report names, by its path inside the folder. */
export type UploadReportFile = { relativePath: string; reason: string }

/** The end-of-run report; it names files only by their path in the folder. */
export type UploadReportView = {
  jobId: string
  dryRun: boolean
  cancelled: boolean
  uploaded: number
  wouldUpload: number
  duplicates: number
  notStarted: number
  rejected: UploadReportFile[]
  failed: UploadReportFile[]
  bytesSent: number
  durationMs: number
  libraryError: string | null
}

/**
 * What the renderer reports so that main enables the menu's items by state: Undo and Redo only
 * when there is a step to take (the editor's, or a focused text field's own), Sign out only when
 * signed in.
 */
export const ZMenuState = z.strictObject({
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  signedIn: z.boolean(),
})
export type MenuState = z.infer<typeof ZMenuState>

/** Where the app's own update stands (electron-updater; `off` when the build names no feed). */
export type UpdateStatusView =
  | { state: 'off' }
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'downloading'; version: string | null; percent: number }
  | { state: 'ready'; version: string }
  | { state: 'error'; message: string }

/** What About and Help → Keyboard shortcuts show of the app itself. */
export type AppInfoView = {
  name: string
  version: string
  /** Node's platform name (`darwin`, `win32`, `linux`): the shortcuts differ by it. */
  platform: string
  electronVersion: string
  chromeVersion: string
  /** The technical contact Help → Report a problem writes to; null when the build names none. */
  contact: string | null
}

/** The desktop conventions' channels: menu state, the app's update, the log file. */
const CONVENTION_CHANNELS = {
  'app:info': channel<AppInfoView>()(z.tuple([])),
  'menu:state': channel<null>()(z.tuple([ZMenuState])),
  'update:get-status': channel<UpdateStatusView>()(z.tuple([])),
  /** Quits and installs the downloaded update; does nothing until one is ready. */
  'update:install': channel<null>()(z.tuple([])),
} as const

/** Where a job stands. `failed` is a run that did not end with a report (a crash of its process included). */
export type UploadJobState = 'ready' | 'running' | 'cancelling' | 'done' | 'failed'

/**
 * One upload job as main's job registry holds it: one per folder, behind an opaque id (paths stay
 * in main). The screen redraws from this alone, so it reattaches after a reload or navigation.
 */
export type UploadJobView = {
  jobId: string
  folderName: string
  /** How many files were dropped from the folder; null for the whole folder. */
  fileCount: number | null
  state: UploadJobState
  /** The run under way or last run was a dry run. */
  dryRun: boolean
  progress: UploadProgressView | null
  /**
   * The run is waiting for the backend, which stopped answering: it goes on by itself when the
   * backend answers again (false when not running).
   */
  paused: boolean
  /** The last run's report (kept until the next run starts). */
  report: UploadReportView | null
  /** Why the last run stopped without a report. */
  error: string | null
}

/** Every request/response channel, by name (`domain:action`). */
export const IPC_CONTRACT = {
  ...CONVENTION_CHANNELS,
  'settings:get': channel<SettingsView>()(z.tuple([])),
  'settings:save': channel<SettingsView>()(z.tuple([ZDesktopSettings])),
  'auth-storage:get': channel<string | null>()(z.tuple([ZStorageKey])),
  'auth-storage:set': channel<CredentialWrite>()(z.tuple([ZStorageKey, ZStorageValue])),
  'auth-storage:remove': channel<null>()(z.tuple([ZStorageKey])),
  'credentials:status': channel<CredentialStatus>()(z.tuple([])),
  'credentials:allow-weak-keystore': channel<CredentialStatus>()(z.tuple([z.boolean()])),
  /** Sign-out: every saved session gone, even when supabase-js could not reach the server. */
  'credentials:clear': channel<null>()(z.tuple([])),
  /** The folder picker; a folder that has a job already gives that job (one job per folder). */
  'upload:choose-folder': channel<UploadJobView | null>()(z.tuple([])),
  /**
   * Folders and files dropped on the window, as absolute paths. The renderer cannot name them:
   * the preload turns the dropped `File`s into paths (see `createBridge`).
   */
  'upload:drop': channel<UploadJobView[]>()(z.tuple([z.array(ZDroppedPath).min(1).max(10_000)])),
  /** Starts a run and answers at once; the run is followed through `upload:job` events. */
  'upload:start': channel<UploadJobView>()(
    z.tuple([z.strictObject({ jobId: ZJobId, dryRun: z.boolean(), retryFailed: z.boolean() })]),
  ),
  'upload:cancel': channel<null>()(z.tuple([ZJobId])),
  /** Every job main holds, running or not (the screen reattaches with it). */
  'upload:jobs': channel<UploadJobView[]>()(z.tuple([])),
  /** Forgets a job that is not running. */
  'upload:dismiss': channel<null>()(z.tuple([ZJobId])),
  /** The renderer has answered an `auth:refresh-needed` request (its session is stored). */
  'auth:refreshed': channel<null>()(z.tuple([z.string().regex(/^refresh-[0-9a-f]{16}$/)])),
  'site:open-in-browser': channel<null>()(z.tuple([])),
} as const

export type IpcContract = typeof IPC_CONTRACT
export type ChannelName = keyof IpcContract
/** The arguments of a channel, as the renderer passes them. */
export type ChannelArgs<C extends ChannelName> = z.input<IpcContract[C]['input']>
/** The arguments of a channel once main has validated them. */
export type ChannelInput<C extends ChannelName> = z.output<IpcContract[C]['input']>
export type ChannelResult<C extends ChannelName> =
  IpcContract[C] extends ChannelSpec<z.ZodType<readonly unknown[]>, infer R> ? R : never

/** Commands the native menu sends to the renderer. */
export const MENU_COMMANDS = [
  'undo',
  'redo',
  'sign-out',
  'upload-photos',
  'settings',
  /** The admin's Staff screen (issue 34 §1); the database decides what a non-director sees. */
  'staff',
  'about',
  'shortcuts',
] as const
export type MenuCommand = (typeof MENU_COMMANDS)[number]

/** Events main sends to the renderer, by name, with their payload. */
export type IpcEvents = {
  'menu:command': MenuCommand
  /** A job changed (progress at most five times a second, every change of state). */
  'upload:job': UploadJobView
  'update:status': UpdateStatusView
  /**
   * The upload process's token was refused as expired: the renderer's client, the session's one
   * owner while the window is open, refreshes it unless it did already (its token is no longer
   * `sentWith`), then answers with `auth:refreshed`.
   */
  'auth:refresh-needed': { requestId: string; sentWith: string | null }
  /** A `club-admin://` link opened this route of the app (deep-links.ts checked it). */
  'app:open-route': string
}
export type EventName = keyof IpcEvents
export const EVENT_NAMES: readonly EventName[] = [
  'menu:command',
  'upload:job',
  'update:status',
  'auth:refresh-needed',
  'app:open-route',
]

/** The one channel whose bridge function takes something other than its arguments: dropped files. */
export const DROP_CHANNEL = 'upload:drop'

/** The object the preload exposes as `window.clubDesktop`: one function per channel, and `on`. */
export type DesktopBridge = {
  readonly [C in Exclude<ChannelName, typeof DROP_CHANNEL>]: (
    ...args: ChannelArgs<C>
  ) => Promise<ChannelResult<C>>
} & {
  /** Takes the dropped `File`s themselves; the preload asks Electron for their paths. */
  readonly [DROP_CHANNEL]: (
    files: readonly unknown[],
  ) => Promise<ChannelResult<typeof DROP_CHANNEL>>
} & {
  /** Listens to one event; the listener gets the payload only. Returns the unsubscribe. */
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void
}

/**
 * Builds the bridge from the contract over two functions the caller supplies (the preload passes
 * ipcRenderer's invoke and an event subscription that strips the Electron event).
 */
export function createBridge(
  invoke: (channel: ChannelName, args: readonly unknown[]) => Promise<unknown>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
  /** The path of a dropped file (Electron's `webUtils.getPathForFile`); '' for anything else. */
  pathOfFile: (file: unknown) => string,
): DesktopBridge {
  const bridge: Record<string, unknown> = {}
  for (const name of Object.keys(IPC_CONTRACT) as ChannelName[]) {
    bridge[name] = (...args: unknown[]) => invoke(name, args)
  }
  // A page can make up a File but not its path: only a real drop (or picker) has one.
  bridge[DROP_CHANNEL] = async (files: readonly unknown[]) => {
    const paths = Array.from(files, (file) => {
      try {
        return pathOfFile(file)
      } catch {
        return ''
      }
    }).filter((path) => path !== '')
    return paths.length === 0 ? [] : invoke(DROP_CHANNEL, [paths])
  }
  bridge.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown event ${String(event)}`)
    return subscribe(event, listener)
  }
  return Object.freeze(bridge) as DesktopBridge
}
