/**
 * electron-builder's configuration for the desktop app (run from apps/desktop; see its README).
 * A function of the environment at packaging time, because three settings come from it:
 *
 * - CLUB_UPDATE_URL: the https address of the generic update feed (latest.yml, latest-mac.yml,
 *   latest-linux.yml and the artifacts, as electron-builder writes them to dist/). Set, the app
 *   checks it and offers "Restart to update"; unset, no feed is written and updates are off.
 * - CLUB_HOMEPAGE (https) and CLUB_AUTHOR ("Name <email>"): the club's website and who publishes
 *   the app, written into the packaged manifest (About, the Linux package's maintainer).
 *   Unset, the manifest's development placeholders stay, and a release (CLUB_UPDATE_URL set)
 *   is refused.
 *
 * The club's project (Supabase address, anon key, site address) is built into the app by
 * `pnpm build` (out/club-config.json; see src/main/club-config.ts): packaging refuses a build
 * without one (`packagingConfig`, the default export), so no installer asks the director for it.
 *
 * Checked without packaging by test/packaging.test.ts (schema, targets, referenced files).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Configuration } from 'electron-builder'

import { CLUB_CONFIG_FILE, requireBuiltClubConfig } from './src/main/club-config.ts'
import {
  APP_ID,
  DEEP_LINK_SCHEME,
  DESKTOP_NAME,
  EXECUTABLE_NAME,
  PRODUCT_NAME,
} from './src/shared/app-identity.ts'

/** The environment variable that names the update feed at build time. */
export const UPDATE_URL_VARIABLE = 'CLUB_UPDATE_URL'
/** The environment variables that name the club's website and the app's publisher. */
export const HOMEPAGE_VARIABLE = 'CLUB_HOMEPAGE'
export const AUTHOR_VARIABLE = 'CLUB_AUTHOR'

/** The manifest's own values: development placeholders, at example.org. */
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  author: { name: string; email: string }
  homepage: string
}
const PLACEHOLDER = /(^|[.@/])example\.org(\/|$)/

/**
 * Who publishes the app and the club's website: from the environment, else the manifest's.
 * Errors name the variable; a release (with an update feed) must not ship the placeholders.
 */
export function appMetadata(env: Record<string, string | undefined>) {
  const homepage = env[HOMEPAGE_VARIABLE]?.trim() || manifest.homepage
  if (!URL.canParse(homepage) || new URL(homepage).protocol !== 'https:') {
    throw new Error(`${HOMEPAGE_VARIABLE} must be an https address (it was "${homepage}")`)
  }
  let author = manifest.author
  const given = env[AUTHOR_VARIABLE]?.trim()
  if (given) {
    const parsed = /^([^<>]+?)\s*<([^<>\s]+@[^<>\s]+\.[^<>\s]+)>$/.exec(given)
    if (!parsed) {
      throw new Error(`${AUTHOR_VARIABLE} must read "Name <email>" (it was "${given}")`)
    }
    author = { name: parsed[1]!, email: parsed[2]! }
  }
  if (updateFeed(env) && (PLACEHOLDER.test(homepage) || PLACEHOLDER.test(author.email))) {
    throw new Error(
      `A release (${UPDATE_URL_VARIABLE} set) needs the club's own ${HOMEPAGE_VARIABLE} and ${AUTHOR_VARIABLE}: the manifest's are placeholders at example.org`,
    )
  }
  return { author, homepage }
}

/** The fuses flipped in the packaged binary (https://www.electronjs.org/docs/latest/tutorial/fuses). */
export const FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
} as const

/** The update feed from the environment: null when unset; an error unless it is https. */
export function updateFeed(env: Record<string, string | undefined>) {
  const url = env[UPDATE_URL_VARIABLE]?.trim()
  if (!url) return null
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') {
    throw new Error(`${UPDATE_URL_VARIABLE} must be an https address (it was "${url}")`)
  }
  return { provider: 'generic' as const, url }
}

