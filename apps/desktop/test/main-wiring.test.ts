/**
 * Main's wiring: the real entry (src/main/index.ts) loaded in Node with a recording stand-in for
 * the `electron` module (and electron-store kept in memory). Every channel of the IPC contract
 * must be handled behind the sender check, the protocol and navigation guards must be installed,
 * and an upload job must drive power-save, the progress bar, the quit guard and the end notice.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'

import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'

import { APP_ORIGIN, APP_SCHEME } from '../src/main/app-protocol.ts'
import { PROGRESS_NONE, QUIT_QUESTION } from '../src/main/job-effects.ts'
import { IPC_CONTRACT } from '../src/shared/ipc-contract.ts'
import type { ChannelName, UploadJobView } from '../src/shared/ipc-contract.ts'
import { DEFAULT_SETTINGS } from '../src/shared/settings.ts'
import type { TDesktopSettings } from '../src/shared/settings.ts'
import type { Call, createElectronFake } from './electron-fake.ts'

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createElectronFake> | null }))

vi.mock('electron', async () => {
  const { createElectronFake: make } = await import('./electron-fake.ts')
  fake.current = make({
    userData: '/tmp/club-admin-wiring',
    appPath: new URL('..', import.meta.url).pathname,
  })
  return { ...fake.current.electron, default: fake.current.electron }
})
vi.mock('electron-store', async () => ({
  default: (await import('./electron-fake.ts')).MemoryStore,
}))

const electron = () => {
  if (!fake.current) throw new Error('main was not loaded')
  return fake.current
}

type Frame = { url: string; parent: unknown }
const event = (senderId: number, frame: Frame | null) => ({
  sender: { id: senderId },
  senderFrame: frame,
})

/** Calls a handler as Electron would for a message from `frame` of web contents `senderId`. */
async function invoke(channel: ChannelName, from: ReturnType<typeof event>, ...args: unknown[]) {
  const handler = electron().ipcHandlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler(from, ...args)
}

type MenuEntry = { id?: string; role?: string; submenu?: MenuEntry[]; click?: () => void }
/** The template of the menu main installed last. */
const lastMenu = () =>
  (
    electron()
      .calls.filter(([name]) => name === 'Menu.setApplicationMenu')
      .at(-1)?.[1] as { template: MenuEntry[] }
  ).template

let harness: Harness
/** The local backend: settings are saved only for an address that answers as a project. */
let project: TDesktopSettings
let window: ReturnType<typeof electron>['windows'][number]
let trusted: ReturnType<typeof event>
const mainSays = () => electron().calls
/** What main asked of Electron while it started, before any test ran. */
let atStart: Call[]
/**
 * What main asks from now on: main is loaded once for the whole file and the tests run in any
 * order, so a test looks at the calls its own steps made, not at every call so far.
 */
const callsFromNow = () => {
  const from = mainSays().length
  const calls = () => mainSays().slice(from)
  return {
    calls,
    count: (name: string) => calls().filter(([called]) => called === name).length,
  }
}

beforeAll(async () => {
  harness = await startHarness()
  project = { ...DEFAULT_SETTINGS, backendUrl: harness.url, anonKey: harness.anonKey }
  await import('../src/main/index.ts')
  await vi.waitFor(() => expect(electron().count('window.loadURL')).toBe(1))
  window = electron().windows[0]!
  trusted = event(window.webContents.id, { url: `${APP_ORIGIN}/admin/home`, parent: null })
  atStart = [...mainSays()]
}, 60_000)
afterAll(async () => {
  vi.restoreAllMocks()
  await harness?.stop()
})

/** The log file main writes (electron-log, under the fake's logs folder). */
const logText = () => readFile('/tmp/club-admin-wiring/logs/main.log', 'utf8').catch(() => '')

