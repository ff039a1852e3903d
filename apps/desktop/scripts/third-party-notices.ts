/**
 * THIRD_PARTY_NOTICES.txt: every third-party package the desktop app ships, with its licence
 * text, written to out/ after `electron-vite build` (the `build` script runs this) and shipped
 * beside the app by electron-builder (`extraResources`), where Help → Third-party licences
 * opens it.
 *
 * Two kinds of third-party code are shipped:
 * - code bundled into out/main, out/preload and out/renderer: each part's build lists it in
 *   `out/<part>/third-party-licences.json` (rollup-plugin-license, electron.vite.config.ts);
 * - the modules electron-builder packs beside main (the manifest's `dependencies`, and theirs:
 *   sharp with libvips, heic-decode with libheif), found here from the installed packages, so
 *   the list names the platform packages of the machine that packages.
 *
 * A package without a licence file gets its licence's standard text (spdx-license-list); the
 * GNU GPL's text is appended when an LGPL-3.0 package is shipped (LGPL-3.0 section 4b).
 * Electron's and Chromium's own licences are written beside the app by electron-builder.
 *
 * Command: `node scripts/third-party-notices.ts` (from apps/desktop, after electron-vite build).
 */
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { THIRD_PARTY_NOTICES } from '../src/main/menu-template.ts'

/** The list each part's build writes (electron.vite.config.ts). */
export const BUNDLED_LIST = 'third-party-licences.json'
/** The file written to out/ and shipped in the app's resources folder. */
export const NOTICES_FILE = THIRD_PARTY_NOTICES
/** The parts electron-vite builds. */
export const PARTS = ['main', 'preload', 'renderer'] as const

/** One shipped package, as listed. */
export type PackageNotice = {
  name: string
  version: string
  license: string
  homepage: string | null
  /** Its source repository, when the package names one. */
  repository: string | null
  licenseText: string | null
  noticeText: string | null
  /** Where it is in the app: the parts that bundle it, or `node_modules` (packed beside main). */
  shippedIn: string[]
}

/** What rollup-plugin-license tells of a dependency (the fields this list keeps). */
type PluginDependency = {
  name: string | null
  version: string | null
  license: string | null
  homepage: string | null
  repository: string | { url: string } | null
  licenseText: string | null
  noticeText: string | null
}

/** A package's repository address, as a browser opens it. */
function repositoryOf(repository: unknown): string | null {
  const url = typeof repository === 'string' ? repository : (repository as { url?: unknown })?.url
  if (typeof url !== 'string' || !url) return null
  return url
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '')
}

/** rollup-plugin-license's dependency as this list keeps it (the `template` of each part). */
export function bundledRecord(dependency: PluginDependency): Omit<PackageNotice, 'shippedIn'> {
  return {
    name: dependency.name ?? '(unnamed)',
    version: dependency.version ?? '',
    license: dependency.license ?? 'UNLICENSED',
    homepage: dependency.homepage,
    repository: repositoryOf(dependency.repository),
    licenseText: dependency.licenseText,
    noticeText: dependency.noticeText,
  }
}

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i
const NOTICE_FILE = /^notice(\.(md|txt))?$/i

function readFirst(dir: string, pattern: RegExp): string | null {
  const file = readdirSync(dir).find((name) => pattern.test(name))
  return file ? readFileSync(join(dir, file), 'utf8') : null
}

type Manifest = {
  name: string
  version: string
  license?: string
  homepage?: string
  repository?: string | { url: string }
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/**
 * The modules electron-builder packs beside main: the manifest's `dependencies` of `appDir`
 * and, recursively, theirs and the optional ones installed here (a platform's native package).
 */
export function runtimeModules(appDir: string): PackageNotice[] {
  const found = new Map<string, PackageNotice>()
  const visit = (name: string, from: string) => {
    // Node's lookup of a package from `from` (its exports may hide package.json from resolve).
    const lookup = createRequire(join(from, 'package.json')).resolve.paths(name) ?? []
    const packageDir = lookup
      .map((base) => join(base, name))
      .find((dir) => existsSync(join(dir, 'package.json')))
    // An optional dependency for another platform is not installed here.
    if (!packageDir) return
    const dir = realpathSync(packageDir)
    const manifestPath = join(dir, 'package.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
    const key = `${manifest.name}@${manifest.version}`
    if (found.has(key)) return
    let licenseText = readFirst(dir, LICENCE_FILE)
    // sharp's libvips package names the libraries its binary holds in versions.json.
    const versions = join(dir, 'versions.json')
    if (existsSync(versions)) {
      const libraries = Object.entries(JSON.parse(readFileSync(versions, 'utf8')) as object)
        .map(([library, version]) => `${library} ${String(version)}`)
        .join(', ')
      licenseText = `${licenseText ?? standardText(manifest.license ?? '') ?? ''}\n\nThe binary holds these libraries (versions.json): ${libraries}.\n`
    }
    found.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: manifest.license ?? 'UNLICENSED',
      homepage: manifest.homepage ?? null,
      repository: repositoryOf(manifest.repository),
      licenseText,
      noticeText: readFirst(dir, NOTICE_FILE),
      shippedIn: ['node_modules'],
    })
    for (const dependency of Object.keys({
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
    })) {
      visit(dependency, dir)
    }
  }
  const app = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as Manifest
  for (const name of Object.keys(app.dependencies ?? {})) visit(name, appDir)
  return [...found.values()]
}

