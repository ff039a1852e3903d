/**
 * The club's project, built into its installer: the Supabase project address, its anon key and
 * the site address, so that the director never types infrastructure. Read at build time from
 * the environment (`CLUB_SUPABASE_URL`, `CLUB_SUPABASE_ANON_KEY`, `CLUB_SITE_URL`) or, when none
 * of those is set, from `build/club-config.json`; validated with the settings' own schema (never
 * a service-role key); written to `out/club-config.json`, which ships in the app and which main
 * reads at start. Packaging refuses a build without it (electron-builder.config.ts). Plain Node:
 * scripts/club-config.ts, the builder config and main all use it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { ZDesktopSettings } from '../shared/settings.ts'
import type { TDesktopSettings } from '../shared/settings.ts'

/** The environment variables of the club's project, by settings field. */
export const CLUB_CONFIG_VARIABLES = {
  backendUrl: 'CLUB_SUPABASE_URL',
  anonKey: 'CLUB_SUPABASE_ANON_KEY',
  siteUrl: 'CLUB_SITE_URL',
} as const satisfies Record<keyof TDesktopSettings, string>

/** The config file's name, in build/ (the source) and in out/ (what the build ships). */
export const CLUB_CONFIG_FILE = 'club-config.json'

/** Where the club's project came from. */
export type ClubConfigSource = 'environment' | typeof CLUB_CONFIG_FILE

/** Thrown when the club's project is given but wrong; the message names what to fix. */
export class ClubConfigError extends Error {
  override name = 'ClubConfigError'
}

const issuesOf = (value: unknown, name: (field: string) => string): string | null => {
  const parsed = ZDesktopSettings.safeParse(value)
  if (parsed.success) return null
  return parsed.error.issues
    .map((issue) => `${name(String(issue.path[0] ?? ''))}: ${issue.message}`)
    .join('; ')
}

/**
 * The club's project as the build is given it: from the environment if any of its variables is
 * set (then all three must be), else from `buildDir/club-config.json` if it exists, else null
 * (a development build: the first-run screen asks).
 */
export function readClubConfigSource(
  env: Record<string, string | undefined>,
  buildDir: string,
): { config: TDesktopSettings; source: ClubConfigSource } | null {
  const given = Object.entries(CLUB_CONFIG_VARIABLES).filter(([, variable]) =>
    env[variable]?.trim(),
  )
  if (given.length > 0) {
    const missing = Object.values(CLUB_CONFIG_VARIABLES).filter(
      (variable) => !env[variable]?.trim(),
    )
    if (missing.length > 0) {
      throw new ClubConfigError(`The club's project needs ${missing.join(' and ')} set as well`)
    }
    const value = Object.fromEntries(
      Object.entries(CLUB_CONFIG_VARIABLES).map(([field, variable]) => [field, env[variable]]),
    )
    const problems = issuesOf(
      value,
      (field) => CLUB_CONFIG_VARIABLES[field as keyof TDesktopSettings] ?? field,
    )
    if (problems) throw new ClubConfigError(problems)
    return { config: ZDesktopSettings.parse(value), source: 'environment' }
  }
  const file = join(buildDir, CLUB_CONFIG_FILE)
  if (!existsSync(file)) return null
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ClubConfigError(
      `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const problems = issuesOf(value, (field) => `${CLUB_CONFIG_FILE} ${field}`)
  if (problems) throw new ClubConfigError(problems)
  return { config: ZDesktopSettings.parse(value), source: CLUB_CONFIG_FILE }
}

/**
 * The build's step: writes the club's project to `outDir/club-config.json`, or removes a file an
 * earlier build left there when this one has none. Returns what the build ships.
 */
export function writeBuiltClubConfig(
  env: Record<string, string | undefined>,
  buildDir: string,
  outDir: string,
): { config: TDesktopSettings; source: ClubConfigSource } | null {
  const found = readClubConfigSource(env, buildDir)
  const target = join(outDir, CLUB_CONFIG_FILE)
  if (found) writeFileSync(target, `${JSON.stringify(found.config, null, 2)}\n`)
  else rmSync(target, { force: true })
  return found
}

/**
 * What a build ships (`out/club-config.json`), as main reads it at start: null when there is
 * none or it does not pass the schema (main then falls back to the first-run screen).
 */
export function readBuiltClubConfig(file: string): TDesktopSettings | null {
  if (!existsSync(file)) return null
  try {
    const parsed = ZDesktopSettings.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Why packaging refuses a build that names no project. */
export const UNCONFIGURED_BUILD = `This build names no club project: set ${Object.values(CLUB_CONFIG_VARIABLES).join(', ')} (or write build/${CLUB_CONFIG_FILE}) and run pnpm --filter @club/desktop package again. An installer without them would ask the director for the backend.`

/** The packaging check: the built file must exist and pass the schema. */
export function requireBuiltClubConfig(file: string): TDesktopSettings {
  const config = readBuiltClubConfig(file)
  if (!config) throw new ClubConfigError(UNCONFIGURED_BUILD)
  return config
}
