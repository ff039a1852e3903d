import { describe, expect, it } from 'vitest'

import { DEFAULT_SETTINGS, jwtRole, SERVICE_ROLE_REFUSED, ZDesktopSettings } from './settings.ts'

const jwt = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`

describe('ZDesktopSettings', () => {
  it('should accept the local defaults', () => {
    expect(ZDesktopSettings.safeParse(DEFAULT_SETTINGS).success).toBe(true)
  })

  it('should refuse a JWT whose role is service_role', () => {
    const result = ZDesktopSettings.safeParse({
      ...DEFAULT_SETTINGS,
      anonKey: jwt({ role: 'service_role' }),
    })
    expect(result.error?.issues.map((issue) => issue.message)).toContain(SERVICE_ROLE_REFUSED)
  })

  it('should refuse a new-style secret key', () => {
    const result = ZDesktopSettings.safeParse({ ...DEFAULT_SETTINGS, anonKey: 'sb_secret_abc' })
    expect(result.error?.issues.map((issue) => issue.message)).toContain(SERVICE_ROLE_REFUSED)
  })

  it('should accept a publishable key', () => {
    const settings = { ...DEFAULT_SETTINGS, anonKey: 'sb_publishable_abc' }
    expect(ZDesktopSettings.safeParse(settings).success).toBe(true)
  })

  it('should refuse plain http to another computer', () => {
    const settings = { ...DEFAULT_SETTINGS, backendUrl: 'http://project.example' }
    expect(ZDesktopSettings.safeParse(settings).success).toBe(false)
  })

  it('should refuse an address with a password in it', () => {
    const settings = { ...DEFAULT_SETTINGS, backendUrl: 'https://user:pw@project.example' }
    expect(ZDesktopSettings.safeParse(settings).success).toBe(false)
  })

  it('should drop a trailing slash from addresses', () => {
    const settings = { ...DEFAULT_SETTINGS, siteUrl: 'https://club.example/' }
    expect(ZDesktopSettings.parse(settings).siteUrl).toBe('https://club.example')
  })
})

describe('jwtRole', () => {
  it('should read the role claim', () => {
    expect(jwtRole(jwt({ role: 'anon' }))).toBe('anon')
  })

  it('should give undefined for something that is not a JWT', () => {
    expect(jwtRole('not-a-key')).toBeUndefined()
  })
})
