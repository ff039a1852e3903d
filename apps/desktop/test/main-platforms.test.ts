/**
 * Main's wiring as each OS sees it: the real entry loaded afresh under a recording stand-in for
 * electron with process.platform and process.argv set as that OS would start the app. Windows
 * gets the builder's appId as its AppUserModelID; a club-admin:// link opens the app on its
 * route whether it comes in the first launch's argv (Windows, Linux), a second instance's argv
 * (Windows, Linux) or macOS's open-url.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { APP_ORIGIN } from '../src/main/app-protocol.ts'
import { createElectronFake, MemoryStore } from './electron-fake.ts'

const realPlatform = process.platform
const realArgv = process.argv

/** Loads main afresh as `platform` would start it with `argv`; resolves once its window loads. */
async function startAs(platform: NodeJS.Platform, argv: string[]) {
  // A fresh electron each time: the last main's listeners stay on the last one.
  vi.resetModules()
  const electron = createElectronFake({
    userData: '/tmp/club-admin-platforms',
    appPath: new URL('..', import.meta.url).pathname,
  })
  vi.doMock('electron', () => ({ ...electron.electron, default: electron.electron }))
  vi.doMock('electron-store', () => ({ default: MemoryStore }))
  Object.defineProperty(process, 'platform', { value: platform })
  process.argv = argv
  await import('../src/main/index.ts')
  await vi.waitFor(() => expect(electron.count('window.loadURL')).toBe(1))
  return electron
}

afterEach(() => {
  Object.defineProperty(process, 'platform', { value: realPlatform })
  process.argv = realArgv
})

const routesSent = (electron: ReturnType<typeof createElectronFake>) =>
  electron.calls
    .filter(([name, channel]) => name === 'webContents.send' && channel === 'app:open-route')
    .map(([, , route]) => route)

describe('main on each OS', () => {
  it.each([
    ['win32', 'C:\\Program Files\\Club Admin\\Club Admin.exe'],
    ['linux', '/opt/Club Admin/club-admin'],
  ] as const)(
    'should open a link of the first launch and of a second instance on %s',
    async (platform, program) => {
      const electron = await startAs(platform, [program, 'club-admin://desktop/upload'])
      expect(electron.calls).toContainEqual(['window.loadURL', `${APP_ORIGIN}/desktop/upload`])
      electron.electron.app.emit('second-instance', {}, [
        program,
        '--some-flag',
        'club-admin://admin-login?type=invite#token=abc',
      ])
      electron.electron.app.emit('second-instance', {}, [program, 'club-admin://../etc/passwd'])
      expect(routesSent(electron)).toEqual(['/admin-login?type=invite#token=abc'])
      expect(electron.count('app.setAppUserModelId')).toBe(platform === 'win32' ? 1 : 0)
      if (platform === 'win32') {
        expect(electron.calls).toContainEqual(['app.setAppUserModelId', 'org.club.admin'])
      }
    },
  )

  it('should open a link macOS sends with open-url', async () => {
    const electron = await startAs('darwin', [
      '/Applications/Club Admin.app/Contents/MacOS/Club Admin',
    ])
    expect(electron.calls).toContainEqual(['window.loadURL', `${APP_ORIGIN}/admin/home`])
    const event = { preventDefault: vi.fn() }
    electron.electron.app.emit('open-url', event, 'club-admin://admin/edit/news')
    electron.electron.app.emit('open-url', { preventDefault: vi.fn() }, 'https://evil.example/')
    expect(event.preventDefault).toHaveBeenCalled()
    expect(routesSent(electron)).toEqual(['/admin/edit/news'])
    expect(electron.count('app.setAppUserModelId')).toBe(0)
  })
})
