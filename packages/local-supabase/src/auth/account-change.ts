// Storing a change to an account, as `PUT /user` and `PUT /admin/users/{id}` both do once
// their own rules have passed: the columns, the identities of the contacts it changes, and
// the sessions a new password ends.
import type { Tx } from '../db/database.ts'
import { endAllSessions, endOtherSessions } from './sessions.ts'
import { assertContactsFree, reloadUser, setIdentityContact, updateUser } from './users.ts'
import type { User, UserChanges } from './users.ts'

/** A contact the change points the user's identity of that provider at. */
export type IdentityContact = { provider: 'email' | 'phone'; value: string; verified: boolean }

/** What {@link storeAccountChange} stores. */
export type AccountChange = {
  /** The email and phone the change gives the user, which no other account may hold. */
  contacts: { email: string | undefined; phone: string | undefined }
  /** The `auth.users` columns to set. */
  columns: UserChanges
  /** The identities to point at a new email or phone, in order. */
  identities: readonly IdentityContact[]
  /**
   * A new password ends the user's sessions: every one, or every one but `keep` (the session
   * that changed it, as GoTrue does for `PUT /user`).
   */
  endSessions?: { keep?: string | undefined } | undefined
}

/**
 * Stores an account change in `tx` and returns the user as stored: refuses a contact another
 * account holds (422), sets the columns, points each identity at the user as the update left
 * it (setIdentityContact rewrites app_metadata's providers from the user it is given), then
 * ends the sessions a new password ends.
 */
export async function storeAccountChange(tx: Tx, user: User, change: AccountChange): Promise<User> {
  await assertContactsFree(tx, user, change.contacts)
  await updateUser(tx, user.id, change.columns)
  for (const { provider, value, verified } of change.identities) {
    await setIdentityContact(tx, await reloadUser(tx, user.id), provider, value, verified)
  }
  if (change.endSessions) {
    const { keep } = change.endSessions
    if (keep) await endOtherSessions(tx, user.id, keep)
    else await endAllSessions(tx, user.id)
  }
  return reloadUser(tx, user.id)
}
