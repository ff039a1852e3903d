import { EventEmitter } from 'node:events'

import { describe, expect, it, vi } from 'vitest'

import {
  lastLines,
  logChildProcessGone,
  logConsoleMessage,
  logLine,
  logOutput,
  redactSecrets,
} from './diagnostics.ts'
import { problemReport, contactAddress, MAX_MAILTO_LENGTH } from './problem-report.ts'
import { createRecentFolders, recentLabels } from './recent-folders.ts'
import { shortcutList } from '../shared/shortcuts.ts'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl'
const logger = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() })

describe('redactSecrets', () => {
  it('should take out tokens, keys and passwords, and keep the rest', () => {
    expect(
      redactSecrets(
        `token ${JWT} Bearer abc.def {"refresh_token":"r1x","password":"hunter2"} ?apikey=sb_publishable_xyz&access_token=zz sb_secret_abc ok`,
      ),
    ).toBe(
      'token [redacted] Bearer [redacted] {"refresh_token":"[redacted]","password":"[redacted]"} ?apikey=[redacted]&access_token=[redacted] sb_secret_[redacted] ok',
    )
  })

  it('should bound a line and strip control characters', () => {
    expect(logLine(`a\u0007b${'x'.repeat(3000)}`)).toHaveLength(2001)
  })
})

describe('the log’s other sources', () => {
  it('should log a child gone: a crash as an error, a clean exit as info', () => {
    const log = logger()
    logChildProcessGone(
      { type: 'Utility', reason: 'crashed', exitCode: 11, serviceName: 'upload' },
      log,
    )
    logChildProcessGone({ type: 'GPU', reason: 'clean-exit', exitCode: 0 }, log)
    expect([log.error.mock.calls, log.info.mock.calls]).toEqual([
      [['Child process gone: upload (Utility): crashed, exit code 11']],
      [['Child process gone: GPU (GPU): clean-exit, exit code 0']],
    ])
  })

  it('should log a process’s output by whole lines, the last one at its end', () => {
    const stream = new EventEmitter()
    const lines: string[] = []
    logOutput(stream, (line) => lines.push(line), 'p:')
    stream.emit('data', Buffer.from('one\ntw'))
    stream.emit('data', 'o\n\nthree')
    stream.emit('end')
    expect(lines).toEqual(['p: one', 'p: two', 'p: three'])
  })

  it('should log the window’s errors and warnings only, without the page’s query', () => {
    const log = logger()
    logConsoleMessage({ level: 'info', message: 'hello' }, log)
    logConsoleMessage({ level: 'warning', message: 'slow' }, log)
    logConsoleMessage(
      { level: 'error', message: `bad ${JWT}`, lineNumber: 3, sourceId: 'app://club/a.js?t=1' },
      log,
    )
    expect([log.info.mock.calls, log.warn.mock.calls, log.error.mock.calls]).toEqual([
      [],
      [['Window console warning: slow']],
      [['Window console error: bad [redacted] (app://club/a.js:3)']],
    ])
  })
})

describe('problemReport', () => {
  const facts = {
    appName: 'Club Admin',
    version: '0.1.0',
    os: 'linux 6.8 (x64)',
    logPath: '/home/d/.config/Club Admin/logs/main.log',
    contact: 'web@club.example',
  }

  it('should quote the log’s last lines, redacted, under the version and the OS', () => {
    const log = Array.from({ length: 40 }, (_, index) => `[info] line ${index}`).join('\n')
    const report = problemReport({ ...facts, log: `${log}\n[error] refused ${JWT}` })
    expect(report.body).toContain('App: Club Admin 0.1.0\nSystem: linux 6.8 (x64)')
    expect(report.body).toMatch(/> \[error\] refused \[redacted\]$/)
    expect(report.body).not.toContain('line 0\n')
    expect(report.mailto).toMatch(/^mailto:web@club\.example\?subject=Club%20Admin%200\.1\.0/)
    expect(report.mailto!.length).toBeLessThanOrEqual(MAX_MAILTO_LENGTH)
  })

  it('should offer no mail without a contact', () => {
    expect(problemReport({ ...facts, contact: null, log: '' }).mailto).toBeNull()
  })

  it('should read the contact from the manifest’s author', () => {
    expect([
      contactAddress({ author: { name: 'Club', email: 'web@club.example' } }),
      contactAddress({ author: 'Club <web@club.example>' }),
      contactAddress({ author: 'nobody' }),
    ]).toEqual(['web@club.example', 'web@club.example', null])
  })
})

describe('recent folders', () => {
  it('should keep the newest first, once each, at most eight, and label shared names', () => {
    const values = new Map<string, unknown>()
    const changed = vi.fn()
    const recent = createRecentFolders(
      {
        get: (key) => values.get(key),
        set: (key, value) => void values.set(key, value),
        delete: () => {},
      },
      changed,
    )
    for (let index = 0; index < 10; index++) recent.add(`/p/${index}`)
    recent.add('/p/5')
    expect(recent.list()).toEqual(['/p/5', '/p/9', '/p/8', '/p/7', '/p/6', '/p/4', '/p/3', '/p/2'])
    expect(changed).toHaveBeenCalledTimes(11)
    expect(recentLabels(['/a/2024/day', '/b/2025/day', '/c/R&D'])).toEqual([
      'day (2024)',
      'day (2025)',
      'R&&D',
    ])
  })
})

describe('shortcutList', () => {
  it('should print each platform’s own keys', () => {
    const find = (platform: string, action: string) =>
      shortcutList(platform).find((entry) => entry.action === action)?.keys
    expect([
      find('darwin', 'Redo'),
      find('win32', 'Redo'),
      find('linux', 'Redo'),
      find('win32', 'Zoom in'),
    ]).toEqual(['⇧⌘Z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Ctrl++'])
  })
})

describe('lastLines', () => {
  it('should keep the last non-empty lines', () => {
    expect(lastLines('a\n\nb\r\nc\n', 2)).toEqual(['b', 'c'])
  })
})
