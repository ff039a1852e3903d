import type { BackendClient } from '../backend/client.ts'
import { LOGIN_PATH } from '../routing/admin-paths.ts'

/*
 * The Staff screen's side of the backend (issue 34), with the signed-in client: the staff
 * list (`staff_members()`, directors only), the open invitations (`staff_invitations`, which
 * only directors read), role changes and removals (the staff table's policies, the last-director
 * trigger and `remove_staff_member()`), and invitations through the Edge Function `staff-invite`,
 * which holds the service role. The database refuses all of it to anyone but a director.
 */

/** director: everything; editor: the site's content, not Staff, Settings or the reminders. */
export type StaffRole = 'director' | 'editor'

/** One staff member as the Staff screen lists them. */
export type StaffMember = {
  userId: string
  email: string
  role: StaffRole
  /** When they were added to the staff list (ISO 8601). */
  addedAt: string
  /** Their last sign-in (ISO 8601), or null if never. */
  lastSignInAt: string | null
  /** Whether they have a verified second factor. */
  twoFactor: boolean
}

/** An invitation not accepted yet. */
export type StaffInvitation = {
  id: string
  email: string
  role: StaffRole
  invitedAt: string
  expiresAt: string
  /** Past its expiry when it was read: it can no longer be accepted (Resend renews it). */
  expired: boolean
}

/** One entry of the staff audit log (`staff_audit_log`, written by the database's triggers). */
export type StaffActivity = {
  id: number
  at: string
  action: 'sign-in' | 'sign-in-failed' | 'added' | 'role-changed' | 'removed'
  /** Who did it; null for the service role (`pnpm staff:add`) or an account since deleted. */
  actorEmail: string | null
  memberEmail: string | null
  detail: { role?: string; from?: string; to?: string }
}

/** How many audit entries the Staff screen shows. */
export const ACTIVITY_LIMIT = 20

const roleWords = (role: unknown) => (role === 'director' ? 'a director' : 'an editor')

/**
 * An audit entry in words.
 *
 * @example
 * activityText({ action: 'role-changed', actorEmail: 'a@x.org', memberEmail: 'b@x.org', detail: { to: 'editor' } … })
 * // 'a@x.org made b@x.org an editor'
 */
export function activityText(
  entry: Pick<StaffActivity, 'action' | 'actorEmail' | 'memberEmail' | 'detail'>,
): string {
  const member = entry.memberEmail ?? 'an account since deleted'
  const actor = entry.actorEmail ?? 'The service key (pnpm staff:add)'
  switch (entry.action) {
    case 'sign-in':
      return `${member} signed in`
    case 'sign-in-failed':
      return `A sign-in as ${member} failed: wrong password`
    case 'added':
      return entry.actorEmail && entry.actorEmail === entry.memberEmail
        ? `${member} accepted an invitation as ${roleWords(entry.detail.role)}`
        : `${actor} added ${member} as ${roleWords(entry.detail.role)}`
    case 'role-changed':
      return `${actor} made ${member} ${roleWords(entry.detail.to)}`
    case 'removed':
      return `${actor} removed ${member} from the staff`
  }
}

/** Why a staff call failed, in words a director can act on. */
export class StaffError extends Error {
  override readonly name = 'StaffError'
}

type MemberRow = {
  user_id: string
  email: string
  role: StaffRole
  added_at: string
  last_sign_in_at: string | null
  two_factor: boolean
}

type InvitationRow = {
  id: string
  email: string
  role: StaffRole
  invited_at: string
  expires_at: string
}

/** Reads the message an Edge Function's refusal carries (`{ error }`), else a general one. */
async function functionError(error: unknown): Promise<StaffError> {
  const context = (error as { context?: unknown }).context
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: unknown }
      if (typeof body.error === 'string' && body.error) return new StaffError(body.error)
    } catch {
      // Not JSON: the general message below.
    }
    if (context.status === 401 || context.status === 403)
      return new StaffError('Only directors can manage the staff.')
  }
  return new StaffError('The staff service could not be reached. Try again.')
}

