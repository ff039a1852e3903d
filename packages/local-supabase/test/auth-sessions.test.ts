/**
 * Auth sessions: refresh-token rotation with the default 10 s reuse window, logout
 * scopes, and refused access tokens (wire contract §2.5, pitfalls 12 and 13).
 */
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_JWT_SECRET, signJwt } from '../src/index.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())

async function sessionOf(client: SupabaseClient) {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('client has no session')
  return data.session
}

/** Refreshes with a given token from a client that holds no session of its own. */
const refreshWith = (refresh_token: string) => h.client().auth.refreshSession({ refresh_token })

/** `GET /user` over raw HTTP: supabase-js turns `session_not_found` into AuthSessionMissingError and drops the code. */
async function getUserRaw(accessToken: string) {
  const res = await fetch(`${h.url}/auth/v1/user`, {
    headers: {
      apikey: h.anonKey,
      authorization: `Bearer ${accessToken}`,
      'x-supabase-api-version': '2024-01-01',
    },
  })
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } }
}

/** A client whose every REST call carries the given access token. */
const withToken = (accessToken: string) =>
  createClient(h.url, h.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  })

/** A second client signed in as the same user: another device, another session. */
async function secondDevice(email: string, password: string) {
  const client = h.client()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return client
}

describe('auth: refresh-token rotation', () => {
  it('should rotate: a refresh returns a new refresh token and access token in the same session', async () => {
    const { client } = await h.signedInUser()
    const before = await sessionOf(client)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.refresh_token).not.toBe(before.refresh_token)
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims(data.session!.access_token).session_id).toBe(
      claims(before.access_token).session_id,
    )
    expect(claims(data.session!.access_token).amr).toEqual(claims(before.access_token).amr)
  })

  it('should hand back the current token when its parent is presented again (a lost response)', async () => {
    const { client } = await h.signedInUser()
    const first = (await sessionOf(client)).refresh_token
    const rotated = await refreshWith(first)
    expect(rotated.error).toBeNull()
    const again = await refreshWith(first)
    expect(again.error).toBeNull()
    expect(again.data.session?.refresh_token).toBe(rotated.data.session?.refresh_token)
  })

  it('should accept an older revoked token within the reuse interval', async () => {
    const { client } = await h.signedInUser()
    const first = (await sessionOf(client)).refresh_token
    const second = (await refreshWith(first)).data.session!.refresh_token
    const third = (await refreshWith(second)).data.session!.refresh_token
    // `first` is no longer the parent of the active token, but it was revoked under 10 s ago.
    const reused = await refreshWith(first)
    expect(reused.error).toBeNull()
    expect(reused.data.session?.refresh_token).not.toBe(third)
    expect(reused.data.session?.refresh_token).not.toBe(first)
  })

  it('should refuse an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await refreshWith('not-a-real-refresh-token')
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })
})

describe('auth: logout scopes', () => {
  it('should end only the current session with scope local', async () => {
    const { client, email, password } = await h.signedInUser()
    const other = await secondDevice(email, password)
    const mine = await sessionOf(client)
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
    expect((await refreshWith(mine.refresh_token)).error?.code).toMatch(
      /^(refresh_token_not_found|session_not_found)$/,
    )
    expect(await getUserRaw(mine.access_token)).toEqual({
      status: 403,
      body: {
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      },
    })
    expect((await other.auth.getUser()).error).toBeNull()
    expect((await other.auth.refreshSession()).error).toBeNull()
  })

  it('should end every session of the user with scope global (the default)', async () => {
    const { client, email, password } = await h.signedInUser()
    const other = await secondDevice(email, password)
    const otherSession = await sessionOf(other)
    expect((await client.auth.signOut()).error).toBeNull()
    expect((await getUserRaw(otherSession.access_token)).body.code).toBe('session_not_found')
    const refreshed = await refreshWith(otherSession.refresh_token)
    expect(refreshed.error?.code).toMatch(/^(refresh_token_not_found|session_not_found)$/)
  })

  it('should end the other sessions but keep this one with scope others', async () => {
    const { client, email, password } = await h.signedInUser()
    const other = await secondDevice(email, password)
    const otherSession = await sessionOf(other)
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await client.auth.getUser()).error).toBeNull()
    expect((await getUserRaw(otherSession.access_token)).body.code).toBe('session_not_found')
  })

  it('should refuse an unknown logout scope with validation_failed', async () => {
    const { client } = await h.signedInUser()
    const { access_token } = await sessionOf(client)
    const res = await fetch(`${h.url}/auth/v1/logout?scope=everywhere`, {
      method: 'POST',
      headers: {
        apikey: h.anonKey,
        authorization: `Bearer ${access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everywhere"',
    })
    expect((await client.auth.getUser()).error).toBeNull()
  })
})

describe('auth: refused access tokens', () => {
  it.runIf(localOnly('mints tokens with the local JWT secret'))(
    'should refuse an expired access token on GET /user with bad_jwt',
    async () => {
      const { client, id } = await h.signedInUser()
      const live = JSON.parse(
        Buffer.from(
          (await sessionOf(client)).access_token.split('.')[1] ?? '',
          'base64url',
        ).toString(),
      ) as Record<string, unknown>
      const now = Math.floor(Date.now() / 1000)
      const expired = await signJwt(DEFAULT_JWT_SECRET, {
        ...live,
        sub: id,
        iat: now - 7200,
        exp: now - 3600,
      })
      const { error } = await h.client().auth.getUser(expired)
      expect(error?.status).toBe(403)
      expect(error?.code).toBe('bad_jwt')
      expect(error?.message).toContain('token is expired')
      // PostgREST refuses it too, with 401 rather than GoTrue's 403 (pitfall 3).
      const rest = await withToken(expired).from('website_content').select('*')
      expect(rest.status).toBe(401)
      expect(rest.error?.code).toBe('PGRST303')
    },
  )

  it('should leave a signed-out access token usable for REST until it expires (stateless)', async () => {
    const { client } = await h.signedInUser()
    const { access_token } = await sessionOf(client)
    await client.auth.signOut()
    expect((await getUserRaw(access_token)).body.code).toBe('session_not_found')
    const rest = await withToken(access_token).from('website_content').select('*')
    expect(rest.error).toBeNull()
    expect(rest.status).toBe(200)
  })

  it('should refuse a token signed with another secret with bad_jwt', async () => {
    const forged = await signJwt('another-secret-that-is-at-least-32-characters', {
      sub: '00000000-0000-4000-8000-000000000001',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 600,
    })
    const { error } = await h.client().auth.getUser(forged)
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
  })

  it('should sign a client out when its session is gone (session_not_found is AuthSessionMissingError)', async () => {
    const { client, email, password } = await h.signedInUser()
    const other = await secondDevice(email, password)
    await other.auth.signOut({ scope: 'global' })
    const { data, error } = await client.auth.getUser()
    expect(data.user).toBeNull()
    expect(error?.name).toBe('AuthSessionMissingError')
  })

  it('should accept the publishable key as the apikey for auth calls', async () => {
    const publishable = localOnly('uses the CLI publishable key')
      ? h.local!.publishableKey
      : h.anonKey
    const client = createClient(h.url, publishable, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const { error } = await client.auth.signInWithPassword({
      email: 'nobody@example.test',
      password: 'whatever-1',
    })
    expect(error?.code).toBe('invalid_credentials')
  })
})
