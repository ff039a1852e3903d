import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FUSES } from '../electron-builder.config.ts'
import {
  afterAllArtifactBuild,
  checkPackagedFuses,
  SOURCE_OFFER_FILE,
  fuseMismatches,
  packagedBinaries,
} from '../scripts/check-fuses.ts'
import { afterSign, notarizePlan } from '../scripts/notarize.ts'

/**
 * The packaging hooks, run for real on what they read: the fuse check on binaries that carry an
 * Electron fuse wire (written as Electron 45 lays it out, then flipped by @electron/fuses, as
 * electron-builder flips it), the notarization hook on its skip and submit paths.
 */

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron's shipped defaults: run as Node, NODE_OPTIONS, the inspector and file:// on, cookie encryption off. */
const SHIPPED_WIRE = '10110001'

/** A file with a fuse wire inside other bytes, as an Electron binary holds one. */
function fakeElectron(path: string, wire = SHIPPED_WIRE) {
  const bytes = Buffer.concat([
    Buffer.from('\x7fELF…machine code…'),
    Buffer.from(SENTINEL),
    Buffer.from([1, wire.length]),
    Buffer.from(wire),
    Buffer.from('…more machine code'),
  ])
  writeFileSync(path, bytes)
}

/** What electron-builder does to the binary with the config's fuses. */
const flipAsConfigured = (path: string) =>
  flipFuses(path, {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: FUSES.runAsNode,
    [FuseV1Options.EnableCookieEncryption]: FUSES.enableCookieEncryption,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]:
      FUSES.enableNodeOptionsEnvironmentVariable,
    [FuseV1Options.EnableNodeCliInspectArguments]: FUSES.enableNodeCliInspectArguments,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]:
      FUSES.enableEmbeddedAsarIntegrityValidation,
    [FuseV1Options.OnlyLoadAppFromAsar]: FUSES.onlyLoadAppFromAsar,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]:
      FUSES.loadBrowserProcessSpecificV8Snapshot,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: FUSES.grantFileProtocolExtraPrivileges,
  })

const NAMES = { executableName: 'club-admin', productFilename: 'Club Admin' }

describe('check-fuses', () => {
  let dist: string
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'club-dist-'))
  })
  afterEach(() => rmSync(dist, { recursive: true, force: true }))

  const linuxBinary = () => {
    mkdirSync(join(dist, 'linux-unpacked'))
    const path = join(dist, 'linux-unpacked', 'club-admin')
    fakeElectron(path)
    return path
  }

  it('should name every fuse Electron ships differently from the config', async () => {
    expect(await fuseMismatches(linuxBinary())).toEqual([
      'runAsNode: expected off, found on',
      'enableCookieEncryption: expected on, found off',
      'enableNodeOptionsEnvironmentVariable: expected off, found on',
      'enableNodeCliInspectArguments: expected off, found on',
      'enableEmbeddedAsarIntegrityValidation: expected on, found off',
      'onlyLoadAppFromAsar: expected on, found off',
      'grantFileProtocolExtraPrivileges: expected off, found on',
    ])
  })

  it('should find nothing wrong once the fuses are flipped as configured', async () => {
    const binary = linuxBinary()
    await flipAsConfigured(binary)
    expect(await fuseMismatches(binary)).toEqual([])
  })

  it('should report a fuse this Electron has removed', async () => {
    const binary = join(dist, 'electron')
    fakeElectron(binary, '01001r00')
    expect(await fuseMismatches(binary, { onlyLoadAppFromAsar: true })).toEqual([
      'onlyLoadAppFromAsar: expected on, found removed',
    ])
  })

  it('should find the unpacked Linux, Windows and macOS apps', () => {
    for (const dir of ['linux-unpacked', 'linux-arm64-unpacked', 'win-unpacked', 'mac-arm64']) {
      mkdirSync(join(dist, dir))
    }
    writeFileSync(join(dist, 'linux-unpacked', 'club-admin'), '')
    writeFileSync(join(dist, 'linux-arm64-unpacked', 'club-admin'), '')
    writeFileSync(join(dist, 'win-unpacked', 'Club Admin.exe'), '')
    mkdirSync(join(dist, 'mac-arm64', 'Club Admin.app'))
    writeFileSync(join(dist, 'Club Admin-0.1.0.AppImage'), '')
    expect(packagedBinaries(dist, NAMES).map((path) => path.slice(dist.length + 1))).toEqual(
      expect.arrayContaining([
        'linux-unpacked/club-admin',
        'linux-arm64-unpacked/club-admin',
        'win-unpacked/Club Admin.exe',
        'mac-arm64/Club Admin.app',
      ]),
    )
    expect(packagedBinaries(dist, NAMES)).toHaveLength(4)
  })

  it('should fail the build when a packaged binary keeps Electron’s defaults', async () => {
    linuxBinary()
    await expect(
      afterAllArtifactBuild({
        outDir: dist,
        configuration: { executableName: 'club-admin', productName: 'Club Admin' },
      }),
    ).rejects.toThrow(/linux-unpacked\/club-admin: runAsNode: expected off, found on/)
  })

  it('should pass when every packaged binary is as configured, writing the LGPL source offer beside the installers', async () => {
    await flipAsConfigured(linuxBinary())
    const appDir = join(dist, 'app')
    mkdirSync(join(appDir, 'out'), { recursive: true })
    writeFileSync(
      join(appDir, 'out', 'THIRD_PARTY_NOTICES.txt'),
      [
        'Club Admin 0.1.0: third-party software',
        '',
        'Libraries under the GNU Lesser General Public License, version 3:',
        '  - @img/sharp-libvips-linux-x64 1.3.0 (LGPL-3.0-or-later): source at https://github.com/lovell/sharp-libvips',
        '  - libheif-js 1.19.8 (LGPL-3.0): source at https://github.com/catdad-experiments/libheif-js',
        '',
      ].join('\n'),
    )
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const offer = join(dist, SOURCE_OFFER_FILE)
      await expect(
        afterAllArtifactBuild(
          {
            outDir: dist,
            configuration: { executableName: 'club-admin', productName: 'Club Admin' },
          },
          appDir,
        ),
      ).resolves.toEqual([offer])
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/every fuse as configured$/))
      const text = readFileSync(offer, 'utf8')
      expect(text).toContain(
        'sharp-libvips-linux-x64 1.3.0 (LGPL-3.0-or-later): source at https://github.com/lovell/sharp-libvips',
      )
      expect(text).toContain('libheif-js 1.19.8')
    } finally {
      log.mockRestore()
    }
  })

  it('should fail the packaging hook when there is no packaged binary to read', async () => {
    await expect(
      afterAllArtifactBuild({
        outDir: dist,
        configuration: { executableName: 'club-admin', productName: 'Club Admin' },
      }),
    ).rejects.toThrow(/no packaged app in .* to read the fuses from/)
  })

  it('should skip, saying why, when the command finds no packaged app', async () => {
    const messages: string[] = []
    const result = await checkPackagedFuses(join(dist, 'missing'), NAMES, (m) => messages.push(m))
    expect([result.checked, messages]).toEqual([
      [],
      [expect.stringMatching(/^check-fuses: skipped: no packaged app in .*missing/)],
    ])
  })
})

