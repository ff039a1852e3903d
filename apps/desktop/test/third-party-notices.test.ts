import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import {
  BUNDLED_LIST,
  bundledRecord,
  mergeNotices,
  renderNotices,
  runtimeModules,
  writeNotices,
} from '../scripts/third-party-notices.ts'
import type { PackageNotice } from '../scripts/third-party-notices.ts'

/**
 * THIRD_PARTY_NOTICES.txt, from what is installed here: the modules packed beside main are read
 * from node_modules as electron-builder would pack them; the bundled parts' lists are written as
 * rollup-plugin-license hands them to electron.vite.config.ts.
 */
const appDir = fileURLToPath(new URL('..', import.meta.url))
const APP = { productName: 'Club Admin', version: '0.1.0' }

const notice = (name: string, license: string, licenseText: string | null): PackageNotice => ({
  name,
  version: '1.0.0',
  license,
  homepage: null,
  repository: `https://github.com/example/${name}`,
  licenseText,
  noticeText: null,
  shippedIn: ['main'],
})

describe('runtimeModules', () => {
  const modules = runtimeModules(appDir)
  const named = (pattern: RegExp) => modules.filter((module) => pattern.test(module.name))

  it('should find sharp with this platform’s libvips, and heic-decode with libheif', () => {
    expect(modules.map((module) => module.name)).toEqual(
      expect.arrayContaining([
        'sharp',
        expect.stringMatching(/^@img\/sharp-libvips-/),
        'heic-decode',
        'libheif-js',
      ]),
    )
  })

  it('should keep libheif’s own licence text', () => {
    const [libheif] = named(/^libheif-js$/)
    expect([libheif?.license, libheif?.licenseText]).toEqual([
      'LGPL-3.0',
      expect.stringContaining('GNU LESSER GENERAL PUBLIC LICENSE'),
    ])
  })

  it('should give libvips, which ships no licence file, the LGPL’s text and the libraries its binary holds', () => {
    const [libvips] = named(/^@img\/sharp-libvips-/)
    expect(libvips?.licenseText).toMatch(
      /GNU LESSER GENERAL PUBLIC LICENSE[\s\S]*The binary holds these libraries \(versions\.json\): .*\bvips \d/,
    )
  })

  it('should list nothing the app bundles instead (React, the workspace packages)', () => {
    expect(named(/^(react|@club\/|zod$)/)).toEqual([])
  })
})

describe('mergeNotices', () => {
  it('should list a package bundled by two parts and packed once, with every place', () => {
    const supabase = bundledRecord({
      name: '@supabase/auth-js',
      version: '2.119.1',
      license: 'MIT',
      homepage: null,
      repository: { url: 'git+https://github.com/supabase/supabase-js.git' },
      licenseText: 'MIT License …',
      noticeText: null,
    })
    const merged = mergeNotices({ main: [supabase], renderer: [supabase] }, [
      { ...notice('sharp', 'Apache-2.0', 'Apache …'), shippedIn: ['node_modules'] },
    ])
    expect(merged.map((entry) => [entry.name, entry.repository, entry.shippedIn])).toEqual([
      ['@supabase/auth-js', 'https://github.com/supabase/supabase-js', ['main', 'renderer']],
      ['sharp', 'https://github.com/example/sharp', ['node_modules']],
    ])
  })
})

describe('renderNotices', () => {
  it('should name the LGPL libraries first, with their source, and append the GNU GPL', () => {
    const text = renderNotices(
      [notice('libheif-js', 'LGPL-3.0', 'LGPL text'), notice('zod', 'MIT', 'MIT text')],
      APP,
    )
    expect(text).toMatch(
      /^Club Admin 0\.1\.0: third-party software\n[\s\S]*GNU Lesser General Public License, version 3:\n {2}- libheif-js 1\.0\.0 \(LGPL-3\.0\): source at https:\/\/github\.com\/example\/libheif-js\n/,
    )
    expect(text).toMatch(/\nzod 1\.0\.0\nLicence: MIT\n[\s\S]*\nMIT text\n/)
    expect(text).toMatch(
      /The GNU General Public License, version 3 \(referred to by the LGPL\)\n\nGNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007/,
    )
  })

  it('should not add the GPL when nothing under the LGPL is shipped', () => {
    const text = renderNotices([notice('zod', 'MIT', 'MIT text')], APP)
    expect([text.includes('GENERAL PUBLIC LICENSE'), text.includes('Lesser')]).toEqual([
      false,
      false,
    ])
  })

  it('should give a package without a licence file its licence’s standard text', () => {
    expect(renderNotices([notice('tiny', 'ISC', null)], APP)).toMatch(
      /\ntiny 1\.0\.0\nLicence: ISC\n[\s\S]*Permission to use, copy, modify, and\/or distribute this software/,
    )
  })

  it('should say so when neither the package nor the SPDX list has a text', () => {
    expect(renderNotices([notice('odd', 'SEE LICENSE IN EULA', null)], APP)).toContain(
      '(no licence text in the package)',
    )
  })
})

describe('writeNotices', () => {
  // A build output folder of each test's own: one test writes the lists another must not find.
  let out: string
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'club-notices-'))
  })
  afterEach(() => rmSync(out, { recursive: true, force: true }))

  it('should refuse to write without the build’s lists', () => {
    expect(() => writeNotices(appDir, out)).toThrow(/third-party-licences\.json is missing/)
  })

  it('should merge the parts’ lists and the packed modules into out/THIRD_PARTY_NOTICES.txt', () => {
    for (const part of ['main', 'preload', 'renderer']) {
      mkdirSync(join(out, part), { recursive: true })
      const record = { ...notice(`${part}-only`, 'MIT', `${part} licence`), shippedIn: undefined }
      writeFileSync(join(out, part, BUNDLED_LIST), JSON.stringify([record]))
    }
    const file = writeNotices(appDir, out)
    const text = readFileSync(file, 'utf8')
    expect(file).toBe(join(out, 'THIRD_PARTY_NOTICES.txt'))
    expect(
      ['main-only', 'preload-only', 'renderer-only', 'sharp', 'libheif-js'].map((name) =>
        new RegExp(`\\n${name} [\\d.]+\\nLicence: `).test(text),
      ),
    ).toEqual([true, true, true, true, true])
  })
})