describe('the main entry, loaded with a stand-in for electron', () => {
  it('should open one secure window on the app origin', () => {
    expect(electron().windows).toHaveLength(1)
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
    expect(mainSays()).toContainEqual(['window.loadURL', `${APP_ORIGIN}/admin/home`])
  })

  it('should handle every channel of the contract, and no other', () => {
    expect([...electron().ipcHandlers.keys()].sort()).toEqual(Object.keys(IPC_CONTRACT).sort())
  })

  it('should refuse every channel to a foreign page, a subframe and another window', async () => {
    const senders = [
      event(window.webContents.id, { url: 'https://evil.example/', parent: null }),
      event(window.webContents.id, { url: `${APP_ORIGIN}/admin/home`, parent: {} }),
      event(window.webContents.id + 100, { url: `${APP_ORIGIN}/admin/home`, parent: null }),
      event(window.webContents.id, null),
    ]
    for (const channel of Object.keys(IPC_CONTRACT) as ChannelName[]) {
      for (const sender of senders) {
        await expect(invoke(channel, sender), channel).rejects.toThrow(/sender refused/)
      }
    }
  })

  it('should check the arguments of every channel from the app itself', async () => {
    for (const channel of Object.keys(IPC_CONTRACT) as ChannelName[]) {
      await expect(invoke(channel, trusted, 'x', 'y', 'z'), channel).rejects.toThrow(
        /invalid arguments/,
      )
    }
  })

  it('should register the app scheme as privileged and serve it with a CSP', async () => {
    expect(mainSays()).toContainEqual([
      'protocol.registerSchemesAsPrivileged',
      [
        expect.objectContaining({
          scheme: APP_SCHEME,
          privileges: expect.objectContaining({ standard: true, secure: true }),
        }),
      ],
    ])
    const serve = electron().protocolHandlers.get(APP_SCHEME)
    const answer = await serve!(new Request(`${APP_ORIGIN}/admin/home`))
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
    const escape = await serve!(new Request(`${APP_ORIGIN}/..%2f..%2fpackage.json`))
    expect(escape.status).toBeGreaterThanOrEqual(400)
  })

  it('should keep the window on the app and open only https links outside it', () => {
    const fromHere = callsFromNow()
    const contents = window.webContents
    const navigate = (url: string) => {
      const attempt = { preventDefault: vi.fn() }
      contents.emit('will-navigate', attempt, url)
      return attempt.preventDefault.mock.calls.length
    }
    expect([navigate('https://evil.example/'), navigate(`${APP_ORIGIN}/admin/edit`)]).toEqual([
      1, 0,
    ])
    const webview = { preventDefault: vi.fn() }
    contents.emit('will-attach-webview', webview)
    expect(webview.preventDefault).toHaveBeenCalled()
    expect(contents.windowOpenHandler?.({ url: 'https://club.example/news' })).toEqual({
      action: 'deny',
    })
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(fromHere.calls().filter(([name]) => name === 'shell.openExternal')).toEqual([
      ['shell.openExternal', 'https://club.example/news'],
    ])
  })

  it('should refuse every permission request', () => {
    const answer = vi.fn()
    electron().permissionHandlers.request?.({}, 'media', answer)
    expect(answer).toHaveBeenCalledWith(false)
    expect(electron().permissionHandlers.check?.({}, 'notifications')).toBe(false)
  })

  it('should install the application menu', () => {
    expect(atStart.filter(([name]) => name === 'Menu.setApplicationMenu')).toHaveLength(1)
  })

  it('should give the About panel the version, and the author and homepage of the app’s manifest', () => {
    expect(mainSays()).toContainEqual([
      'app.setAboutPanelOptions',
      expect.objectContaining({
        applicationVersion: '0.1.0',
        copyright: expect.stringMatching(/^Copyright © Club webmaster/),
      }),
    ])
  })

  it('should point Help → Third-party licences at the notices the build writes', () => {
    const help = lastMenu().find((menu) => menu.role === 'help')?.submenu ?? []
    const item = help.find((entry) => entry.id === 'licences')
    const fromHere = callsFromNow()
    item?.click?.()
    // Run from source here, so there is no out/ beside main: main says where it looked.
    expect(fromHere.count('shell.openPath')).toBe(0)
    expect(fromHere.calls()).toContainEqual([
      'dialog.showMessageBox',
      expect.objectContaining({
        message: 'Third-party licences',
        detail: expect.stringMatching(/[\\/]src[\\/]THIRD_PARTY_NOTICES\.txt is missing/),
      }),
    ])
  })
})

