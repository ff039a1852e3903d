import { useCallback, useEffect, useMemo, useState } from 'react'
import type { FormEvent } from 'react'

import { useAuth } from '../../auth/auth-provider.tsx'
import { formatClubDateTime } from '../../club/club-time.ts'
import { emailOrEmptySchema } from '../../entities/common.ts'
import { SelectField, TextField } from '../../screen-editors/shared/form-controls.tsx'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { useHead } from '../../site/head.tsx'
import { ActionButton } from '../action-button.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { activityText, createStaffDirectory } from '../staff-members.ts'
import type {
  StaffActivity,
  StaffDirectory,
  StaffInvitation,
  StaffMember,
  StaffRole,
} from '../staff-members.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Editor: pages, news, alerts, field status, rosters and photos' },
  { value: 'director', label: 'Director: everything, including Staff and Settings' },
] as const

const ROLE_NAMES: Record<StaffRole, string> = { director: 'Director', editor: 'Editor' }

const asRole = (value: string): StaffRole => (value === 'director' ? 'director' : 'editor')

type Lists =
  | { kind: 'loading' }
  | {
      kind: 'loaded'
      members: StaffMember[]
      invitations: StaffInvitation[]
      activity: StaffActivity[]
    }
  | { kind: 'failed'; message: string }

/** What the last action said: done (a status) or refused (an alert). */
type Outcome = { kind: 'done' | 'failed'; text: string } | null

/** A change to one member that is asked about first: the question, the change, what is said after. */
type AskedChange = {
  title(email: string): string
  description: string
  confirmLabel: string
  change(staff: StaffDirectory, member: StaffMember): Promise<void>
  done(email: string): string
}

const ASKED_CHANGES = {
  remove: {
    title: (email) => `Remove ${email} from the staff?`,
    description:
      'They are signed out everywhere at once and can no longer change the site. What they saved stays, under their name.',
    confirmLabel: 'Remove',
    change: (staff, member) => staff.remove(member.userId),
    done: (email) => `${email} is no longer staff, and is signed out everywhere.`,
  },
  resetTwoFactor: {
    title: (email) => `Reset two-factor sign-in of ${email}?`,
    description:
      'Their authenticator apps are removed: they sign in with their password alone, and set up two-factor sign-in again in Profile.',
    confirmLabel: 'Reset two-factor',
    change: (staff, member) => staff.resetTwoFactor(member.userId),
    done: (email) =>
      `Two-factor sign-in of ${email} is reset: they sign in with their password, then set it up again.`,
  },
} satisfies Record<string, AskedChange>

/** The asked change waiting for its answer, and whom it is for. */
type Asking = { change: keyof typeof ASKED_CHANGES; member: StaffMember } | null

/**
 * /admin/staff (directors only, issue 34): the staff with their roles, last sign-in and
 * two-factor status; the open invitations with Resend and Revoke; Invite by email. Every change
 * is the database's to allow: editors never see this screen, and their forged requests are
 * refused there.
 */
