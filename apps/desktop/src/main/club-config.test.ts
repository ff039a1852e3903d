import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { LOCAL_ANON_KEY, SERVICE_ROLE_REFUSED } from '../shared/settings.ts'
import {
  CLUB_CONFIG_FILE,
  ClubConfigError,
  readBuiltClubConfig,
  readClubConfigSource,
  requireBuiltClubConfig,
  UNCONFIGURED_BUILD,
  writeBuiltClubConfig,
} from './club-config.ts'

const PROJECT = {
  backendUrl: 'https://abcdefgh.supabase.co',
  anonKey: LOCAL_ANON_KEY,
  siteUrl: 'https://www.club.example',
}
const ENV = {
  CLUB_SUPABASE_URL: `${PROJECT.backendUrl}/`,
  CLUB_SUPABASE_ANON_KEY: PROJECT.anonKey,
  CLUB_SITE_URL: PROJECT.siteUrl,
}
const serviceKey = `a.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.c`

let buildDir: string
let outDir: string
beforeEach(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'club-build-'))
  outDir = mkdtempSync(join(tmpdir(), 'club-out-'))
})
afterEach(() => {
  rmSync(buildDir, { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
})

describe('the club project built into the app', () => {
  it('should come from the environment, normalized by the settings schema', () => {
    expect(readClubConfigSource(ENV, buildDir)).toEqual({ config: PROJECT, source: 'environment' })
  })

  it('should come from build/club-config.json when no variable is set', () => {
    writeFileSync(join(buildDir, CLUB_CONFIG_FILE), JSON.stringify(PROJECT))
    expect(readClubConfigSource({}, buildDir)).toEqual({
      config: PROJECT,
      source: CLUB_CONFIG_FILE,
    })
  })

  it('should be none in a development build', () => {
    expect(readClubConfigSource({}, buildDir)).toBeNull()
  })

  it('should refuse a half-given environment, naming what is missing', () => {
    expect(() => readClubConfigSource({ CLUB_SUPABASE_URL: PROJECT.backendUrl }, buildDir)).toThrow(
      new ClubConfigError(
        "The club's project needs CLUB_SUPABASE_ANON_KEY and CLUB_SITE_URL set as well",
      ),
    )
  })

  it('should refuse a service-role key and a plain-http address, naming the variable', () => {
    expect(() =>
      readClubConfigSource({ ...ENV, CLUB_SUPABASE_ANON_KEY: serviceKey }, buildDir),
    ).toThrow(`CLUB_SUPABASE_ANON_KEY: ${SERVICE_ROLE_REFUSED}`)
    expect(() =>
      readClubConfigSource({ ...ENV, CLUB_SUPABASE_URL: 'http://abcdefgh.supabase.co' }, buildDir),
    ).toThrow(/^CLUB_SUPABASE_URL: The backend address must be an https/)
  })

  it('should refuse a config file that is not JSON', () => {
    writeFileSync(join(buildDir, CLUB_CONFIG_FILE), '{ backendUrl: ')
    expect(() => readClubConfigSource({}, buildDir)).toThrow(/club-config\.json is not JSON/)
  })

  it('should write what the build ships, and remove what an earlier build left when none is given', () => {
    const file = join(outDir, CLUB_CONFIG_FILE)
    writeBuiltClubConfig(ENV, buildDir, outDir)
    expect(readBuiltClubConfig(file)).toEqual(PROJECT)
    writeBuiltClubConfig({}, buildDir, outDir)
    expect([existsSync(file), readBuiltClubConfig(file)]).toEqual([false, null])
  })

  it('should be required when packaging', () => {
    const file = join(outDir, CLUB_CONFIG_FILE)
    expect(() => requireBuiltClubConfig(file)).toThrow(UNCONFIGURED_BUILD)
    writeFileSync(file, JSON.stringify({ ...PROJECT, anonKey: serviceKey }))
    expect(() => requireBuiltClubConfig(file)).toThrow(UNCONFIGURED_BUILD)
    writeFileSync(file, JSON.stringify(PROJECT))
    expect(requireBuiltClubConfig(file)).toEqual(PROJECT)
  })
})
