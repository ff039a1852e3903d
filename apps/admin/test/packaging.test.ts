import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

/**
 * The electron-builder config, checked here because packaging itself needs an Electron binary:
 * against the JSON schema electron-builder validates with (app-builder-lib/scheme.json), and
 * for the settings the issue asks for.
 */
const buildDir = fileURLToPath(new URL('../../../build/', import.meta.url))
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

  it('should point the app at the built main', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as {
      main: string
    }
    expect(manifest.main).toBe('./out/main/index.js')
  })
})