describe('View live page', () => {
  it('should open the configured site in the system browser', async () => {
    await invoke('settings:save', trusted, { ...project, siteUrl: 'https://www.club.example' })
    await invoke('site:open-in-browser', trusted)
    expect(
      mainSays()
        .filter(([name]) => name === 'shell.openExternal')
        .at(-1),
    ).toEqual(['shell.openExternal', 'https://www.club.example/'])
  })
})

describe('an upload job, as main runs it', () => {
  const jobEvents = () =>
    mainSays()
      .filter(([name, channel]) => name === 'webContents.send' && channel === 'upload:job')
      .map(([, , job]) => job as UploadJobView)

  /** Signed in, with the folder `name` chosen: the job ready to start. */
  async function chosenJob(name: string) {
    await invoke('settings:save', trusted, project)
    await invoke('auth-storage:set', trusted, 'sb-127-auth-token', '{"access_token":"t"}')
    electron().answers.openDialog = {
      canceled: false,
      filePaths: [`/home/director/Pictures/${name}`],
    }
    return (await invoke('upload:choose-folder', trusted)) as UploadJobView
  }

  /** Starts `job`; resolves with the utility process main forked for it. */
  async function started(job: UploadJobView, dryRun: boolean) {
    const forked = electron().forked.length
    await invoke('upload:start', trusted, { jobId: job.jobId, dryRun, retryFailed: false })
    const child = electron().forked[forked]
    if (!child) throw new Error('main forked no process for the run')
    return child
  }

  it('should run in a utility process and drive power-save, progress, the quit guard and the end notice', async () => {
    const clock = vi.spyOn(Date, 'now')
    onTestFinished(() => clock.mockRestore())
    clock.mockReturnValue(1_000_000)
    const job = await chosenJob('opening-day')
    expect(job).toMatchObject({ folderName: 'opening-day', state: 'ready' })
    const fromHere = callsFromNow()
    const child = await started(job, false)

    // Its own process, from the built entry beside main's.
    expect(child.modulePath).toMatch(/[\\/]upload-process\.js$/)
    await vi.waitFor(() => expect(child.received).toHaveLength(1))
    expect(child.received[0]).toMatchObject({
      type: 'start',
      request: { jobId: job.jobId, folder: '/home/director/Pictures/opening-day' },
    })
    expect(fromHere.calls()).toContainEqual(['powerSaveBlocker.start', 'prevent-app-suspension'])
    // The fake numbers its blockers 1, 2, … in the order main asks for them.
    const blocker = electron().count('powerSaveBlocker.start')

    child.emit('message', {
      type: 'progress',
      progress: {
        phase: 'uploading',
        filesDone: 2,
        filesTotal: 4,
        bytesDone: 300,
        bytesTotal: 400,
        etaSeconds: 3,
      },
    })
    expect(fromHere.calls()).toContainEqual(['window.setProgressBar', 0.75])
    expect(jobEvents().at(-1)).toMatchObject({ state: 'running', progress: { filesDone: 2 } })
    // A reloaded screen asks for the jobs and finds this one running (beside any that other
    // tests left, in whichever order they ran).
    expect(await invoke('upload:jobs', trusted)).toContainEqual(
      expect.objectContaining({ jobId: job.jobId, state: 'running' }),
    )

    // Quitting, and closing the window (which quits off macOS), ask first; "Wait" keeps it going.
    const quit = { preventDefault: vi.fn() }
    electron().electron.app.emit('before-quit', quit)
    expect(quit.preventDefault).toHaveBeenCalled()
    await vi.waitFor(() =>
      expect(fromHere.calls()).toContainEqual(['dialog.showMessageBox', window, QUIT_QUESTION]),
    )
    const close = { preventDefault: vi.fn() }
    if (process.platform === 'darwin') {
      // On macOS closing the window does not quit: the run goes on, nothing to ask.
      window.emit('close', close)
      expect(close.preventDefault).not.toHaveBeenCalled()
    } else {
      // Main asks again once the first question is answered: on a busy machine, later than
      // vi.waitFor's default second.
      await vi.waitFor(
        () => {
          window.emit('close', close)
          expect(fromHere.count('dialog.showMessageBox')).toBe(2)
        },
        { timeout: 10_000, interval: 100 },
      )
      expect(close.preventDefault).toHaveBeenCalled()
    }
    expect(fromHere.count('app.quit')).toBe(0)

    // The run ends after more than 30 s: the machine may sleep, the bar goes, a notice shows.
    clock.mockReturnValue(1_000_000 + 31_000)
    child.emit('message', {
      type: 'done',
      report: {
        jobId: job.jobId,
        dryRun: false,
        cancelled: false,
        uploaded: 4,
        wouldUpload: 0,
        duplicates: 0,
        notStarted: 0,
        rejected: [],
        failed: [],
        bytesSent: 400,
        durationMs: 31_000,
        libraryError: null,
      },
    })
    expect(fromHere.calls()).toContainEqual(['powerSaveBlocker.stop', blocker])
    expect(
      fromHere
        .calls()
        .filter(([name]) => name === 'window.setProgressBar')
        .at(-1),
    ).toEqual(['window.setProgressBar', PROGRESS_NONE])
    expect(fromHere.calls()).toContainEqual([
      'new Notification',
      { title: 'Upload finished', body: 'opening-day: 4 uploaded, 0 already in the library' },
    ])
    expect(fromHere.count('utilityProcess.kill')).toBe(1)
    expect(jobEvents().at(-1)).toMatchObject({ state: 'done', report: { uploaded: 4 } })

    // Nothing running: quitting is let through.
    const later = { preventDefault: vi.fn() }
    electron().electron.app.emit('before-quit', later)
    expect(later.preventDefault).not.toHaveBeenCalled()
  })

  it('should cancel a run on sign-out and forget the jobs', async () => {
    const job = await chosenJob('tournament')
    const child = await started(job, true)
    await vi.waitFor(() => expect(child.received).toHaveLength(1))
    await invoke('credentials:clear', trusted)
    expect(child.received.at(-1)).toEqual({ type: 'cancel' })
    expect(await invoke('upload:jobs', trusted)).toEqual([])
    await expect(
      invoke('upload:start', trusted, { jobId: job.jobId, dryRun: false, retryFailed: false }),
    ).rejects.toThrow(/Choose the folder again/)
  })
})

