import { EventEmitter } from 'node:events'

import { describe, expect, it, vi } from 'vitest'

import type { UpdateStatusView } from '../shared/ipc-contract.ts'
import { createUpdates, updatesEnabled } from './updates.ts'
import type { UpdaterLike } from './updates.ts'

/** An updater with autoUpdater's events; `checkForUpdates` plays the given script of events. */
function fakeUpdater(script: (updater: EventEmitter) => void | Promise<void>) {
  const emitter = new EventEmitter()
  const updater = Object.assign(emitter, {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    checkForUpdates: vi.fn(async () => script(emitter)),
    quitAndInstall: vi.fn(),
  })
  return updater as typeof updater & UpdaterLike
}

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() }

function setup(script: (updater: EventEmitter) => void | Promise<void>) {
  const updater = fakeUpdater(script)
  const statuses: UpdateStatusView[] = []
  const updates = createUpdates({ updater, log, onStatus: (status) => statuses.push(status) })
  return { updater, updates, statuses }
}

describe('updatesEnabled', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
  ])('should be on packaged (%s) with the feed file (%s): %s', (isPackaged, feedFile, enabled) => {
    expect(updatesEnabled({ isPackaged, feedFileExists: () => feedFile })).toBe(enabled)
  })

  it('should not look for the feed file in development (resources path is Electron’s own)', () => {
    const feedFileExists = vi.fn(() => true)
    expect([
      updatesEnabled({ isPackaged: false, feedFileExists }),
      feedFileExists.mock.calls,
    ]).toEqual([false, []])
  })
})

describe('createUpdates', () => {
  it('should be off without an updater, and not check or install', async () => {
    const statuses: UpdateStatusView[] = []
    const updates = createUpdates({ updater: null, log, onStatus: (s) => statuses.push(s) })
    await updates.check()
    expect([updates.status(), updates.install(), statuses]).toEqual([{ state: 'off' }, false, []])
  })

  it('should download by itself and install only on request', () => {
    const { updater } = setup(() => {})
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, true])
  })

  it('should report checking, the download’s progress and the ready update', async () => {
    const { updates, statuses } = setup((updater) => {
      updater.emit('checking-for-update')
      updater.emit('update-available', { version: '0.2.0' })
      updater.emit('download-progress', { percent: 37.5 })
      updater.emit('download-progress', { percent: 100 })
      updater.emit('update-downloaded', { version: '0.2.0' })
    })
    await updates.check()
    expect(statuses).toEqual([
      { state: 'checking' },
      { state: 'downloading', version: '0.2.0', percent: 0 },
      { state: 'downloading', version: '0.2.0', percent: 37.5 },
      { state: 'downloading', version: '0.2.0', percent: 100 },
      { state: 'ready', version: '0.2.0' },
    ])
  })

  it('should go back to idle when there is no update', async () => {
    const { updates } = setup((updater) => {
      updater.emit('checking-for-update')
      updater.emit('update-not-available')
    })
    await updates.check()
    expect(updates.status()).toEqual({ state: 'idle' })
  })

  it('should quit and install once the update is ready, not before', async () => {
    const { updater, updates } = setup((emitter) => {
      emitter.emit('update-downloaded', { version: '0.2.0' })
    })
    const before = updates.install()
    await updates.check()
    expect([before, updates.install(), updater.quitAndInstall.mock.calls.length]).toEqual([
      false,
      true,
      1,
    ])
  })

  it('should report a failed check as an error, without a rejection', async () => {
    const { updates } = setup(async () => {
      throw new Error('net::ERR_NAME_NOT_RESOLVED')
    })
    await expect(updates.check()).resolves.toBeUndefined()
    expect(updates.status()).toEqual({ state: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' })
  })

  it('should keep the updater’s own error message', async () => {
    const { updates } = setup(async (updater) => {
      updater.emit('error', new Error('sha512 checksum mismatch'))
      throw new Error('sha512 checksum mismatch (rejected)')
    })
    await updates.check()
    expect(updates.status()).toEqual({ state: 'error', message: 'sha512 checksum mismatch' })
  })

  it('should not check again while a download runs', async () => {
    const { updater, updates } = setup((emitter) => {
      emitter.emit('update-available', { version: '0.2.0' })
    })
    await updates.check()
    await updates.check()
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1)
  })
})
