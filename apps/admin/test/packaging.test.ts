import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { matchesGlob } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

/**
 * The electron-builder config, checked here because packaging itself needs an Electron binary:
 * against the JSON schema electron-builder validates with (app-builder-lib/scheme.json), and
 * for the settings the issue asks for.
 */
const buildDir = fileURLToPath(new URL('../../../build/', import.meta.url))
const appDir = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const fromBuilder = createRequire(require.resolve('electron-builder'))
const appBuilderLib = fromBuilder.resolve('app-builder-lib/package.json')
const fromLib = createRequire(appBuilderLib)

type Ajv = { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown[] } }
const AjvClass = fromLib('ajv') as { default: new (options: object) => Ajv }
const yaml = fromLib('js-yaml') as { load(text: string): unknown }

const schema = JSON.parse(
  readFileSync(appBuilderLib.replace('package.json', 'scheme.json'), 'utf8'),
) as object
const validate = new AjvClass.default({ allErrors: true, strict: false }).compile(schema)
const config = yaml.load(readFileSync(`${buildDir}electron-builder.yml`, 'utf8')) as Record<
  string,
  Record<string, unknown>
>

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

describe('build/electron-builder.yml', () => {
  it('should match electron-builder’s schema', () => {
    expect(validate(config) ? [] : validate.errors).toEqual([])
  })

  it('should fail the schema with an unknown option', () => {
    expect(validate({ ...config, notAnOption: true })).toBe(false)
  })

  it('should build AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect([config.linux?.target, config.mac?.target, config.win?.target]).toEqual([
      ['AppImage', 'deb'],
      'dmg',
      'nsis',
    ])
  })

  it('should turn off running as Node, NODE_OPTIONS and the inspector in the packaged app', () => {
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

  it('should package what electron-vite builds', () => {
    expect(config.files).toContain('out/**')
  })

  // main bundles every module but sharp (electron.vite.config.ts), which it imports at run time:
  // it must be packed where that import looks (app.asar/node_modules/sharp), with libvips, and
  // unpacked from the asar (a native library cannot be loaded from inside it).
  it('should pack sharp and its native binaries at the top of node_modules, unpacked from the asar', async () => {
    const temp = new TmpDir()
    try {
      const { nodeModules } = await collector
        .getCollectorByPackageManager(collector.PM.PNPM, appDir, temp)
        .getNodeModules({ packageName: '@club/admin' })
      const names = nodeModules.map((module) => module.name)
      // Everything else is bundled into out/: only sharp and what it needs at run time is
      // packed (not the workspace packages, React or the editor's libraries).
      expect(names.filter((name) => /^(?:@club\/|react|@tiptap\/|zod$)/.test(name))).toEqual([])
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
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as {
      main: string
    }
    expect(manifest.main).toBe('./out/main/index.js')
  })
})
