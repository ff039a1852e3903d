import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, matchesGlob, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import {
  AUTHOR_VARIABLE,
  builderConfig,
  FUSES,
  HOMEPAGE_VARIABLE,
  packagingConfig,
  UPDATE_URL_VARIABLE,
} from '../electron-builder.config.ts'
import { CLUB_CONFIG_FILE, UNCONFIGURED_BUILD } from '../src/main/club-config.ts'
import { LOCAL_ANON_KEY } from '../src/shared/settings.ts'
import { NOTICES_FILE } from '../scripts/third-party-notices.ts'

/**
 * The electron-builder config, checked here because packaging itself needs an Electron binary:
 * as electron-builder loads it, against the JSON schema it validates with
 * (app-builder-lib/scheme.json), and for the settings the issue asks for.
 */
const buildDir = fileURLToPath(new URL('../../../build/', import.meta.url))
const appDir = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const fromBuilder = createRequire(require.resolve('electron-builder'))
const appBuilderLib = fromBuilder.resolve('app-builder-lib/package.json')
const fromLib = createRequire(appBuilderLib)

type Ajv = { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown[] } }
const AjvClass = fromLib('ajv') as { default: new (options: object) => Ajv }

const schema = JSON.parse(
  readFileSync(appBuilderLib.replace('package.json', 'scheme.json'), 'utf8'),
) as object
const validate = new AjvClass.default({ allErrors: true, strict: false }).compile(schema)
const UPDATE_URL = 'https://updates.example.org/club-admin'
type Loose = Record<string, Record<string, unknown>>
/** The config as a build without an update feed gets it. */
const config = builderConfig({}) as unknown as Loose
/** A release: an update feed, and the club's own author and homepage. */
const withFeed = builderConfig({
  [UPDATE_URL_VARIABLE]: UPDATE_URL,
  [HOMEPAGE_VARIABLE]: 'https://www.club.example',
  [AUTHOR_VARIABLE]: 'Bethesda Club <web@club.example>',
}) as unknown as Loose
const manifest = JSON.parse(readFileSync(`${appDir}package.json`, 'utf8')) as Record<
  string,
  unknown
>

/** electron-builder's own loader of a config file (jiti for TypeScript). */
const { getConfig } = fromLib('./out/util/config/load.js') as {
  getConfig(
    request: { packageKey: string; configFilename: string; projectDir: string },
    configPath: string,
  ): Promise<{ result: unknown }>
}
/** electron-builder's own resolver of a hook given as a path. */
const { resolveFunction } = fromLib('./out/util/resolve.js') as {
  resolveFunction(type: string, executor: string, name: string, root: string): Promise<unknown>
}

type ModuleInfo = { name: string; dir: string; dependencies?: ModuleInfo[] }
/** electron-builder's own collector of the production modules it copies into app.asar. */
const collector = fromLib('./out/node-module-collector/index.js') as {
  PM: { PNPM: string }
  getCollectorByPackageManager(
    pm: string,
    rootDir: string,
    temp: unknown,
  ): { getNodeModules(options: { packageName: string }): Promise<{ nodeModules: ModuleInfo[] }> }
}
const { TmpDir } = fromLib('temp-file') as { TmpDir: new () => { cleanup(): Promise<void> } }

