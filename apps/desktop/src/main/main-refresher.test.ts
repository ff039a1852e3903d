/**
 * Main's own refresh, against the local backend (real HTTP, unmodified supabase-js), with Auth
 * revoking a reused refresh token's family at once: it renews the stored session once however
 * many ask, only when the token named is still the stored one, and never while signed out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'

import { createMainRefresher } from './main-refresher.ts'
import { accessTokenOf, sessionKey } from './session-key.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness({ refreshTokenReuseInterval: 0 })
}, 60_000)
afterAll(async () => {
  await harness?.stop()
})

/** Main's store, in memory, counting the sessions written. */
function memoryStore() {
  const values = new Map<string, string>()
  const writes: string[] = []
  return {
    values,
    writes,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value)
      writes.push(key)
    },
    removeItem: (key: string) => void values.delete(key),
  }
}

/** A staff member signed in, their session stored as the renderer's client stores it. */
async function signedInStore() {
  const user = await harness.signedInUser({ staff: true })
  const { data } = await user.client.auth.getSession()
  const store = memoryStore()
  store.values.set(sessionKey(harness.url), JSON.stringify(data.session))
  return { store, token: data.session!.access_token, refreshToken: data.session!.refresh_token }
}

/** The stored session's refresh token (the access token of a refresh made within the same
 * second as the sign-in can be the same bytes: same claims, same `iat`). */
const storedRefreshToken = (store: { getItem(key: string): string | null }) =>
  (JSON.parse(store.getItem(sessionKey(harness.url)) ?? '{}') as { refresh_token?: string })
    .refresh_token

function refresherOver(store: ReturnType<typeof memoryStore>) {
  const log: string[] = []
  const refresher = createMainRefresher({
    backend: () => ({ url: harness.url, anonKey: harness.anonKey }),
    storage: store,
    log: {
      info: (line) => log.push(String(line)),
      warn: (line) => log.push(`warn: ${String(line)}`),
      error: (line) => log.push(`error: ${String(line)}`),
    },
  })
  return { refresher, log }
}

const storedToken = (store: ReturnType<typeof memoryStore>) =>
  accessTokenOf(store.getItem(sessionKey(harness.url)))

describe('main’s own refresh of the stored session', () => {
  it('should store a new session once, however many ask at the same time, and the new one works', async () => {
    const { store, token, refreshToken } = await signedInStore()
    // A token renewed in the second it was issued is the same bytes (same claims, same `iat`):
    // renew in the next second, as main always does (it renews only tokens Storage refused).
    const issuedAt = JSON.parse(store.getItem(sessionKey(harness.url))!) as {
      expires_at: number
      expires_in: number
    }
    await vi.waitFor(
      () =>
        expect(Date.now() / 1000).toBeGreaterThan(issuedAt.expires_at - issuedAt.expires_in + 1),
      { timeout: 3_000 },
    )
    const { refresher, log } = refresherOver(store)
    let settledEarly = false
    await Promise.all([
      refresher.refresh(token),
      refresher.refresh(token),
      refresher.refresh(null),
      refresher.settled().then(() => (settledEarly = storedRefreshToken(store) === refreshToken)),
    ])
    expect(settledEarly).toBe(false)
    expect(store.writes).toHaveLength(1)
    expect(storedRefreshToken(store)).not.toBe(refreshToken)
    const renewed = storedToken(store)
    const user = await harness.anon.auth.getUser(renewed)
    expect(user.error).toBeNull()
    expect(log).toEqual(['The session was renewed by the app itself (no window open).'])
  })

  it('should leave a session stored since the token was sent alone', async () => {
    const { token } = await signedInStore()
    // The director signed in again meanwhile: another session is stored.
    const { store } = await signedInStore()
    const stored = store.getItem(sessionKey(harness.url))
    const { refresher } = refresherOver(store)
    await refresher.refresh(token)
    expect(store.getItem(sessionKey(harness.url))).toBe(stored)
    expect(store.writes).toEqual([])
  })

  it('should renew for a request that arrives while one for an older token is under way', async () => {
    const { store, token, refreshToken } = await signedInStore()
    const { refresher } = refresherOver(store)
    // Two upload runs: one still holding a token renewed long ago, one the stored token.
    await Promise.all([refresher.refresh('eyJ.renewed-long-ago.token'), refresher.refresh(token)])
    expect(store.writes).toHaveLength(1)
    expect(storedRefreshToken(store)).not.toBe(refreshToken)
  })

  it('should do nothing signed out, or with no backend', async () => {
    const store = memoryStore()
    const { refresher, log } = refresherOver(store)
    await refresher.refresh(null)
    await refresher.refresh('eyJ.expired.token')
    const none = createMainRefresher({ backend: () => null, storage: store })
    await none.refresh(null)
    expect(store.writes).toEqual([])
    expect(log).toEqual([])
  })

  it('should log, without the token, a session that cannot be renewed', async () => {
    const { store, token, refreshToken } = await signedInStore()
    // Another client renewed it twice behind main's back: the stored refresh token is spent.
    const other = harness.client()
    const once = await other.auth.refreshSession({ refresh_token: refreshToken })
    const twice = await other.auth.refreshSession({
      refresh_token: once.data.session!.refresh_token,
    })
    expect(twice.error).toBeNull()
    const { refresher, log } = refresherOver(store)
    await refresher.refresh(token)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatch(/^warn: The session could not be renewed with no window open/)
    expect(log[0]).not.toContain(refreshToken)
    expect(log[0]).not.toContain(token)
  })
})
