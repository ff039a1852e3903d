import { EventEmitter } from 'node:events'

import { describe, expect, it, vi } from 'vitest'

import type { UpdateStatusView } from '../shared/ipc-contract.ts'
import {
  checkAnswer,
  createUpdates,
  menuUpdateKey,
  UP_TO_DATE,
  UPDATE_CHECK_INTERVAL_MS,
  updatesEnabled,
} from './updates.ts'
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
    await expect(updates.check()).resolves.toEqual({
      state: 'error',
      message: 'net::ERR_NAME_NOT_RESOLVED',
    })
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

describe('checks over time, and what the director hears', () => {
  it('should check at once and then every few hours, and stop when asked', async () => {
    vi.useFakeTimers()
    try {
      const { updater, updates } = setup((emitter) => void emitter.emit('update-not-available'))
      const stop = updates.schedule()
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1)
      expect(UPDATE_CHECK_INTERVAL_MS).toBe(4 * 60 * 60 * 1000)
      await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1)
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(2)
      stop()
      await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('should schedule nothing while updates are off', () => {
    vi.useFakeTimers()
    try {
      const updates = createUpdates({ updater: null, log, onStatus: () => {} })
      updates.schedule()
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('should tell the director "You\'re up to date", or the error, after a check they asked for', async () => {
    const upToDate = setup((emitter) => void emitter.emit('update-not-available'))
    expect(checkAnswer(await upToDate.updates.check(), '0.1.0')).toEqual({
      type: 'info',
      message: UP_TO_DATE,
      detail: 'Version 0.1.0 is the newest.',
    })
    const failing = setup((emitter) => void emitter.emit('error', new Error('404 latest.yml')))
    expect(checkAnswer(await failing.updates.check(), '0.1.0')).toMatchObject({
      type: 'error',
      message: 'The update check failed',
      detail: expect.stringMatching(/^404 latest\.yml/),
    })
    const downloading = setup(
      (emitter) => void emitter.emit('update-available', { version: '0.2.0' }),
    )
    expect(checkAnswer(await downloading.updates.check(), '0.1.0')).toBeNull()
  })

  it('should change the menu’s key on a change of state, not on each step of a download', () => {
    const { updater, updates } = setup(() => {})
    const keys: string[] = []
    updater.emit('update-available', { version: '0.2.0' })
    keys.push(menuUpdateKey(updates.status()))
    for (const percent of [1, 20, 55, 99]) {
      updater.emit('download-progress', { percent })
      keys.push(menuUpdateKey(updates.status()))
    }
    updater.emit('update-downloaded', { version: '0.2.0' })
    keys.push(menuUpdateKey(updates.status()))
    expect([...new Set(keys)]).toEqual(['downloading', 'ready:0.2.0'])
  })
})