describe('the club’s project, the log file and the desktop’s finishing touches', () => {
  const helpMenu = () => lastMenu().find((menu) => menu.role === 'help')?.submenu ?? []
  const fileMenu = () =>
    lastMenu().find((menu) => (menu as { label?: string }).label === 'File')?.submenu ?? []
  const sent = (calls: Call[], channel: string) =>
    calls
      .filter(([name, sentOn]) => name === 'webContents.send' && sentOn === channel)
      .map(([, , payload]) => payload)

  it('should save settings only for an address that answers as a Supabase project', async () => {
    const before = await invoke('settings:get', trusted)
    await expect(
      invoke('settings:save', trusted, { ...project, backendUrl: 'http://127.0.0.1:9' }),
    ).rejects.toThrow('Nothing answers at http://127.0.0.1:9. Check the backend address')
    expect(await invoke('settings:get', trusted)).toEqual(before)
  })

  it('should open the window centred on the primary display, whichever the list names first', () => {
    const { x, y, width, height } = window.options as Record<string, number>
    expect([x, y]).toEqual([Math.round((1920 - width!) / 2), Math.round((1080 - height!) / 2)])
  })

  it('should answer About’s facts: name, version, platform, the contact Report a problem writes to', async () => {
    expect(await invoke('app:info', trusted)).toMatchObject({
      name: 'Club Admin',
      version: '0.1.0',
      platform: process.platform,
      contact: 'webmaster@example.org',
    })
  })

  it('should log a child process gone and the window’s console errors, tokens redacted', async () => {
    const marker = `m${Date.now()}`
    electron().electron.app.emit(
      'child-process-gone',
      {},
      {
        type: 'Utility',
        reason: 'crashed',
        exitCode: 139,
        serviceName: 'Club Admin photo upload',
      },
    )
    window.webContents.emit('console-message', {
      level: 'error',
      message: `${marker} refresh failed for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln`,
      lineNumber: 12,
      sourceId: 'app://club/assets/index.js',
    })
    window.webContents.emit('console-message', { level: 'info', message: `${marker} chatter` })
    await vi.waitFor(async () => {
      const text = await logText()
      expect(text).toContain(
        'Child process gone: Club Admin photo upload (Utility): crashed, exit code 139',
      )
      expect(text).toContain(
        `Window console error: ${marker} refresh failed for [redacted] (app://club/assets/index.js:12)`,
      )
    })
    expect(await logText()).not.toContain(`${marker} chatter`)
  })

  it('should log an upload run’s failure, its counts and its process’s output, with no token', async () => {
    await invoke('settings:save', trusted, project)
    await invoke('auth-storage:set', trusted, 'sb-127-auth-token', '{"access_token":"t"}')
    const folder = await mkdtemp(join(tmpdir(), 'club-wiring-'))
    onTestFinished(() => rm(folder, { recursive: true, force: true }))
    electron().answers.openDialog = { canceled: false, filePaths: [folder] }
    const job = (await invoke('upload:choose-folder', trusted)) as UploadJobView
    const forked = electron().forked.length
    await invoke('upload:start', trusted, { jobId: job.jobId, dryRun: false, retryFailed: false })
    const child = electron().forked[forked]!
    expect(
      electron()
        .calls.filter(([name]) => name === 'utilityProcess.fork')
        .at(-1)?.[3],
    ).toMatchObject({
      stdio: 'pipe',
    })
    child.stderr.emit('data', Buffer.from('vips warning: read error\nBearer eyJx.eyJy.z sent\n'))
    child.emit('message', {
      type: 'progress',
      progress: {
        phase: 'uploading',
        filesDone: 3,
        filesTotal: 9,
        bytesDone: 1,
        bytesTotal: 3,
        etaSeconds: null,
      },
    })
    child.emit('message', { type: 'failed', message: 'Storage is not answering' })
    await vi.waitFor(async () => {
      const text = await logText()
      expect(text).toContain(`Upload ${job.jobId} started: the whole folder`)
      expect(text).toContain('Upload process (stderr): vips warning: read error')
      expect(text).toContain('Upload process (stderr): Bearer [redacted] sent')
      expect(text).toMatch(
        new RegExp(
          `Upload ${job.jobId} failed after \\d+ s, 3 of 9 files \\(uploading\\): Storage is not answering`,
        ),
      )
    })
    expect(await logText()).not.toContain(folder)
  })

  it('should notify at the end of a short run when the window is not focused, and open the run on a click', async () => {
    await invoke('settings:save', trusted, project)
    await invoke('auth-storage:set', trusted, 'sb-127-auth-token', '{"access_token":"t"}')
    const folder = await mkdtemp(join(tmpdir(), 'club-wiring-'))
    onTestFinished(() => rm(folder, { recursive: true, force: true }))
    electron().answers.openDialog = { canceled: false, filePaths: [folder] }
    const job = (await invoke('upload:choose-folder', trusted)) as UploadJobView
    const forked = electron().forked.length
    await invoke('upload:start', trusted, { jobId: job.jobId, dryRun: true, retryFailed: false })
    const child = electron().forked[forked]!
    electron().BrowserWindow.focused = null
    const notices = electron().notifications.length
    child.emit('message', {
      type: 'done',
      report: {
        jobId: job.jobId,
        dryRun: true,
        cancelled: false,
        uploaded: 0,
        wouldUpload: 2,
        duplicates: 0,
        notStarted: 0,
        rejected: [],
        failed: [],
        bytesSent: 0,
        durationMs: 800,
        libraryError: null,
      },
    })
    expect(electron().notifications.length).toBe(notices + 1)
    const fromHere = callsFromNow()
    electron().notifications.at(-1)!.emit('click')
    expect(fromHere.calls()).toContainEqual(['window.focus'])
    expect(sent(fromHere.calls(), 'menu:command')).toEqual(['upload-photos'])
  })

  it('should list the folders chosen under File → Open Recent, open one, and drop one that is gone', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'club-recent-'))
    electron().answers.openDialog = { canceled: false, filePaths: [folder] }
    await invoke('upload:choose-folder', trusted)
    const recentMenu = () => fileMenu().find((entry) => entry.id === 'open-recent')?.submenu ?? []
    expect(recentMenu()[0]).toMatchObject({ id: 'recent-0', label: basename(folder) })
    const fromHere = callsFromNow()
    recentMenu()[0]!.click!()
    await vi.waitFor(() =>
      expect(sent(fromHere.calls(), 'menu:command')).toEqual(['upload-photos']),
    )
    expect(sent(fromHere.calls(), 'upload:job')).toContainEqual(
      expect.objectContaining({ folderName: basename(folder), state: 'ready' }),
    )
    await rm(folder, { recursive: true, force: true })
    recentMenu()[0]!.click!()
    await vi.waitFor(() =>
      expect(fromHere.calls()).toContainEqual([
        'dialog.showMessageBox',
        expect.objectContaining({ message: 'That folder is gone' }),
      ]),
    )
    expect(recentMenu().map((entry) => (entry as { label?: string }).label)).not.toContain(
      basename(folder),
    )
  })

  it('should show what Report a problem sends, and open the mail only when the director agrees', async () => {
    // A line of its own in the log first, whatever ran before (the tests run in any order).
    const marker = `m${Date.now()}`
    window.webContents.emit('console-message', { level: 'error', message: `${marker} failed` })
    await vi.waitFor(async () => expect(await logText()).toContain(`${marker} failed`), {
      timeout: 10_000,
    })
    const item = helpMenu().find((entry) => entry.id === 'report-problem')
    electron().answers.messageBox = { response: 1 }
    const cancelled = callsFromNow()
    item?.click?.()
    await vi.waitFor(() => expect(cancelled.count('dialog.showMessageBox')).toBe(1))
    const shown = cancelled.calls().find(([name]) => name === 'dialog.showMessageBox')!
    const detail = (shown.at(-1) as { detail: string }).detail
    expect(detail).toMatch(/^This opens an email to webmaster@example\.org in your mail program/)
    expect(detail).toContain('App: Club Admin 0.1.0')
    expect(detail).toContain(`System: ${process.platform} `)
    expect(detail).toMatch(/The last \d+ lines of the log:\n> /)
    expect(detail).toContain(`${marker} failed`)
    expect(detail).not.toMatch(/eyJ/)
    expect(cancelled.count('shell.openExternal')).toBe(0)

    electron().answers.messageBox = { response: 0 }
    const agreed = callsFromNow()
    item?.click?.()
    await vi.waitFor(() => expect(agreed.count('shell.openExternal')).toBe(1))
    const mailto = agreed.calls().find(([name]) => name === 'shell.openExternal')![1] as string
    expect(mailto).toMatch(/^mailto:webmaster@example\.org\?subject=Club%20Admin%200\.1\.0/)
    expect(mailto.length).toBeLessThanOrEqual(1_900)
    electron().answers.messageBox = { response: 0 }
  })

  it('should send Help → Keyboard shortcuts and About to the window', () => {
    const fromHere = callsFromNow()
    helpMenu()
      .find((entry) => entry.id === 'shortcuts')
      ?.click?.()
    helpMenu()
      .find((entry) => entry.id === 'about')
      ?.click?.()
    expect(sent(fromHere.calls(), 'menu:command')).toEqual(['shortcuts', 'about'])
    expect(fromHere.count('app.showAboutPanel')).toBe(0)
  })

  it('should open a club-admin:// link of a second instance in the window, and ignore any other', () => {
    const fromHere = callsFromNow()
    const app = electron().electron.app
    app.emit('second-instance', {}, ['/opt/Club Admin/club-admin', 'club-admin://admin/edit/news'])
    app.emit('second-instance', {}, ['/opt/Club Admin/club-admin', 'club-admin://evil.example/x'])
    app.emit('open-url', { preventDefault: vi.fn() }, 'club-admin://desktop/upload')
    expect(sent(fromHere.calls(), 'app:open-route')).toEqual([
      '/admin/edit/news',
      '/desktop/upload',
    ])
  })
})
