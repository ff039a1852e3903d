/**
 * The desktop app's session after a second factor (issue 34 §3): what the window's client stores
 * once the code is verified is an aal2 session; after a restart main reads it back from the
 * encrypted credential store, and its own refresh of it stays aal2, so the director is not sent
 * back to the code, and the database still takes their saves while "Require two-factor" is on.
 * Real parts: the local backend over HTTP, unmodified supabase-js, main's credential store and
 * refresher; only the OS keystore and the file under it are in memory.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createBackendClient } from '@club/core/supabase'
import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'

import { createCredentialStore } from './credential-store.ts'
import type { Keystore, SecretFile } from './credential-store.ts'
import { createMainRefresher } from './main-refresher.ts'
import { accessTokenOf, sessionKey } from './session-key.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness({ refreshTokenReuseInterval: 0 })
}, 60_000)
afterAll(async () => {
  await harness?.stop()
})

/** The OS keystore, as Electron's safeStorage answers on a desktop with a keyring. */
const keystore: Keystore = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (sealed) => Buffer.from(sealed).reverse().toString(),
  backend: () => 'gnome_libsecret',
}

/** The credentials file on disk: it outlives each run of the app. */
function diskFile(): SecretFile & { raw(): string } {
  const values = new Map<string, unknown>()
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, structuredClone(value)),
    delete: (key) => void values.delete(key),
    raw: () => JSON.stringify([...values]),
  }
}

/** One run of the app: main's credential store over the file, bound to the backend. */
function appRun(file: SecretFile) {
  const credentials = createCredentialStore({ keystore, file })
  credentials.bindBackend(harness.url)
  return credentials
}

const claimsOf = (token: string | undefined) =>
  JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
    aal?: string
    amr?: { method: string }[]
    session_id?: string
  }

describe('the desktop app’s two-factor session', () => {
  it('should stay aal2 across a restart and main’s own refresh, and keep saving while two-factor is required', async () => {
    const director = await harness.signedInUser({ staff: true })
    const enrolled = await director.client.auth.mfa.enroll({ factorType: 'totp' })
    if (enrolled.error) throw enrolled.error
    const code = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) }).generate()
    const verified = await director.client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code,
    })
    expect(verified.error).toBeNull()
    const { data } = await director.client.auth.getSession()
    expect(claimsOf(data.session!.access_token).aal).toBe('aal2')

    // The window's client stores the verified session through main (auth-storage:set).
    const file = diskFile()
    const key = sessionKey(harness.url)
    expect(appRun(file).setItem(key, JSON.stringify(data.session))).toEqual({ persisted: true })
    // On disk only as ciphertext.
    expect(file.raw()).not.toContain(data.session!.access_token)

    // Restart: a new run reads it back, still aal2.
    const restarted = appRun(file)
    const readBack = restarted.getItem(key)
    expect(claimsOf(accessTokenOf(readBack)).aal).toBe('aal2')

    // With no window open, main renews it itself (in the next second, so the token differs).
    const issuedAt = claimsOf(data.session!.access_token) as { iat?: number }
    await vi.waitFor(
      () => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(issuedAt.iat ?? 0),
      { timeout: 2_000 },
    )
    const refresher = createMainRefresher({
      backend: () => ({ url: harness.url, anonKey: harness.anonKey }),
      storage: restarted,
    })
    await refresher.refresh(data.session!.access_token)
    const renewed = accessTokenOf(restarted.getItem(key))
    expect(renewed).not.toBe(data.session!.access_token)
    const claims = claimsOf(renewed)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr?.map((entry) => entry.method)).toContain('totp')
    expect(claims.session_id).toBe(claimsOf(data.session!.access_token).session_id)

    // The next run's client, from the stored session alone, is at aal2 and may save while the
    // club requires two-factor.
    const nextRun = appRun(file)
    const client = createBackendClient(
      { url: harness.url, anonKey: harness.anonKey },
      {
        storage: {
          getItem: (name) => nextRun.getItem(name),
          setItem: (name, value) => void nextRun.setItem(name, value),
          removeItem: (name) => nextRun.removeItem(name),
        },
        autoRefreshToken: false,
      },
    )
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data?.currentLevel).toBe('aal2')
    const required = await client
      .from('staff_security')
      .update({ two_factor_required: true })
      .eq('id', true)
      .select('two_factor_required')
    expect(required.error).toBeNull()
    expect(required.data).toEqual([{ two_factor_required: true }])
    try {
      const { data: stored } = await harness.service
        .from('website_content')
        .select('version, value')
        .eq('key', 'alerts')
        .maybeSingle()
      const row = stored as { version: number; value: unknown } | null
      const saved = await client
        .from('website_content')
        .upsert(
          { key: 'alerts', value: row?.value ?? [], base_version: row?.version ?? 0 },
          { onConflict: 'key' },
        )
        .select('key')
      expect(saved.error).toBeNull()
      expect(saved.data).toEqual([{ key: 'alerts' }])
    } finally {
      await harness.service
        .from('staff_security')
        .update({ two_factor_required: false })
        .eq('id', true)
    }
  })
})
