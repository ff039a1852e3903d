import type { Page } from '@playwright/test'

import type {
  ChannelName,
  CredentialStatus,
  IpcEvents,
  UploadReportView,
} from '../../apps/admin/src/shared/ipc-contract.ts'
import type { TDesktopSettings } from '../../apps/admin/src/shared/settings.ts'

/**
 * A fake main process for the desktop renderer in Chromium: `window.clubDesktop` with the same
 * channels as the preload's bridge (apps/admin/src/shared/ipc-contract.ts), answered in the page,
 * and `window.fakeMain` for the test to emit events and read the calls made.
 */

export const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'

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
    finishUpload(report: UploadReportView): void
  }
}

/**
 * Puts a fake `window.clubDesktop` in place before the app's code runs. Its settings and the
 * session supabase-js stores through it live in sessionStorage, so that they survive a reload
 * (after the first-run screen, or a page.goto), as main's do.
 */
export async function installFakeMain(
  page: Page,
  options: {
    settings: TDesktopSettings | null
    defaults?: TDesktopSettings
    /** What `credentials:status` answers (a keystore that saves the session by default). */
    credentialStatus?: CredentialStatus
  },
) {
  await page.addInitScript(
    ({ initial, defaults, jobId, credentialStatus }) => {
      if (initial && !sessionStorage.getItem('fake-settings')) {
        sessionStorage.setItem('fake-settings', JSON.stringify(initial))
      }
      const listeners = new Map<string, Set<(payload: unknown) => void>>()
      const calls: { channel: string; args: unknown[] }[] = []
      let finish: (report: unknown) => void = () => {}
      const authKey = (key: unknown) => `fake-auth:${String(key)}`
      const handlers: Record<string, (...args: unknown[]) => unknown> = {
        'settings:get': () => ({
          settings: JSON.parse(sessionStorage.getItem('fake-settings') ?? 'null'),
          defaults,
        }),
        'settings:save': (settings) => {
          sessionStorage.setItem('fake-settings', JSON.stringify(settings))
          return { settings, defaults }
        },
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
        'upload:choose-folder': () => ({ jobId, folderName: 'opening-day' }),
        'upload:start': () => new Promise((resolve) => (finish = resolve)),
        'upload:cancel': () => null,
        'site:open-in-browser': () => null,
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
          return handler(...args)
        }
      }
      Object.defineProperty(window, 'clubDesktop', { value: Object.freeze(bridge) })
      Object.defineProperty(window, 'fakeMain', {
        value: {
          calls,
          emit: (event: string, payload: unknown) =>
            listeners.get(event)?.forEach((listener) => listener(payload)),
          finishUpload: (report: unknown) => finish(report),
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
