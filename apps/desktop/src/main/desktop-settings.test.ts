import { describe, expect, it } from 'vitest'

import { DEFAULT_SETTINGS } from '../shared/settings.ts'
import { createDesktopSettings } from './desktop-settings.ts'
import type { SecretFile } from './credential-store.ts'

const memoryFile = (initial: Record<string, unknown> = {}): SecretFile => {
  const values = new Map(Object.entries(initial))
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  }
}

describe('createDesktopSettings', () => {
  it('should have no settings before the first-run screen', () => {
    expect(createDesktopSettings(memoryFile()).view()).toEqual({
      settings: null,
      defaults: DEFAULT_SETTINGS,
      built: null,
    })
  })

  it('should use the project the build names until the director saves another', () => {
    const built = { ...DEFAULT_SETTINGS, backendUrl: 'https://abcdefgh.supabase.co' }
    const settings = createDesktopSettings(memoryFile(), built)
    expect(settings.view()).toEqual({ settings: built, defaults: built, built })
    const moved = { ...built, backendUrl: 'https://ijklmnop.supabase.co' }
    settings.save(moved)
    expect(settings.view()).toEqual({ settings: moved, defaults: built, built })
  })

  it('should give the backend as supabase-js takes it, and none before any is set', () => {
    const settings = createDesktopSettings(memoryFile())
    expect(settings.backend()).toBeNull()
    settings.save({ ...DEFAULT_SETTINGS, backendUrl: 'https://abcdefgh.supabase.co' })
    expect(settings.backend()).toEqual({
      url: 'https://abcdefgh.supabase.co',
      anonKey: DEFAULT_SETTINGS.anonKey,
    })
  })

  it('should keep what was saved', () => {
    const settings = createDesktopSettings(memoryFile())
    settings.save({ ...DEFAULT_SETTINGS, siteUrl: 'https://club.example' })
    expect(settings.read()?.siteUrl).toBe('https://club.example')
  })

  it('should ignore a stored service-role key', () => {
    const claims = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')
    const file = memoryFile({ backend: { ...DEFAULT_SETTINGS, anonKey: `a.${claims}.c` } })
    expect(createDesktopSettings(file).read()).toBeNull()
  })
})
