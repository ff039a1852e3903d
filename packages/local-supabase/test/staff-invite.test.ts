// The Staff screen's Edge Function (supabase/functions/staff-invite, issue 34 §1) on real
// parts: the project's migrations on the local backend, the function in real Deno, called
// through the unmodified supabase-js `functions.invoke` with each caller's own session.
import { FunctionsHttpError } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Signed = Awaited<ReturnType<Harness['signedInUser']>>
type Answer = { status: number; body: Record<string, unknown> }

describe.runIf(localOnly('runs the function in Deno beside the local server'))(
  'staff-invite',
  () => {
    let h: Harness
    let director: Signed

    async function call(client: SupabaseClient, body: Record<string, unknown>): Promise<Answer> {
      const { data, error } = await client.functions.invoke('staff-invite', { body })
      if (error instanceof FunctionsHttpError) {
        const response = error.context as Response
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }
      if (error) throw error
      return { status: 200, body: data as Record<string, unknown> }
    }

    async function editor(): Promise<Signed> {
      const user = await h.signedInUser()
      const { error } = await h.service
        .from('admin_users')
        .insert({ user_id: user.id, role: 'editor' })
      expect(error).toBeNull()
      return user
    }

    beforeAll(async () => {
      h = await startHarness()
      director = await h.signedInUser({ staff: true })
      // The first call starts Deno and loads the function's npm packages (a cold start).
      await call(director.client, { action: 'nothing' })
    }, 180_000)
    afterAll(async () => {
      await h?.stop()
    })

    it('should refuse anyone but a director, before it does anything', async () => {
      const member = await h.signedInUser()
      const coach = await editor()
      for (const [who, client] of [
        ['a signed-in account that is not staff', member.client],
        ['an editor', coach.client],
      ] as const) {
        for (const body of [
          { action: 'invite', email: 'forged@example.org', role: 'director' },
          { action: 'revoke', id: crypto.randomUUID() },
        ]) {
          const answer = await call(client, body)
          expect(answer.status, who).toBe(403)
          expect(answer.body.error).toBe('Only directors can manage the staff.')
        }
      }
      expect((await h.service.from('staff_invitations').select('id')).data).toEqual([])
      expect(
        (await h.service.from('admin_users').select('role').eq('user_id', director.id)).data,
      ).toEqual([{ role: 'director' }])
      // Without a session the relay refuses it (verify_jwt).
      const anon = await call(h.anon, { action: 'invite', email: 'a@example.org', role: 'editor' })
      expect(anon.status).toBe(401)
    })

    it('should check what a director asks for', async () => {
      expect(
        (await call(director.client, { action: 'invite', email: 'not an address', role: 'editor' }))
          .body.error,
      ).toBe('Enter an email address, such as coach@example.org.')
      expect(
        (await call(director.client, { action: 'invite', email: 'x@example.org', role: 'owner' }))
          .body.error,
      ).toBe('Choose a role: director or editor.')
      expect(
        (await call(director.client, { action: 'remove', userId: director.id })).body.error,
      ).toBe('Unknown action: invite, resend, revoke or reset-two-factor.')
    })

    it('should invite by email: the auth service mails the invitation, recorded as open until it is accepted', async () => {
      const email = `coach-${crypto.randomUUID()}@example.org`
      const answer = await call(director.client, {
        action: 'invite',
        email: email.toUpperCase(),
        role: 'editor',
        redirectTo: 'http://127.0.0.1:4173/admin/home',
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const { data: open } = await director.client
        .from('staff_invitations')
        .select('id, email, role, accepted_at, user_id, invited_at, expires_at')
        .eq('email', email)
      expect(open).toEqual([expect.objectContaining({ email, role: 'editor', accepted_at: null })])
      // It can be accepted as long as its link works: an hour, the auth service's otp_expiry.
      const lifetime = Date.parse(open![0]!.expires_at) - Date.now()
      expect(lifetime).toBeGreaterThan(55 * 60_000)
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000)
      // Not staff before they accept.
      expect(
        (await h.service.from('admin_users').select('user_id').eq('user_id', open![0]!.user_id))
          .data,
      ).toEqual([])
      const again = await call(director.client, { action: 'invite', email, role: 'director' })
      expect(again).toEqual({
        status: 409,
        body: { error: `${email} is already invited: use Resend below.` },
      })

      expect((await call(director.client, { action: 'resend', id: open![0]!.id })).status).toBe(200)
      const revoked = await call(director.client, { action: 'revoke', id: open![0]!.id })
      expect(revoked).toEqual({ status: 200, body: { revoked: email } })
      expect(
        (await director.client.from('staff_invitations').select('id').eq('email', email)).data,
      ).toEqual([])
      // The account the invitation made, never used, is gone with it.
      const { data } = await h.service.auth.admin.getUserById(open![0]!.user_id)
      expect(data.user).toBeNull()
    })

    it("should reset another member's two-factor sign-in for a director only (issue 34 §3)", async () => {
      const member = await editor()
      const enrolled = await member.client.auth.mfa.enroll({ factorType: 'totp' })
      expect(enrolled.error).toBeNull()
      const code = new TOTP({ secret: Secret.fromBase32(enrolled.data!.totp.secret) }).generate()
      const verified = await member.client.auth.mfa.challengeAndVerify({
        factorId: enrolled.data!.id,
        code,
      })
      expect(verified.error).toBeNull()
      const factors = async () =>
        (await h.service.auth.admin.mfa.listFactors({ userId: member.id })).data?.factors ?? []
      expect(await factors()).toHaveLength(1)

      // An editor may not, nor may a director reset their own here.
      const other = await editor()
      const forged = await call(other.client, { action: 'reset-two-factor', userId: member.id })
      expect(forged.status).toBe(403)
      const own = await call(director.client, { action: 'reset-two-factor', userId: director.id })
      expect(own.status).toBe(400)
      const stranger = await h.signedInUser()
      const notStaff = await call(director.client, {
        action: 'reset-two-factor',
        userId: stranger.id,
      })
      expect(notStaff.status).toBe(404)
      expect(await factors()).toHaveLength(1)

      const reset = await call(director.client, { action: 'reset-two-factor', userId: member.id })
      expect(reset).toEqual({ status: 200, body: { reset: member.id, removed: 1 } })
      expect(await factors()).toEqual([])
    })
  },
)