/** Refusals of the database in a director's words; other errors keep the service's own. */
function databaseError(error: { code?: string; message: string }): StaffError {
  if (error.code === '42501') return new StaffError('Only directors can manage the staff.')
  return new StaffError(error.message)
}

/** The Staff screen's calls, bound to the signed-in client. */
export function createStaffDirectory(client: BackendClient) {
  const invoke = async (body: Record<string, unknown>) => {
    const { data, error } = await client.functions.invoke('staff-invite', { body })
    if (error) throw await functionError(error)
    return data as Record<string, unknown>
  }
  const redirectTo = () =>
    typeof window === 'undefined' ? undefined : `${window.location.origin}${LOGIN_PATH}`

  return {
    async members(): Promise<StaffMember[]> {
      const { data, error } = await client.rpc('staff_members')
      if (error) throw databaseError(error)
      return ((data ?? []) as MemberRow[]).map((row) => ({
        userId: row.user_id,
        email: row.email,
        role: row.role,
        addedAt: row.added_at,
        lastSignInAt: row.last_sign_in_at,
        twoFactor: row.two_factor,
      }))
    },

    async invitations(): Promise<StaffInvitation[]> {
      const { data, error } = await client
        .from('staff_invitations')
        .select('id,email,role,invited_at,expires_at')
        .is('accepted_at', null)
        .order('invited_at', { ascending: false })
      if (error) throw databaseError(error)
      return ((data ?? []) as InvitationRow[]).map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedAt: row.invited_at,
        expiresAt: row.expires_at,
        expired: new Date(row.expires_at).getTime() <= Date.now(),
      }))
    },

    async activity(): Promise<StaffActivity[]> {
      const { data, error } = await client
        .from('staff_audit_log')
        .select('id,at,action,actor_email,member_email,detail')
        .order('at', { ascending: false })
        .order('id', { ascending: false })
        .limit(ACTIVITY_LIMIT)
      if (error) throw databaseError(error)
      return (
        (data ?? []) as {
          id: number
          at: string
          action: StaffActivity['action']
          actor_email: string | null
          member_email: string | null
          detail: StaffActivity['detail'] | null
        }[]
      ).map((row) => ({
        id: row.id,
        at: row.at,
        action: row.action,
        actorEmail: row.actor_email,
        memberEmail: row.member_email,
        detail: row.detail ?? {},
      }))
    },

    async setRole(userId: string, role: StaffRole): Promise<void> {
      const { data, error } = await client
        .from('admin_users')
        .update({ role })
        .eq('user_id', userId)
        .select('role')
      if (error) throw databaseError(error)
      if (!data || data.length === 0) throw new StaffError('Only directors can change roles.')
    },

    async remove(userId: string): Promise<void> {
      const { error } = await client.rpc('remove_staff_member', { member: userId })
      if (error) throw databaseError(error)
    },

    /** "Require two-factor for staff" (`public.staff_security`, issue 34 §3). */
    async twoFactorRequired(): Promise<boolean> {
      const { data, error } = await client.rpc('two_factor_required')
      if (error) throw databaseError(error)
      return data === true
    },

    /** Turns the requirement on or off; only a director signed in with a second factor may. */
    async setTwoFactorRequired(on: boolean): Promise<void> {
      const { data, error } = await client
        .from('staff_security')
        .update({ two_factor_required: on })
        .eq('id', true)
        .select('two_factor_required')
      if (error) throw databaseError(error)
      if (!data || data.length === 0)
        throw new StaffError(
          'Only a director signed in with two-factor sign-in can change this. Set it up in Profile, then sign in again.',
        )
    },

    /** Removes another member's second factors (a lost phone), through the service role. */
    resetTwoFactor: (userId: string) =>
      invoke({ action: 'reset-two-factor', userId }).then(() => undefined),

    invite: (email: string, role: StaffRole) =>
      invoke({ action: 'invite', email, role, redirectTo: redirectTo() }).then(() => undefined),
    resend: (id: string) =>
      invoke({ action: 'resend', id, redirectTo: redirectTo() }).then(() => undefined),
    revoke: (id: string) => invoke({ action: 'revoke', id }).then(() => undefined),
  }
}

/** The Staff screen's calls. */
export type StaffDirectory = ReturnType<typeof createStaffDirectory>
