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
 * Checked without packaging by test/packaging.test.ts (schema, targets, referenced files).
 */
import { readFileSync } from 'node:fs'

import type { Configuration } from 'electron-builder'

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
    appId: 'org.club.admin',
    productName: 'Club Admin',
    // The program's file name on Linux and Windows (and the command on Linux).
    executableName: 'club-admin',
    copyright: 'Copyright © the club',
    // Into the packaged package.json, where main reads them for About.
    extraMetadata: { author, homepage },
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
    extraResources: [{ from: 'out/THIRD_PARTY_NOTICES.txt', to: 'THIRD_PARTY_NOTICES.txt' }],
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
    // back from the packaged binaries once every artifact is built (scripts/check-fuses.ts).
    afterAllArtifactBuild: './scripts/check-fuses.ts',
    // Notarization on macOS, when the Apple credentials are in the environment (scripts/notarize.ts);
    // electron-builder's own notarization step is off so that it runs once.
    afterSign: './scripts/notarize.ts',
    linux: {
      target: ['AppImage', 'deb'],
      icon: 'icons',
      category: 'Office',
      maintainer: `${author.name} <${author.email}>`,
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

export default builderConfig(process.env)
