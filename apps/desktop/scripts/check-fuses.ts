/**
 * Reads the fuses back from the packaged app and fails the build when one differs from
 * electron-builder.config.ts. electron-builder flips them after its `afterPack` hook (right
 * before signing), so this runs as `afterAllArtifactBuild`, over the unpacked apps in dist/.
 * There, finding no packaged binary to read fails the build too: a check that read nothing
 * has checked nothing. The hook also writes the LGPL source offer beside the installers.
 *
 * Also a command: `node scripts/check-fuses.ts [dist]` checks what an earlier `pnpm package`
 * left there. Without a packaged app (electron-builder could not fetch the Electron binary) the
 * command skips, saying so.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'

import { FUSES } from '../electron-builder.config.ts'
import { EXECUTABLE_NAME, PRODUCT_NAME } from '../src/shared/app-identity.ts'
import { NOTICES_FILE } from './third-party-notices.ts'

type FuseName = keyof typeof FUSES

/** Each fuse of the config, by its place in the binary's fuse wire. */
const WIRE_INDEX: Record<FuseName, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
}

/** The bytes a fuse holds: '0' off, '1' on, 'r' removed from this Electron. */
const STATE = { 48: 'off', 49: 'on', 114: 'removed' } as Record<number, string>

/** Every fuse that is not as configured, as `name: expected …, found …`. */
export async function fuseMismatches(
  binaryPath: string,
  expected: Partial<Record<FuseName, boolean>> = FUSES,
): Promise<string[]> {
  const wire = (await getCurrentFuseWire(binaryPath)) as Record<number, number | undefined>
  const problems: string[] = []
  for (const [name, want] of Object.entries(expected) as [FuseName, boolean][]) {
    const byte = wire[WIRE_INDEX[name]]
    const found = byte === undefined ? 'missing' : (STATE[byte] ?? `byte ${byte}`)
    if (found !== (want ? 'on' : 'off')) {
      problems.push(`${name}: expected ${want ? 'on' : 'off'}, found ${found}`)
    }
  }
  return problems
}

/** The packaged binaries electron-builder left in `outDir` (unpacked Linux, Windows, macOS apps). */
export function packagedBinaries(
  outDir: string,
  names: { executableName: string; productFilename: string },
): string[] {
  if (!existsSync(outDir)) return []
  const found: string[] = []
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const dir = join(outDir, entry.name)
    if (/^linux(-[a-z0-9]+)?-unpacked$/.test(entry.name)) {
      found.push(join(dir, names.executableName))
    } else if (/^win(-[a-z0-9]+)?-unpacked$/.test(entry.name)) {
      // electron-builder names the Windows program after the product.
      found.push(join(dir, `${names.productFilename}.exe`))
    } else if (/^mac(-[a-z0-9]+)?$/.test(entry.name)) {
      found.push(join(dir, `${names.productFilename}.app`))
    }
  }
  return found.filter((path) => existsSync(path))
}

/**
 * Checks every packaged binary in `outDir`; throws naming each fuse that is wrong, and, when
 * `required` (the packaging hook), when there is no binary at all.
 */
export async function checkPackagedFuses(
  outDir: string,
  names: { executableName: string; productFilename: string },
  log: (message: string) => void = console.log,
  options: { required?: boolean } = {},
): Promise<{ checked: string[] }> {
  const binaries = packagedBinaries(outDir, names)
  if (binaries.length === 0) {
    if (options.required) {
      throw new Error(
        `check-fuses: no packaged app in ${outDir} to read the fuses from: the build cannot say its fuses are as configured`,
      )
    }
    log(`check-fuses: skipped: no packaged app in ${outDir} (packaging needs the Electron binary)`)
    return { checked: [] }
  }
  const failures: string[] = []
  for (const binary of binaries) {
    const problems = await fuseMismatches(binary)
    if (problems.length === 0) log(`check-fuses: ${binary}: every fuse as configured`)
    for (const problem of problems) failures.push(`${binary}: ${problem}`)
  }
  if (failures.length > 0) throw new Error(`Fuses not as configured:\n${failures.join('\n')}`)
  return { checked: binaries }
}

/** The part of electron-builder's BuildResult the hook reads. */
type BuildResultLike = {
  outDir: string
  configuration: { executableName?: string | null; productName?: string | null }
}

/** The file beside the installers that offers the LGPL libraries' source. */
export const SOURCE_OFFER_FILE = 'LGPL-SOURCE-OFFER.txt'

/**
 * The written offer of the LGPL libraries' source (LGPL 4d, GPL 6), from the notices the build
 * wrote: each library, its version and where its source is. Null when none is shipped.
 */
export function sourceOffer(notices: string, productName: string): string | null {
  const libraries = notices
    .split('\n')
    .filter((line) => /^ {2}- .+ \(LGPL-3\.0[^)]*\): source at /.test(line))
  if (libraries.length === 0) return null
  return `${[
    `${productName}: source of the LGPL libraries it ships`,
    '',
    'This app ships these libraries under the GNU Lesser General Public License, version 3:',
    '',
    ...libraries,
    '',
    'The corresponding source of these exact versions is at the addresses above (the tag of',
    'each version). The club also supplies it on request, for as long as it offers these',
    'installers, through the contact named in the app (Help → Report a problem). Their',
    "licence texts are in THIRD_PARTY_NOTICES.txt, in the app's resources folder.",
  ].join('\n')}\n`
}

/**
 * electron-builder's `afterAllArtifactBuild` hook: the fuse check (failing without a binary),
 * then the LGPL source offer written beside the installers, returned as an artifact of its own.
 */
export async function afterAllArtifactBuild(
  result: BuildResultLike,
  appDir: string = fileURLToPath(new URL('..', import.meta.url)),
): Promise<string[]> {
  const productName = result.configuration.productName ?? PRODUCT_NAME
  await checkPackagedFuses(
    result.outDir,
    {
      executableName: result.configuration.executableName ?? productName,
      productFilename: productName,
    },
    console.log,
    { required: true },
  )
  const notices = join(appDir, 'out', NOTICES_FILE)
  if (!existsSync(notices)) throw new Error(`${notices} is missing: run pnpm build first`)
  const offer = sourceOffer(readFileSync(notices, 'utf8'), productName)
  if (!offer) return []
  const file = join(result.outDir, SOURCE_OFFER_FILE)
  writeFileSync(file, offer)
  return [file]
}

export default afterAllArtifactBuild

if (import.meta.main) {
  const outDir = resolve(process.argv[2] ?? 'dist')
  await checkPackagedFuses(outDir, {
    executableName: EXECUTABLE_NAME,
    productFilename: PRODUCT_NAME,
  })
}