export function StaffRoute() {
  useHead(adminHead('Staff', screenAddress('StaffRoute')))
  const { client } = useAdminDeps()
  const { user } = useAuth()
  const staff = useMemo(() => createStaffDirectory(client), [client])
  const [lists, setLists] = useState<Lists>({ kind: 'loading' })
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState<Asking>(null)

  const refresh = useCallback(
    () =>
      Promise.all([staff.members(), staff.invitations(), staff.activity()]).then(
        ([members, invitations, activity]) =>
          setLists({ kind: 'loaded', members, invitations, activity }),
        (error: unknown) => setLists({ kind: 'failed', message: (error as Error).message }),
      ),
    [staff],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  /** Runs one change, says how it went, and reads the lists again. */
  const act = async (change: () => Promise<void>, done: string) => {
    if (busy) return false
    setBusy(true)
    setOutcome(null)
    try {
      await change()
      setOutcome({ kind: 'done', text: done })
      return true
    } catch (error) {
      setOutcome({ kind: 'failed', text: (error as Error).message })
      return false
    } finally {
      setBusy(false)
      await refresh()
    }
  }

  return (
    <section className="admin-panel staff-screen" aria-labelledby="staff-title" aria-busy={busy}>
      <h1 id="staff-title">Staff</h1>
      <p>
        Directors can do everything, including Staff and Settings. Editors change the site’s pages,
        news, alerts, field status, rosters and photos.
      </p>
      {outcome?.kind === 'done' && <p role="status">{outcome.text}</p>}
      {outcome?.kind === 'failed' && <p role="alert">{outcome.text}</p>}

      <InviteForm
        busy={busy}
        onInvite={(email, role) =>
          act(
            () => staff.invite(email, role),
            `Invitation sent to ${email}. They join the staff when they accept it.`,
          )
        }
      />

      {lists.kind === 'loading' && <p role="status">Loading the staff…</p>}
      {lists.kind === 'failed' && (
        <p role="alert">{`The staff list could not be loaded: ${lists.message}`}</p>
      )}
      {lists.kind === 'loaded' && (
        <>
          <h2 id="members-title">Staff members</h2>
          <ul className="admin-list" aria-labelledby="members-title">
            {lists.members.map((member) => (
              <MemberRow
                key={`${member.userId}:${member.role}`}
                member={member}
                you={member.userId === user?.id}
                busy={busy}
                onRole={(role) =>
                  void act(
                    () => staff.setRole(member.userId, role),
                    `${member.email} is now ${role === 'director' ? 'a director' : 'an editor'}.`,
                  )
                }
                onRemove={() => setAsking({ change: 'remove', member })}
                onResetTwoFactor={() => setAsking({ change: 'resetTwoFactor', member })}
              />
            ))}
          </ul>

          <h2 id="invitations-title">Invitations</h2>
          {lists.invitations.length === 0 ? (
            <p>No invitation is waiting.</p>
          ) : (
            <ul className="admin-list" aria-labelledby="invitations-title">
              {lists.invitations.map((invitation) => (
                <li key={invitation.id} aria-label={invitation.email}>
                  <strong>{invitation.email}</strong>
                  {` (${ROLE_NAMES[invitation.role]})`}
                  <br />
                  <span className="admin-meta">
                    {`Invited ${formatClubDateTime(invitation.invitedAt)} · ${
                      invitation.expired
                        ? 'its link has expired: Resend sends a fresh one'
                        : `its link works until ${formatClubDateTime(invitation.expiresAt)}`
                    }`}
                  </span>
                  <div className="editor-actions">
                    <ActionButton
                      disabled={busy}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                      onClick={() =>
                        void act(
                          () => staff.resend(invitation.id),
                          `Invitation sent again to ${invitation.email}.`,
                        )
                      }
                    >
                      Resend
                    </ActionButton>
                    <ActionButton
                      disabled={busy}
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      onClick={() =>
                        void act(
                          () => staff.revoke(invitation.id),
                          `The invitation to ${invitation.email} is revoked; its link no longer works.`,
                        )
                      }
                    >
                      Revoke
                    </ActionButton>
                  </div>
                </li>
              ))}
            </ul>
          )}

          <h2 id="activity-title">Recent activity</h2>
          <p className="admin-meta">
            Staff sign-ins, additions, role changes and removals, as the database recorded them.
            Nobody can change this record.
          </p>
          <ul className="admin-list" aria-labelledby="activity-title">
            {lists.activity.map((entry) => (
              <li key={entry.id}>
                {activityText(entry)}
                <br />
                <time className="admin-meta" dateTime={entry.at}>
                  {formatClubDateTime(entry.at)}
                </time>
              </li>
            ))}
          </ul>
        </>
      )}

      {Object.entries(ASKED_CHANGES).map(([name, asked]) => {
        const member = asking?.change === name ? asking.member : null
        return (
          <ConfirmDialog
            key={name}
            open={member !== null}
            title={asked.title(member?.email ?? '')}
            description={asked.description}
            confirmLabel={asked.confirmLabel}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              setAsking(null)
              if (member) void act(() => asked.change(staff, member), asked.done(member.email))
            }}
          />
        )
      })}
    </section>
  )
}

/**
 * One staff member: their sign-in and two-factor status, their role (changed with its own
 * button, so moving through the list never saves), and Remove. Your own role and removal are
 * another director's to change: the screen would otherwise go on offering what you just gave up.
 */
function MemberRow({
  member,
  you,
  busy,
  onRole,
  onRemove,
  onResetTwoFactor,
}: {
  member: StaffMember
  you: boolean
  busy: boolean
  onRole(role: StaffRole): void
  onRemove(): void
  /** Offered while they have a second factor: a lost phone must not lock them out. */
  onResetTwoFactor(): void
}) {
  const [role, setRole] = useState<StaffRole>(member.role)
  return (
    <li aria-label={member.email}>
      <strong>{member.email}</strong>
      {you && ' (you)'}
      <br />
      <span className="admin-meta">
        {`${ROLE_NAMES[member.role]} · ${member.lastSignInAt ? `last signed in ${formatClubDateTime(member.lastSignInAt)}` : 'never signed in'} · two-factor ${member.twoFactor ? 'on' : 'off'}`}
      </span>
      {you ? (
        <p className="admin-meta">Another director can change your role or remove you.</p>
      ) : (
        <>
          <SelectField
            label={`Role of ${member.email}`}
            value={role}
            options={ROLE_OPTIONS}
            onChange={(value) => setRole(asRole(value))}
          />
          <div className="editor-actions">
            <ActionButton
              disabled={busy || role === member.role}
              aria-label={`Change the role of ${member.email}`}
              onClick={() => onRole(role)}
            >
              Change role
            </ActionButton>
            <ActionButton disabled={busy} aria-label={`Remove ${member.email}`} onClick={onRemove}>
              Remove
            </ActionButton>
            {member.twoFactor && (
              <ActionButton
                disabled={busy}
                aria-label={`Reset two-factor sign-in of ${member.email}`}
                onClick={onResetTwoFactor}
              >
                Reset two-factor
              </ActionButton>
            )}
          </div>
        </>
      )}
    </li>
  )
}

/** Invite by email, with a role: the address is checked here before the function sees it. */
function InviteForm({
  busy,
  onInvite,
}: {
  busy: boolean
  onInvite(email: string, role: StaffRole): Promise<boolean>
}) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('editor')
  const [error, setError] = useState<string | undefined>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    if (!typed || !emailOrEmptySchema.safeParse(typed).success) {
      setError('Enter one email address, such as coach@example.org.')
      return
    }
    setError(undefined)
    if (await onInvite(typed, role)) setEmail('')
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite by email</h2>
      <TextField label="Email address" value={email} error={error} onChange={setEmail} />
      <SelectField
        label="Role"
        value={role}
        options={ROLE_OPTIONS}
        onChange={(value) => setRole(asRole(value))}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Send invitation
      </button>
    </form>
  )
}
