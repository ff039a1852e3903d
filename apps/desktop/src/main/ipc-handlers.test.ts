import { describe, expect, it, vi } from 'vitest'

import { installHandlers, isTrustedSender } from './ipc-handlers.ts'
import type { IpcEventLike, IpcMainLike, SenderPolicy } from './ipc-handlers.ts'

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown

/** An ipcMain that records handlers, so a test can call them as Electron would. */
function fakeIpc() {
  const handlers = new Map<string, Listener>()
  const ipc: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  }
  const call = (channel: string, event: IpcEventLike, ...args: unknown[]) => {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return Promise.resolve(handler(event, ...args))
  }
  return { ipc, handlers, call }
}

const policy: SenderPolicy = { origin: 'app://club', webContentsId: () => 7 }
const fromApp: IpcEventLike = {
  sender: { id: 7 },
  senderFrame: { url: 'app://club/admin/home', parent: null },
}
const JOB = 'job-9b2f4c1e3d5a4b6c'

describe('isTrustedSender', () => {
  it('should accept the main window top frame on the app origin', () => {
    expect(isTrustedSender(fromApp, policy)).toBe(true)
  })

  it('should refuse a frame on another origin', () => {
    const event = { ...fromApp, senderFrame: { url: 'https://evil.example/', parent: null } }
    expect(isTrustedSender(event, policy)).toBe(false)
  })

  it('should refuse a host that only starts like the app host', () => {
    const event = { ...fromApp, senderFrame: { url: 'app://club.evil/admin', parent: null } }
    expect(isTrustedSender(event, policy)).toBe(false)
  })

  it('should refuse a subframe even on the app origin', () => {
    const event = { ...fromApp, senderFrame: { url: 'app://club/x', parent: {} } }
    expect(isTrustedSender(event, policy)).toBe(false)
  })

  it('should refuse another web contents', () => {
    expect(isTrustedSender({ ...fromApp, sender: { id: 8 } }, policy)).toBe(false)
  })

  it('should refuse an event without a frame', () => {
    expect(isTrustedSender({ ...fromApp, senderFrame: null }, policy)).toBe(false)
  })
})

describe('installHandlers', () => {
  it('should pass validated arguments to the handler', async () => {
    const { ipc, call } = fakeIpc()
    const cancel = vi.fn(() => null)
    installHandlers(ipc, policy, { 'upload:cancel': cancel })
    await call('upload:cancel', fromApp, JOB)
    expect(cancel).toHaveBeenCalledWith(JOB)
  })

  it('should refuse arguments that do not match the schema', async () => {
    const { ipc, call } = fakeIpc()
    const cancel = vi.fn(() => null)
    installHandlers(ipc, policy, { 'upload:cancel': cancel })
    await expect(call('upload:cancel', fromApp, '../../etc')).rejects.toThrow(/invalid arguments/)
    expect(cancel).not.toHaveBeenCalled()
  })

  it('should refuse extra arguments', async () => {
    const { ipc, call } = fakeIpc()
    const remove = vi.fn(() => null)
    installHandlers(ipc, policy, { 'auth-storage:remove': remove })
    await expect(call('auth-storage:remove', fromApp, 'sb-x-auth-token', 'more')).rejects.toThrow(
      /invalid arguments/,
    )
  })

  it('should refuse unknown fields in an object argument', async () => {
    const { ipc, call } = fakeIpc()
    const start = vi.fn()
    installHandlers(ipc, policy, { 'upload:start': start })
    const input = { jobId: JOB, dryRun: false, retryFailed: false, folder: '/etc' }
    await expect(call('upload:start', fromApp, input)).rejects.toThrow(/invalid arguments/)
    expect(start).not.toHaveBeenCalled()
  })

  it('should refuse a settings save carrying a service-role key', async () => {
    const { ipc, call } = fakeIpc()
    const save = vi.fn()
    installHandlers(ipc, policy, { 'settings:save': save })
    const claims = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')
    const settings = {
      backendUrl: 'https://project.supabase.co',
      anonKey: `eyJhbGciOiJIUzI1NiJ9.${claims}.signature`,
      siteUrl: 'https://club.example',
    }
    await expect(call('settings:save', fromApp, settings)).rejects.toThrow(/invalid arguments/)
    expect(save).not.toHaveBeenCalled()
  })

  it('should refuse a foreign sender before looking at the arguments', async () => {
    const { ipc, call } = fakeIpc()
    const get = vi.fn(() => null)
    installHandlers(ipc, policy, { 'auth-storage:get': get })
    const foreign = { ...fromApp, senderFrame: { url: 'https://evil.example/', parent: null } }
    await expect(call('auth-storage:get', foreign, 'sb-x-auth-token')).rejects.toThrow(
      /sender refused/,
    )
    expect(get).not.toHaveBeenCalled()
  })

  it('should remove its handlers when asked', () => {
    const { ipc, handlers } = fakeIpc()
    const uninstall = installHandlers(ipc, policy, { 'upload:cancel': () => null })
    uninstall()
    expect(handlers.size).toBe(0)
  })
})
