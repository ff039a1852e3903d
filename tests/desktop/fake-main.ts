import type { Page } from '@playwright/test'

import type {
  AppInfoView,
  ChannelName,
  CredentialStatus,
  DesktopBridge,
  IpcEvents,
  UploadJobView,
  UploadReportView,
} from '../../apps/desktop/src/shared/ipc-contract.ts'
import type { TDesktopSettings } from '../../apps/desktop/src/shared/settings.ts'

/**
 * A fake main process for the desktop renderer in Chromium: `window.clubDesktop` with the same
 * channels as the preload's bridge (apps/desktop/src/shared/ipc-contract.ts), answered in the page,
 * and `window.fakeMain` for the test to emit events and read the calls made.
 */

export const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'
/** The job the fake gives files dropped on the window. */
export const DROPPED_JOB = '0c3e5d2f-4e6b-4c7d-9e8f-1a2b3c4d5e6f'

/**
 * The fake's handlers: one per channel of the bridge, with the bridge's own argument and result
 * types (from the contract), so a channel added, removed or changed there fails the typecheck here.
 */
type FakeHandlers = {
  [C in Exclude<keyof DesktopBridge, 'on'>]: (
    ...args: Parameters<DesktopBridge[C]>
  ) => Awaited<ReturnType<DesktopBridge[C]>> | ReturnType<DesktopBridge[C]>
}

/** The first-run screen's defaults: a backend that does not answer. */
export const OFFLINE_SETTINGS: TDesktopSettings = {
  backendUrl: 'http://127.0.0.1:9',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  siteUrl: 'http://127.0.0.1:5173',
}

type Call = { channel: ChannelName; args: unknown[] }

/** What `window.fakeMain` offers the test. */
export type FakeWindow = Window & {
  fakeMain: {
    calls: Call[]
    emit<E extends keyof IpcEvents>(event: E, payload: IpcEvents[E]): void
    /** Ends the running job of `report.jobId` with the report, as main's registry would. */
    finishUpload(report: UploadReportView): void
  }
}

/**
 * Puts a fake `window.clubDesktop` in place before the app's code runs. Its settings, the
 * session supabase-js stores through it and its upload jobs live in sessionStorage, so that they
 * survive a reload (after the first-run screen, or a page.goto), as main's do.
 */
