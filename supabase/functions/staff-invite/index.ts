// staff-invite: what the Staff screen asks of the service role (issue 34 §1). Only a director
// may call it: the caller's own token asks the database (public.is_director()), so the same
// rule as the staff table's policies decides. The service role key is this function's secret
// (SUPABASE_SERVICE_ROLE_KEY, set by the platform); it never reaches a browser or the desktop app.
//
// POST { action, … } with the caller's session:
//   invite { email, role, redirectTo? }  the auth service mails an invitation
//                                        (auth.admin.inviteUserByEmail); it is recorded in
//                                        public.staff_invitations. The invitee is staff only
//                                        once they accept (public.accept_staff_invitation()).
//   resend { id }                        a fresh invitation mail, whose link works anew
//   revoke { id }                        the invitation ends; the account it made, never used,
//                                        is deleted
//   reset-two-factor { userId }          another staff member's second factors are removed
//                                        (auth.admin.mfa.deleteFactor), for a lost phone
//
// Removing a member needs no service role: public.remove_staff_member() (a director's own
// request) ends their sessions in the database.
//
// Deployed unchanged with `supabase functions deploy staff-invite`; the local backend runs the
// same file in Deno (packages/local-supabase/src/functions).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1'

/**
 * How long an invitation may be accepted: as long as its emailed link works, which is the auth
 * service's `[auth.email] otp_expiry` (an hour unless the project sets it; INVITATION_HOURS
 * names the same here).
 */
const invitationHours = () => Math.max(1, Number(env('INVITATION_HOURS') ?? 1) || 1)
const ROLES = new Set(['director', 'editor'])
const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
}

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: CORS })
const refuse = (status: number, error: string) => answer(status, { error })

const env = (name: string) => Deno.env.get(name)?.trim() || undefined

type Invitation = {
  id: string
  email: string
  role: string
  user_id: string
  accepted_at: string | null
}

/** Where the invitation's link leads: the caller's admin sign-in page, if the auth service allows it. */
function redirectFor(given: unknown): string | undefined {
  const fallback = env('SITE_URL')
    ? `${env('SITE_URL')!.replace(/\/+$/, '')}/admin-login`
    : undefined
  if (typeof given !== 'string' || given.length > 2000) return fallback
  try {
    const url = new URL(given)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback
    // Only the sign-in page of whatever site asked; the auth service's allow-list decides the origin.
    return `${url.origin}/admin-login`
  } catch {
    return fallback
  }
}

/** The auth service's invitation mail; creates the account when it does not exist yet. */
async function sendInvitation(
  admin: SupabaseClient,
  email: string,
  role: string,
  redirectTo?: string,
) {
  return admin.auth.admin.inviteUserByEmail(email, {
    data: { invited_as: role },
    ...(redirectTo ? { redirectTo } : {}),
  })
}

const expiry = () => new Date(Date.now() + invitationHours() * 3_600_000).toISOString()

async function invite(
  admin: SupabaseClient,
  callerId: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
  const role = typeof body.role === 'string' ? body.role : ''
  if (!email || email.length > 320 || !EMAIL.test(email))
    return refuse(400, 'Enter an email address, such as coach@example.org.')
  if (!ROLES.has(role)) return refuse(400, 'Choose a role: director or editor.')
  const open = await admin
    .from('staff_invitations')
    .select('id')
    .eq('email', email)
    .is('accepted_at', null)
    .maybeSingle()
  if (open.error) return refuse(502, `Could not read the invitations: ${open.error.message}`)
  if (open.data) return refuse(409, `${email} is already invited: use Resend below.`)

  const sent = await sendInvitation(admin, email, role, redirectFor(body.redirectTo))
  if (sent.error || !sent.data.user) {
    const taken = sent.error?.code === 'email_exists' || sent.error?.status === 422
    return taken
      ? refuse(
          409,
          `${email} already has an account on this site. Ask them to use another address, or add them with pnpm staff:add.`,
        )
      : refuse(
          502,
          `The invitation could not be sent: ${sent.error?.message ?? 'no account came back'}`,
        )
  }
  const { data, error } = await admin
    .from('staff_invitations')
    .insert({ email, role, user_id: sent.data.user.id, invited_by: callerId, expires_at: expiry() })
    .select('id, email, role, invited_at, expires_at')
    .single()
  if (error) {
    // Nothing half-done: the account made for the invitation goes too.
    await admin.auth.admin.deleteUser(sent.data.user.id)
    return refuse(502, `The invitation could not be recorded: ${error.message}`)
  }
  return answer(200, { invitation: data })
}

async function findInvitation(admin: SupabaseClient, id: unknown) {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const { data } = await admin
    .from('staff_invitations')
    .select('id, email, role, user_id, accepted_at')
    .eq('id', id)
    .maybeSingle()
  return (data as Invitation | null) ?? undefined
}

/** Deletes the account an invitation made, unless someone has signed in with it. */
async function dropUnusedAccount(admin: SupabaseClient, userId: string) {
  const { data } = await admin.auth.admin.getUserById(userId)
  if (data.user && !data.user.last_sign_in_at) await admin.auth.admin.deleteUser(userId)
}