/** Merges the parts' lists and the runtime modules: one entry per name and version. */
export function mergeNotices(
  bundled: Partial<Record<string, Omit<PackageNotice, 'shippedIn'>[]>>,
  runtime: PackageNotice[],
): PackageNotice[] {
  const merged = new Map<string, PackageNotice>()
  const add = (notice: PackageNotice) => {
    const key = `${notice.name}@${notice.version}`
    const known = merged.get(key)
    if (known) known.shippedIn = [...new Set([...known.shippedIn, ...notice.shippedIn])]
    else merged.set(key, { ...notice, shippedIn: [...notice.shippedIn] })
  }
  for (const [part, list] of Object.entries(bundled)) {
    for (const record of list ?? []) add({ ...record, shippedIn: [part] })
  }
  for (const notice of runtime) add(notice)
  return [...merged.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name.localeCompare(b.name),
  )
}

/** The standard text of an SPDX licence id (spdx-license-list), or null for none known. */
export function standardText(license: string): string | null {
  const require = createRequire(import.meta.url)
  for (const id of [license, license.replace(/\+$/, '-or-later')]) {
    if (!/^[A-Za-z0-9.+-]+$/.test(id)) continue
    try {
      return (require(`spdx-license-list/licenses/${id}.json`) as { licenseText: string })
        .licenseText
    } catch {
      // Not a single SPDX id (an expression such as "MIT OR Apache-2.0"), or not in the list.
    }
  }
  return null
}

const RULE = '-'.repeat(78)
const isLgpl3 = (license: string) => /\bLGPL-3\.0/.test(license)

/** The notices file: a preamble, each package with its licence, and the GPL when LGPL is shipped. */
export function renderNotices(
  notices: PackageNotice[],
  app: { productName: string; version: string },
): string {
  const lgpl = notices.filter((notice) => isLgpl3(notice.license))
  const lines = [
    `${app.productName} ${app.version}: third-party software`,
    '',
    `${app.productName} ships the open-source packages listed below, each under its own licence,`,
    'whose text follows its name. Electron and Chromium are listed in LICENSE.electron.txt and',
    'LICENSES.chromium.html beside the application.',
    '',
  ]
  if (lgpl.length > 0) {
    lines.push(
      'Libraries under the GNU Lesser General Public License, version 3:',
      ...lgpl.map(
        (notice) =>
          `  - ${notice.name} ${notice.version} (${notice.license}): source at ${notice.repository ?? notice.homepage ?? 'its package on npm'}`,
      ),
      '',
      'Each is kept as a file of its own outside app.asar (resources/app.asar.unpacked/',
      'node_modules), loaded when the app runs: you may replace it with a modified version of',
      'the same interface. Their source is at the addresses above, and the source of this',
      'version is available from the club on request. The texts of the GNU LGPL and of the',
      'GNU GPL it builds on are included below.',
      '',
    )
  }
  for (const notice of notices) {
    lines.push(
      RULE,
      `${notice.name} ${notice.version}`,
      `Licence: ${notice.license}`,
      ...(notice.homepage ? [`Homepage: ${notice.homepage}`] : []),
      ...(notice.repository ? [`Source: ${notice.repository}`] : []),
      `Shipped in: ${notice.shippedIn.join(', ')}`,
      '',
      (notice.licenseText ?? standardText(notice.license) ?? '(no licence text in the package)')
        .replace(/\r\n/g, '\n')
        .trimEnd(),
      ...(notice.noticeText ? ['', notice.noticeText.replace(/\r\n/g, '\n').trimEnd()] : []),
      '',
    )
  }
  if (lgpl.length > 0) {
    lines.push(RULE, 'The GNU General Public License, version 3 (referred to by the LGPL)', '')
    lines.push(standardText('GPL-3.0-only') ?? '', '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}

/** Reads what the build left in `outDir`, adds `appDir`'s runtime modules, writes the notices. */
export function writeNotices(appDir: string, outDir = join(appDir, 'out')): string {
  const bundled: Record<string, Omit<PackageNotice, 'shippedIn'>[]> = {}
  for (const part of PARTS) {
    const list = join(outDir, part, BUNDLED_LIST)
    if (!existsSync(list)) {
      throw new Error(`${list} is missing: run electron-vite build first`)
    }
    bundled[part] = JSON.parse(readFileSync(list, 'utf8')) as Omit<PackageNotice, 'shippedIn'>[]
  }
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as {
    productName: string
    version: string
  }
  const notices = mergeNotices(bundled, runtimeModules(appDir))
  const file = join(outDir, NOTICES_FILE)
  writeFileSync(file, renderNotices(notices, manifest))
  return file
}

if (import.meta.main) {
  const file = writeNotices(fileURLToPath(new URL('..', import.meta.url)))
  console.log(`third-party notices: ${file}`)
}