export async function installFakeMain(
  page: Page,
  options: {
    settings: TDesktopSettings | null
    defaults?: TDesktopSettings
    /** What `credentials:status` answers (a keystore that saves the session by default). */
    credentialStatus?: CredentialStatus
    /** The club project the build names (a club's installer); none by default (development). */
    built?: TDesktopSettings | null
    /** What main answers `app:info` with (Linux, a contact, by default). */
    info?: Partial<AppInfoView>
    /**
     * A message `settings:save` refuses with, as main's project check would, wrapped as
     * Electron wraps an error thrown in a handler.
     */
    saveRefusal?: string
  },
) {
  await page.addInitScript(
    ({ initial, defaults, jobId, droppedJobId, credentialStatus, built, info, saveRefusal }) => {
      if (initial && !sessionStorage.getItem('fake-settings')) {
        sessionStorage.setItem('fake-settings', JSON.stringify(initial))
      }
      const listeners = new Map<string, Set<(payload: unknown) => void>>()
      const calls: { channel: string; args: unknown[] }[] = []
      const authKey = (key: unknown) => `fake-auth:${String(key)}`
      const emit = (event: string, payload: unknown) =>
        listeners.get(event)?.forEach((listener) => listener(payload))
      const jobs = (): Record<string, UploadJobView> =>
        JSON.parse(sessionStorage.getItem('fake-jobs') ?? '{}')
      const newJob = (id: string, folderName: string, fileCount: number | null): UploadJobView => ({
        jobId: id,
        folderName,
        fileCount,
        state: 'ready',
        dryRun: false,
        progress: null,
        paused: false,
        report: null,
        error: null,
      })
      /** Keeps the job and tells the screen, as main's registry does on every change. */
      const saveJob = (job: UploadJobView) => {
        sessionStorage.setItem('fake-jobs', JSON.stringify({ ...jobs(), [job.jobId]: job }))
        emit('upload:job', job)
        return job
      }
      const handlers: FakeHandlers = {
        'settings:get': () => ({
          settings: JSON.parse(sessionStorage.getItem('fake-settings') ?? 'null') ?? built,
          defaults: built ?? defaults,
          built,
        }),
        'settings:save': (settings) => {
          if (saveRefusal) {
            throw new Error(
              `Error invoking remote method 'settings:save': ProjectCheckError: ${saveRefusal}`,
            )
          }
          sessionStorage.setItem('fake-settings', JSON.stringify(settings))
          return { settings, defaults: built ?? defaults, built }
        },
        'app:info': () => info,
        'auth-storage:get': (key) => sessionStorage.getItem(authKey(key)),
        'auth-storage:set': (key, value) => {
          sessionStorage.setItem(authKey(key), String(value))
          return { persisted: true }
        },
        'auth-storage:remove': (key) => {
          sessionStorage.removeItem(authKey(key))
          return null
        },
        'credentials:status': () => credentialStatus,
        'credentials:clear': () => {
          for (const key of Object.keys(sessionStorage)) {
            if (key.startsWith('fake-auth:')) sessionStorage.removeItem(key)
          }
          return null
        },
        'credentials:allow-weak-keystore': () => ({
          keystore: 'basic_text',
          persisting: true,
          needsConsent: false,
        }),
        'upload:choose-folder': () => saveJob(jobs()[jobId] ?? newJob(jobId, 'opening-day', null)),
        'upload:drop': (files) =>
          files.length === 0 ? [] : [saveJob(newJob(droppedJobId, 'Desktop', files.length))],
        'upload:start': ({ jobId: id, dryRun }) => {
          const job = jobs()[id]
          if (!job) throw new Error('Choose the folder again')
          return saveJob({ ...job, state: 'running', dryRun, progress: null, report: null })
        },
        'upload:cancel': (id) => {
          const job = jobs()[id]
          if (job?.state === 'running') saveJob({ ...job, state: 'cancelling' })
          return null
        },
        'upload:jobs': () => Object.values(jobs()),
        'upload:dismiss': (id) => {
          const rest = jobs()
          delete rest[id]
          sessionStorage.setItem('fake-jobs', JSON.stringify(rest))
          return null
        },
        'site:open-in-browser': () => null,
        'auth:refreshed': () => null,
        'menu:state': () => null,
        'update:get-status': () => ({ state: 'off' }),
        'update:install': () => null,
      }
      const bridge: Record<string, unknown> = {
        on(event: string, listener: (payload: unknown) => void) {
          const set = listeners.get(event) ?? new Set()
          set.add(listener)
          listeners.set(event, set)
          return () => set.delete(listener)
        },
      }
      for (const [channel, handler] of Object.entries(handlers)) {
        bridge[channel] = async (...args: unknown[]) => {
          calls.push({ channel, args })
          return (handler as (...args: unknown[]) => unknown)(...args)
        }
      }
      Object.defineProperty(window, 'clubDesktop', { value: Object.freeze(bridge) })
      Object.defineProperty(window, 'fakeMain', {
        value: {
          calls,
          emit: (event: string, payload: unknown) => {
            // A job event is main's registry changing: the fake's registry follows it.
            if (event === 'upload:job') saveJob(payload as UploadJobView)
            else emit(event, payload)
          },
          finishUpload: (report: UploadReportView) => {
            const job = jobs()[report.jobId]
            if (job) saveJob({ ...job, state: 'done', progress: null, report })
          },
        },
      })
    },
    {
      initial: options.settings,
      defaults: options.defaults ?? OFFLINE_SETTINGS,
      jobId: JOB,
      credentialStatus: options.credentialStatus ?? {
        keystore: 'gnome_libsecret',
        persisting: true,
        needsConsent: false,
      },
      droppedJobId: DROPPED_JOB,
      built: options.built ?? null,
      info: {
        name: 'Club Admin',
        version: '0.1.0',
        platform: 'linux',
        electronVersion: '45.4.1',
        chromeVersion: '142.0.0.0',
        contact: 'webmaster@club.example',
        ...options.info,
      },
      saveRefusal: options.saveRefusal ?? null,
    },
  )
}

/** The calls the renderer made on `channel`, in order. */
export const callsTo = (page: Page, channel: ChannelName) =>
  page.evaluate(
    (name) =>
      (window as unknown as FakeWindow).fakeMain.calls.filter((call) => call.channel === name),
    channel,
  )

/** Sends an event from main, as `webContents.send` would. */
export const emitFromMain = <E extends keyof IpcEvents>(
  page: Page,
  event: E,
  payload: IpcEvents[E],
) =>
  page.evaluate(
    ([name, value]) =>
      (window as unknown as FakeWindow).fakeMain.emit(name as E, value as IpcEvents[E]),
    [event, payload] as const,
  )