export function builderConfig(env: Record<string, string | undefined>): Configuration {
  const { author, homepage } = appMetadata(env)
  return {
    // Also the Windows AppUserModelID main sets (notifications show only under it).
    appId: APP_ID,
    productName: PRODUCT_NAME,
    // The program's file name and command on Linux only: electron-builder names the Windows
    // program and the macOS app after productName (`Club Admin.exe`, `Club Admin.app`).
    executableName: EXECUTABLE_NAME,
    copyright: 'Copyright © the club',
    // Into the packaged package.json, where main reads them for About; Electron takes the
    // Linux window's app id (WM_CLASS) from desktopName, which names the .desktop file too.
    extraMetadata: { author, homepage, desktopName: DESKTOP_NAME },
    // club-admin:// links (a password-reset or invitation email) open the app: macOS from
    // Info.plist, Linux from the .desktop file's MimeType; NSIS registers none, so on Windows
    // main registers the scheme itself at start (app.setAsDefaultProtocolClient).
    protocols: [{ name: PRODUCT_NAME, schemes: [DEEP_LINK_SCHEME] }],
    directories: {
      // Relative to apps/desktop, where electron-builder runs.
      buildResources: '../../build',
      output: 'dist',
    },
    // What electron-vite built, and the manifest (name, version; author and homepage as above). main bundles
    // its dependencies (workspace packages, electron-log, electron-updater included), so the
    // only runtime modules electron-builder adds are the manifest's `dependencies`: sharp's
    // native binaries, and heic-decode with libheif (LGPL-3.0). Both are unpacked from the asar:
    // a native library cannot load from inside it, and libheif stays a file the user may
    // replace, as the LGPL asks (see the README). The parts' licence lists are merged into
    // THIRD_PARTY_NOTICES.txt, shipped in the resources folder (Help → Third-party licences).
    files: ['out/**', 'package.json', '!**/*.map', '!out/*/third-party-licences.json'],
    extraResources: [
      { from: 'out/THIRD_PARTY_NOTICES.txt', to: 'THIRD_PARTY_NOTICES.txt' },
      // The About panel's icon on Windows and Linux (macOS takes the app's own).
      { from: '../../build/icon.png', to: 'icon.png' },
    ],
    asar: true,
    asarUnpack: [
      '**/node_modules/sharp/**/*',
      '**/node_modules/@img/**/*',
      '**/node_modules/libheif-js/**/*',
    ],
    // sharp ships prebuilt Node-API binaries: nothing to rebuild, and no Electron headers to fetch.
    npmRebuild: false,
    electronFuses: FUSES,
    // electron-builder flips the fuses after `afterPack`, right before signing: they are read
    // back from the packaged binaries once every artifact is built (scripts/check-fuses.ts,
    // which fails the build when it finds no binary to read), and the LGPL source offer is
    // written beside the installers.
    afterAllArtifactBuild: './scripts/check-fuses.ts',
    // Notarization on macOS, when the Apple credentials are in the environment (scripts/notarize.ts);
    // electron-builder's own notarization step is off so that it runs once.
    afterSign: './scripts/notarize.ts',
    linux: {
      target: ['AppImage', 'deb'],
      icon: 'icons',
      category: 'Office',
      maintainer: `${author.name} <${author.email}>`,
      // The .desktop file is named after desktopName, which Electron gives the window.
      syncDesktopName: true,
      synopsis: 'Edit the club site and upload photos',
    },
    mac: {
      // zip: what electron-updater installs an update from on macOS.
      target: ['dmg', 'zip'],
      icon: 'icon.png',
      category: 'public.app-category.productivity',
      hardenedRuntime: true,
      entitlements: 'entitlements.mac.plist',
      entitlementsInherit: 'entitlements.mac.plist',
      notarize: false,
    },
    win: {
      target: 'nsis',
      icon: 'icon.png',
    },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
    },
    appImage: {
      artifactName: '${productName}-${version}-${arch}.${ext}',
    },
    publish: updateFeed(env),
  }
}

const appDir = fileURLToPath(new URL('.', import.meta.url))

/**
 * What `pnpm package` uses: the config, once the build is found to name the club's project
 * (out/club-config.json, written by `pnpm build`); refused, saying what to set, without one.
 */
export function packagingConfig(
  env: Record<string, string | undefined>,
  outDir: string = join(appDir, 'out'),
): Configuration {
  requireBuiltClubConfig(join(outDir, CLUB_CONFIG_FILE))
  return builderConfig(env)
}

/** electron-builder calls a config file's default function when it loads it. */
export default function electronBuilderConfig(): Configuration {
  return packagingConfig(process.env)
}