async function resend(admin: SupabaseClient, callerId: string, body: Record<string, unknown>) {
  const invitation = await findInvitation(admin, body.id)
  if (!invitation || invitation.accepted_at)
    return refuse(404, 'That invitation is no longer open. Refresh the list.')
  const redirectTo = redirectFor(body.redirectTo)
  let sent = await sendInvitation(admin, invitation.email, invitation.role, redirectTo)
  if (sent.error && sent.error.code !== 'email_exists')
    // The mail could not go (SMTP down, say): the invitation stays as it was, to resend later.
    return refuse(502, `The invitation could not be sent again: ${sent.error.message}`)
  if (sent.error) {
    // An auth service that will not invite an existing account again: start afresh.
    await admin.from('staff_invitations').delete().eq('id', invitation.id)
    await dropUnusedAccount(admin, invitation.user_id)
    sent = await sendInvitation(admin, invitation.email, invitation.role, redirectTo)
    if (sent.error || !sent.data.user)
      return refuse(502, `The invitation could not be sent: ${sent.error?.message ?? 'no account'}`)
    const { error } = await admin.from('staff_invitations').insert({
      email: invitation.email,
      role: invitation.role,
      user_id: sent.data.user.id,
      invited_by: callerId,
      expires_at: expiry(),
    })
    if (error) return refuse(502, `The invitation could not be recorded: ${error.message}`)
    return answer(200, { resent: invitation.email })
  }
  const { error } = await admin
    .from('staff_invitations')
    .update({ invited_at: new Date().toISOString(), expires_at: expiry(), invited_by: callerId })
    .eq('id', invitation.id)
  if (error) return refuse(502, `The invitation could not be recorded: ${error.message}`)
  return answer(200, { resent: invitation.email })
}

async function revoke(admin: SupabaseClient, body: Record<string, unknown>) {
  const invitation = await findInvitation(admin, body.id)
  if (!invitation || invitation.accepted_at)
    return refuse(404, 'That invitation is no longer open. Refresh the list.')
  const { error } = await admin.from('staff_invitations').delete().eq('id', invitation.id)
  if (error) return refuse(502, `The invitation could not be revoked: ${error.message}`)
  await dropUnusedAccount(admin, invitation.user_id)
  return answer(200, { revoked: invitation.email })
}

/** Removes every second factor of another staff member (issue 34 §3: a lost phone). */
async function resetTwoFactor(
  admin: SupabaseClient,
  callerId: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const userId = typeof body.userId === 'string' ? body.userId.toLowerCase() : ''
  if (!/^[0-9a-f-]{36}$/.test(userId)) return refuse(400, 'Name the staff member to reset.')
  if (userId === callerId)
    return refuse(400, 'Remove your own two-factor sign-in in Profile, with a code from your app.')
  const member = await admin
    .from('admin_users')
    .select('user_id')
    .eq('user_id', userId)
    .maybeSingle()
  if (member.error) return refuse(502, `Could not read the staff list: ${member.error.message}`)
  if (!member.data) return refuse(404, 'That account is not on the staff list. Refresh the list.')
  const listed = await admin.auth.admin.mfa.listFactors({ userId })
  if (listed.error)
    return refuse(502, `Their two-factor sign-in could not be read: ${listed.error.message}`)
  for (const factor of listed.data.factors) {
    const { error } = await admin.auth.admin.mfa.deleteFactor({ id: factor.id, userId })
    if (error) return refuse(502, `Their two-factor sign-in could not be reset: ${error.message}`)
  }
  return answer(200, { reset: userId, removed: listed.data.factors.length })
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
  if (request.method !== 'POST') return refuse(405, 'POST only')

  const url = env('SUPABASE_URL')
  const anonKey = env('SUPABASE_ANON_KEY')
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY')
  if (!url || !anonKey || !serviceKey)
    return refuse(500, 'The function has no project URL or keys.')
  const authorization = request.headers.get('authorization') ?? ''
  if (!/^Bearer\s+\S+$/i.test(authorization)) return refuse(401, 'Sign in as a director first.')

  const options = { auth: { persistSession: false, autoRefreshToken: false } }
  // The caller's own client: the database, not this function, says who they are.
  const caller = createClient(url, anonKey, { ...options, global: { headers: { authorization } } })
  const { data: who } = await caller.auth.getUser(authorization.replace(/^Bearer\s+/i, ''))
  if (!who.user) return refuse(401, 'Sign in as a director first.')
  const director = await caller.rpc('is_director')
  if (director.error || director.data !== true)
    return refuse(403, 'Only directors can manage the staff.')

  let body: Record<string, unknown>
  try {
    const parsed: unknown = await request.json()
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('not an object')
    body = parsed as Record<string, unknown>
  } catch {
    return refuse(400, 'Send a JSON object naming the action.')
  }

  const admin = createClient(url, serviceKey, options)
  try {
    switch (body.action) {
      case 'invite':
        return await invite(admin, who.user.id, body)
      case 'resend':
        return await resend(admin, who.user.id, body)
      case 'revoke':
        return await revoke(admin, body)
      case 'reset-two-factor':
        return await resetTwoFactor(admin, who.user.id, body)
      default:
        return refuse(400, 'Unknown action: invite, resend, revoke or reset-two-factor.')
    }
  } catch (error) {
    console.error(error)
    return refuse(500, 'The staff change failed. Try again.')
  }
})
