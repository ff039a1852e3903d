import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import log from 'electron-log/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  describeError,
  handleRenderProcessGone,
  logProcessErrors,
  renderGoneDialog,
  startupFailureDialog,
} from './error-handling.ts'
import type { ProcessEvents, RenderGoneHost } from './error-handling.ts'

/** electron-log's real file transport, writing to a file of the test's own. */
describe('logProcessErrors, through electron-log’s file transport', () => {
  let dir: string
  let logPath: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-log-'))
    logPath = join(dir, 'main.log')
    log.transports.file.resolvePathFn = () => logPath
    log.transports.console.level = false
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const fileText = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8') : '')
  // A stand-in process: the real one's listeners would also catch vitest's own errors.
  const processEvents = () => new EventEmitter() as EventEmitter & ProcessEvents

  it('should write an uncaught exception with its stack to the log file', () => {
    const events = processEvents()
    logProcessErrors(events, log)
    events.emit('uncaughtException', new Error('libvips said no'), 'uncaughtException')
    expect(fileText()).toMatch(
      /\[error\] Uncaught exception \(uncaughtException\): Error: libvips said no\n\s+at /,
    )
  })

  it('should write an unhandled rejection to the log file', () => {
    const events = processEvents()
    logProcessErrors(events, log)
    events.emit('unhandledRejection', new TypeError('fetch failed'))
    expect(fileText()).toContain('Unhandled promise rejection: TypeError: fetch failed')
  })

  it('should call back after logging an uncaught exception', () => {
    const events = processEvents()
    const order: string[] = []
    logProcessErrors(events, { ...log, error: () => order.push('logged') }, () =>
      order.push('called back'),
    )
    events.emit('uncaughtException', new Error('x'), 'uncaughtException')
    expect(order).toEqual(['logged', 'called back'])
  })
})

describe('describeError', () => {
  it.each([
    [new RangeError('too far'), /^RangeError: too far\n\s+at /],
    ['plain text', /^plain text$/],
    [{ code: 'EPERM' }, /^\{"code":"EPERM"\}$/],
    [undefined, /^undefined$/],
  ])('should describe %o', (error, pattern) => {
    expect(describeError(error)).toMatch(pattern)
  })
})

describe('startupFailureDialog', () => {
  it('should say what failed and name the log file', () => {
    const dialog = startupFailureDialog(
      new Error('EACCES: permission denied, open settings.json'),
      '/home/director/.config/Club Admin/logs/main.log',
      'Club Admin',
    )
    expect(dialog.title).toBe('Club Admin could not start')
    expect(dialog.content).toContain('EACCES: permission denied, open settings.json')
    expect(dialog.content).toContain('/home/director/.config/Club Admin/logs/main.log')
  })
})

describe('handleRenderProcessGone', () => {
  const host = (response: number) => {
    const calls: string[] = []
    const value: RenderGoneHost = {
      log: {
        error: (...params) => calls.push(`log ${params.join(' ')}`),
        warn: vi.fn(),
        info: vi.fn(),
      },
      logPath: '/logs/main.log',
      ask: async (options) => {
        calls.push(`ask ${options.buttons.join('/')}`)
        return { response }
      },
      reload: () => calls.push('reload'),
      quit: () => calls.push('quit'),
    }
    return { value, calls }
  }

  it('should log the crash and reload when the director picks Reload', async () => {
    const { value, calls } = host(0)
    const done = await handleRenderProcessGone({ reason: 'crashed', exitCode: 139 }, value)
    expect([done, calls]).toEqual([
      'reloaded',
      ['log The renderer process is gone: crashed (code 139)', 'ask Reload/Quit', 'reload'],
    ])
  })

  it('should quit when the director picks Quit', async () => {
    const { value, calls } = host(1)
    expect(await handleRenderProcessGone({ reason: 'oom', exitCode: 0 }, value)).toBe('quit')
    expect(calls.at(-1)).toBe('quit')
  })

  it('should not ask when the page ended on purpose', async () => {
    const { value, calls } = host(0)
    expect(await handleRenderProcessGone({ reason: 'clean-exit', exitCode: 0 }, value)).toBe(
      'ignored',
    )
    expect(calls).toEqual(['log The renderer process is gone: clean-exit (code 0)'])
  })

  it('should name the log file and the reason in the dialog', () => {
    expect(renderGoneDialog({ reason: 'oom', exitCode: 0 }, '/logs/main.log')?.detail).toMatch(
      /^It ran out of memory\..*\n\nThe log file: \/logs\/main\.log$/s,
    )
  })
})