describe('notarize', () => {
  const mac = {
    electronPlatformName: 'darwin',
    appOutDir: '/dist/mac-arm64',
    packager: { appInfo: { productFilename: 'Club Admin' } },
  }
  const API_KEY = {
    APPLE_API_KEY: '/keys/AuthKey.p8',
    APPLE_API_KEY_ID: 'T9GPZ92M7K',
    APPLE_API_ISSUER: 'c055ca8c-e5a8-4836-b61d-aa5794eeb3f4',
  }

  it('should skip another platform', () => {
    expect(notarizePlan({ ...mac, electronPlatformName: 'linux' }, API_KEY)).toEqual({
      skip: 'only macOS apps are notarized (this is linux)',
    })
  })

  it('should skip without complete credentials', () => {
    expect(notarizePlan(mac, { APPLE_ID: 'director@example.org' })).toEqual({
      skip: expect.stringMatching(/^no Apple credentials/),
    })
  })

  it('should notarize the .app with an App Store Connect key', () => {
    expect(notarizePlan(mac, API_KEY)).toEqual({
      appPath: '/dist/mac-arm64/Club Admin.app',
      credentials: {
        appleApiKey: '/keys/AuthKey.p8',
        appleApiKeyId: 'T9GPZ92M7K',
        appleApiIssuer: 'c055ca8c-e5a8-4836-b61d-aa5794eeb3f4',
      },
    })
  })

  it('should notarize with an Apple ID and app-specific password', () => {
    const plan = notarizePlan(mac, {
      APPLE_ID: 'director@example.org',
      APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
      APPLE_TEAM_ID: 'ABCDE12345',
    })
    expect(plan).toEqual({
      appPath: '/dist/mac-arm64/Club Admin.app',
      credentials: {
        appleId: 'director@example.org',
        appleIdPassword: 'abcd-efgh-ijkl-mnop',
        teamId: 'ABCDE12345',
      },
    })
  })

  it('should no-op, printing why, when the hook runs without credentials', async () => {
    const submit = vi.fn(async () => {})
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const message = await afterSign(mac, {}, submit)
      expect([
        message.startsWith('notarize: skipped: no Apple credentials'),
        submit.mock.calls,
      ]).toEqual([true, []])
      expect(log).toHaveBeenCalledWith(message)
    } finally {
      log.mockRestore()
    }
  })

  it('should submit the app when the credentials are there', async () => {
    const submit = vi.fn(async () => {})
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await afterSign(mac, API_KEY, submit)
    } finally {
      log.mockRestore()
    }
    expect(submit).toHaveBeenCalledWith({
      appPath: '/dist/mac-arm64/Club Admin.app',
      appleApiKey: '/keys/AuthKey.p8',
      appleApiKeyId: 'T9GPZ92M7K',
      appleApiIssuer: 'c055ca8c-e5a8-4836-b61d-aa5794eeb3f4',
    })
  })
})
