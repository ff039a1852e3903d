/**
 * The session with no window, through main's real entry under the recording stand-in for
 * electron (as macOS runs it: closing the window does not quit) and the local backend: a refresh
 * the closing window left unanswered, and every later one, is made by main itself, which stores
 * a renewed session the upload process then reads; while a page owns the session, main asks it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'

import { APP_ORIGIN } from '../src/main/app-protocol.ts'
import { sessionKey } from '../src/main/session-key.ts'
import type { UploadJobView } from '../src/shared/ipc-contract.ts'
import { DEFAULT_SETTINGS } from '../src/shared/settings.ts'
import { createElectronFake, MemoryStore } from './electron-fake.ts'

const realPlatform = process.platform
let harness: Harness
let electron: ReturnType<typeof createElectronFake>

beforeAll(async () => {
  harness = await startHarness({ refreshTokenReuseInterval: 0 })
  vi.resetModules()
  electron = createElectronFake({
    userData: '/tmp/club-admin-no-window',
    appPath: new URL('..', import.meta.url).pathname,
  })
  vi.doMock('electron', () => ({ ...electron.electron, default: electron.electron }))
  vi.doMock('electron-store', () => ({ default: MemoryStore }))
  Object.defineProperty(process, 'platform', { value: 'darwin' })
  await import('../src/main/index.ts')
  await vi.waitFor(() => expect(electron.count('window.loadURL')).toBe(1))
}, 60_000)
afterAll(async () => {
  Object.defineProperty(process, 'platform', { value: realPlatform })
  await harness?.stop()
})

async function invoke(channel: string, senderId: number, ...args: unknown[]) {
  const handler = electron.ipcHandlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler(
    { sender: { id: senderId }, senderFrame: { url: `${APP_ORIGIN}/admin/home`, parent: null } },
    ...args,
  )
}

const refreshTokenIn = (value: unknown) =>
  (JSON.parse(String(value)) as { refresh_token: string }).refresh_token

type MenuEntry = { id?: string; submenu?: MenuEntry[]; click?: () => void }

/** An item of the menu main installed last. */
function menuItem(id: string): MenuEntry {
  const menu = electron.calls
    .filter(([name]) => name === 'Menu.setApplicationMenu')
    .at(-1)?.[1] as {
    template: MenuEntry[]
  }
  const item = menu.template
    .flatMap((entry) => entry.submenu ?? [])
    .find((entry) => entry.id === id)
  if (!item) throw new Error(`no menu item ${id}`)
  return item
}

/**
 * The current window's page signed in (its first read makes its client the owner) and an upload
 * started from it: the run's process, and how to read main's answers to it.
 */
async function signedInRun(folderName: string) {
  // A window: the one open, or (another test closed it) one the menu opens.
  menuItem('upload-photos').click!()
  const window = electron.windows.at(-1)!
  const page = window.webContents.id
  const key = sessionKey(harness.url)
  await invoke('settings:save', page, {
    ...DEFAULT_SETTINGS,
    backendUrl: harness.url,
    anonKey: harness.anonKey,
  })
  await invoke('auth-storage:get', page, key)
  const user = await harness.signedInUser({ staff: true })
  const signedIn = (await user.client.auth.getSession()).data.session!
  await invoke('auth-storage:set', page, key, JSON.stringify(signedIn))

  electron.answers.openDialog = {
    canceled: false,
    filePaths: [`/Users/director/Pictures/${folderName}`],
  }
  const job = (await invoke('upload:choose-folder', page)) as UploadJobView
  await invoke('upload:start', page, { jobId: job.jobId, dryRun: false, retryFailed: false })
  const child = electron.forked.at(-1)!
  const answer = async (id: number) => {
    await vi.waitFor(() =>
      expect(child.received).toContainEqual(
        expect.objectContaining({ type: 'storage-result', id }),
      ),
    )
    return (
      child.received.find((message) => (message as { id?: number }).id === id) as {
        value: string | null
      }
    ).value
  }
  const refreshAsks = () =>
    electron.calls.filter(
      ([name, channel]) => name === 'webContents.send' && channel === 'auth:refresh-needed',
    ).length
  return { window, key, signedIn, child, answer, refreshAsks }
}

describe('the session while no window is open', () => {
  it('should be renewed by main itself, and the upload process read the renewed one', async () => {
    const { window, key, signedIn, child, answer, refreshAsks } = await signedInRun('gala')
    const asked = refreshAsks()

    // With the page owning the session, main asks it…
    child.emit('message', { type: 'session-refresh', id: 1, sentWith: signedIn.access_token })
    expect(refreshAsks()).toBe(asked + 1)
    // …and the window closes before the page answers: main renews the session itself.
    window.emit('closed')
    expect(await answer(1)).toBeNull()
    child.emit('message', { type: 'storage', id: 2, op: 'get', key })
    const renewed = await answer(2)
    expect(refreshTokenIn(renewed)).not.toBe(signedIn.refresh_token)

    // Later refreshes with no window: main's, never a message to a window.
    const token = (JSON.parse(String(renewed)) as { access_token: string }).access_token
    child.emit('message', { type: 'session-refresh', id: 3, sentWith: token })
    await answer(3)
    child.emit('message', { type: 'storage', id: 4, op: 'get', key })
    const again = await answer(4)
    expect(refreshTokenIn(again)).not.toBe(refreshTokenIn(renewed))
    expect(refreshAsks()).toBe(asked + 1)
    // The renewed session is good (its refresh token was presented once each time).
    const check = harness.client()
    const next = await check.auth.refreshSession({ refresh_token: refreshTokenIn(again) })
    expect(next.error).toBeNull()
  })

  it('should be renewed by main while the page reloads, before its new client reads it', async () => {
    const { window, key, signedIn, child, answer, refreshAsks } = await signedInRun('derby')
    const asked = refreshAsks()
    child.emit('message', { type: 'session-refresh', id: 1, sentWith: signedIn.access_token })
    expect(refreshAsks()).toBe(asked + 1)
    // View → Reload (or a new login): the page that was asked is gone, the next not started.
    window.webContents.emit('did-start-loading')
    await answer(1)
    child.emit('message', { type: 'storage', id: 2, op: 'get', key })
    const renewed = await answer(2)
    expect(refreshTokenIn(renewed)).not.toBe(signedIn.refresh_token)
    // The reloaded page's client reads the renewed session, and owns it again.
    expect(await invoke('auth-storage:get', window.webContents.id, key)).toBe(renewed)
    child.emit('message', { type: 'session-refresh', id: 3, sentWith: 'eyJ.any.token' })
    expect(refreshAsks()).toBe(asked + 2)
  })
})

describe('the menu while no window is open', () => {
  it('should open a window on the screen of File → Upload photos from folder…', () => {
    electron.windows.at(-1)!.emit('closed')
    const windows = electron.windows.length
    menuItem('upload-photos').click!()
    expect(electron.windows).toHaveLength(windows + 1)
    expect(electron.calls.at(-1)).toEqual(['window.loadURL', `${APP_ORIGIN}/desktop/upload`])
  })
})
