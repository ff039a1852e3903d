/**
 * This account's signed-in devices (supabase/migrations/*_own_sessions.sql; issue 34 §4):
 * `my_sessions()` lists the caller's own sessions with the User-Agent each signed in with,
 * and `sign_out_my_session` ends one of them, never another account's. Driven by the
 * unmodified supabase-js over real HTTP; runs against a hosted project too.
 */
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Row = { id: string; user_agent: string | null; current: boolean; last_seen_at: string }

const sessionIdOf = async (client: Harness['anon']) => {
  const token = (await client.auth.getSession()).data.session?.access_token ?? ''
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    session_id: string
  }
  return payload.session_id
}

describe('own sessions', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    await h?.stop()
  })

  it("should list the caller's own sessions with their User-Agent, and sign out only the caller's own", async () => {
    const owner = await h.signedInUser()
    const other = await h.signedInUser()
    const desktop = createClient(h.url, h.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'User-Agent': 'ClubAdmin/1.0 Electron/39.0.0' } },
    })
    expect(
      (await desktop.auth.signInWithPassword({ email: owner.email, password: owner.password }))
        .error,
    ).toBeNull()
    const desktopSession = await sessionIdOf(desktop)

    const listed = await owner.client.rpc('my_sessions')
    expect(listed.error).toBeNull()
    const rows = listed.data as Row[]
    expect(rows.map((row) => row.id).sort()).toEqual(
      [await sessionIdOf(owner.client), desktopSession].sort(),
    )
    expect(rows.filter((row) => row.current).map((row) => row.id)).toEqual([
      await sessionIdOf(owner.client),
    ])
    expect(rows.find((row) => row.id === desktopSession)?.user_agent).toBe(
      'ClubAdmin/1.0 Electron/39.0.0',
    )
    expect(Number.isNaN(Date.parse(rows[0]!.last_seen_at))).toBe(false)
    // Another account sees none of them, and cannot end them.
    const theirs = (await other.client.rpc('my_sessions')).data as Row[]
    expect(theirs.map((row) => row.id)).toEqual([await sessionIdOf(other.client)])
    const forged = await other.client.rpc('sign_out_my_session', { target: desktopSession })
    expect(forged.error).toBeNull()
    expect(forged.data).toBe(false)
    expect((await desktop.auth.refreshSession()).error).toBeNull()
    // Nor does anyone signed out.
    expect((await h.anon.rpc('my_sessions')).error).not.toBeNull()
    expect(
      (await h.anon.rpc('sign_out_my_session', { target: desktopSession })).error,
    ).not.toBeNull()

    // The owner ends it: its refresh token stops working; their own session goes on.
    const ended = await owner.client.rpc('sign_out_my_session', {
      target: await sessionIdOf(desktop),
    })
    expect(ended.data).toBe(true)
    expect((await desktop.auth.refreshSession()).error).not.toBeNull()
    expect((await owner.client.auth.refreshSession()).error).toBeNull()
    expect(((await owner.client.rpc('my_sessions')).data as Row[]).length).toBe(1)
  })
})