/** The width and height a PNG file declares in its header. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path)
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('electron-builder.config.ts', () => {
  it('should be what electron-builder loads from the file, refused when the build names no club project', async () => {
    const loading = getConfig(
      { packageKey: 'build', configFilename: 'electron-builder', projectDir: appDir },
      'electron-builder.config.ts',
    )
    // Whatever out/ holds now: electron-builder gets exactly what packagingConfig gives.
    let expected: unknown
    try {
      expected = JSON.parse(JSON.stringify(packagingConfig(process.env)))
    } catch (error) {
      await expect(loading).rejects.toThrow(UNCONFIGURED_BUILD)
      expect((error as Error).message).toBe(UNCONFIGURED_BUILD)
      return
    }
    expect(JSON.parse(JSON.stringify((await loading).result))).toEqual(expected)
  }, 30_000)

  it('should refuse to package a build without the club project, and package one with it', () => {
    const out = mkdtempSync(join(tmpdir(), 'club-out-'))
    try {
      expect(() => packagingConfig({}, out)).toThrow(UNCONFIGURED_BUILD)
      writeFileSync(
        join(out, CLUB_CONFIG_FILE),
        JSON.stringify({
          backendUrl: 'https://abcdefgh.supabase.co',
          anonKey: LOCAL_ANON_KEY,
          siteUrl: 'https://www.club.example',
        }),
      )
      expect(packagingConfig({}, out)).toEqual(builderConfig({}))
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  it('should give each OS the app’s identity: appId, the Linux desktop name, the club-admin:// scheme', () => {
    expect([
      config.appId,
      config.extraMetadata?.desktopName,
      manifest.desktopName,
      config.linux?.syncDesktopName,
      config.protocols,
    ]).toEqual([
      'org.club.admin',
      'club-admin.desktop',
      'club-admin.desktop',
      true,
      [{ name: 'Club Admin', schemes: ['club-admin'] }],
    ])
  })

  it.each([
    ['without', config],
    ['with', withFeed],
  ])('should match electron-builder’s schema %s an update feed', (_label, value) => {
    expect(validate(value) ? [] : validate.errors).toEqual([])
  })

  it('should fail the schema with an unknown option', () => {
    expect(validate({ ...config, notAnOption: true })).toBe(false)
  })

  it('should build AppImage and deb on Linux, dmg and zip (for updates) on macOS, nsis on Windows', () => {
    expect([config.linux?.target, config.mac?.target, config.win?.target]).toEqual([
      ['AppImage', 'deb'],
      ['dmg', 'zip'],
      'nsis',
    ])
  })

  it('should publish no update feed when the variable is unset or blank', () => {
    expect([config.publish, builderConfig({ [UPDATE_URL_VARIABLE]: '  ' }).publish]).toEqual([
      null,
      null,
    ])
  })

  it('should publish to the generic feed the variable names', () => {
    expect(withFeed.publish).toEqual({ provider: 'generic', url: UPDATE_URL })
  })

  it('should refuse an update feed that is not https', () => {
    expect(() => builderConfig({ [UPDATE_URL_VARIABLE]: 'http://updates.example.org' })).toThrow(
      /must be an https address/,
    )
  })

  it('should name the executable, and keep the manifest’s author and homepage by default', () => {
    expect([config.executableName, config.extraMetadata, config.linux?.maintainer]).toEqual([
      'club-admin',
      { author: manifest.author, homepage: manifest.homepage, desktopName: 'club-admin.desktop' },
      'Club webmaster <webmaster@example.org>',
    ])
  })

  it('should write the club’s author and homepage from the environment into the packaged manifest', () => {
    const club = builderConfig({
      [HOMEPAGE_VARIABLE]: 'https://www.club.example',
      [AUTHOR_VARIABLE]: 'Bethesda Club <web@club.example>',
    }) as unknown as Loose
    expect([club.extraMetadata, club.linux?.maintainer]).toEqual([
      {
        author: { name: 'Bethesda Club', email: 'web@club.example' },
        homepage: 'https://www.club.example',
        desktopName: 'club-admin.desktop',
      },
      'Bethesda Club <web@club.example>',
    ])
    expect(validate(club) ? [] : validate.errors).toEqual([])
  })

  it.each([
    [{ [HOMEPAGE_VARIABLE]: 'http://www.club.example' }, /CLUB_HOMEPAGE must be an https address/],
    [{ [AUTHOR_VARIABLE]: 'web@club.example' }, /CLUB_AUTHOR must read "Name <email>"/],
    [{ [UPDATE_URL_VARIABLE]: 'https://updates.club.example' }, /A release .* placeholders/],
  ])('should refuse %o', (env, message) => {
    expect(() => builderConfig(env)).toThrow(message)
  })

  it('should sign macOS with the hardened runtime and the entitlements in build/', () => {
    const mac = config.mac as Record<string, unknown>
    expect([mac.hardenedRuntime, mac.entitlements, mac.entitlementsInherit]).toEqual([
      true,
      'entitlements.mac.plist',
      'entitlements.mac.plist',
    ])
    expect(readFileSync(`${buildDir}entitlements.mac.plist`, 'utf8')).toMatch(
      /<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>/,
    )
  })

  it.each([
    ['afterSign', 'afterSign'],
    ['afterAllArtifactBuild', 'afterAllArtifactBuild'],
  ])('should resolve the %s hook to a function, as electron-builder does', async (key, name) => {
    const path = (config as unknown as Record<string, string>)[key] ?? ''
    expect(existsSync(resolve(appDir, path))).toBe(true)
    const hook = await resolveFunction('module', resolve(appDir, path), name, appDir)
    expect(typeof hook).toBe('function')
  })

  it('should turn off running as Node, NODE_OPTIONS and the inspector in the packaged app', () => {
    expect(FUSES).toBe(config.electronFuses)
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('should have a 1024 px icon for macOS and Windows', () => {
    expect(pngSize(`${buildDir}icon.png`)).toEqual([1024, 1024])
  })

  it.each([16, 32, 48, 64, 128, 256, 512])('should have a %i px Linux icon', (size) => {
    expect(pngSize(`${buildDir}icons/${size}x${size}.png`)).toEqual([size, size])
  })

  it('should package what electron-vite builds, without the parts’ licence lists', () => {
    expect(config.files).toEqual(
      expect.arrayContaining(['out/**', '!out/*/third-party-licences.json']),
    )
  })

  it('should ship the third-party notices the build writes, and About’s icon, as plain files in resources/', () => {
    expect(config.extraResources).toEqual([
      { from: `out/${NOTICES_FILE}`, to: NOTICES_FILE },
      { from: '../../build/icon.png', to: 'icon.png' },
    ])
    expect(existsSync(resolve(appDir, '../../build/icon.png'))).toBe(true)
  })

  // main bundles every module but sharp and heic-decode (electron.vite.config.ts), which it
  // imports at run time:
  // it must be packed where that import looks (app.asar/node_modules/sharp), with libvips, and
  // unpacked from the asar (a native library cannot be loaded from inside it).
  it('should pack sharp and its native binaries at the top of node_modules, unpacked from the asar', async () => {
    const temp = new TmpDir()
    try {
      const { nodeModules } = await collector
        .getCollectorByPackageManager(collector.PM.PNPM, appDir, temp)
        .getNodeModules({ packageName: '@club/desktop' })
      const names = nodeModules.map((module) => module.name)
      // Everything else is bundled into out/: only sharp, heic-decode and what they need at run
      // time is packed (not the workspace packages, React or the editor's libraries).
      expect(names.filter((name) => /^(?:@club\/|react|@tiptap\/|zod$)/.test(name))).toEqual([])
      // libheif (LGPL-3.0) is a module of its own, unpacked: a file the user may replace.
      expect(names).toEqual(expect.arrayContaining(['heic-decode', 'libheif-js']))
      expect(
        (config.asarUnpack as unknown as string[]).some((glob) =>
          matchesGlob('node_modules/libheif-js/wasm-bundle.js', glob),
        ),
      ).toBe(true)
      const native = names.filter((name) => name === 'sharp' || name.startsWith('@img/sharp-'))
      expect(native).toEqual(
        expect.arrayContaining([
          'sharp',
          expect.stringMatching(/^@img\/sharp-(?!libvips)/),
          expect.stringMatching(/^@img\/sharp-libvips-/),
        ]),
      )
      const unpacked = native.filter((name) =>
        (config.asarUnpack as unknown as string[]).some((glob) =>
          matchesGlob(`node_modules/${name}/lib/index.js`, glob),
        ),
      )
      expect(unpacked).toEqual(native)
    } finally {
      await temp.cleanup()
    }
  }, 60_000)

  it('should point the app at the built main', () => {
    expect(manifest.main).toBe('./out/main/index.js')
  })
})
