/** Who an editor is, as the others see them. */
export type EditorIdentity = {
  /** The account's id (`auth.uid()`), as `website_content.updated_by` names a saver. */
  id: string
  name: string
  email: string
  /** One or two letters for the avatar. */
  initials: string
}

/** The parts of a signed-in user (supabase-js's `User`) an identity is made from. */
export type IdentityUser = {
  id: string
  email?: string | undefined
  user_metadata?: Record<string, unknown> | undefined
}

/** The parts of the `adminProfile` document an identity is made from. */
export type IdentityProfile = { displayName: string; email: string }

const clean = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : ''

/**
 * One or two letters for an avatar: the first and last words' first letters; for an email
 * address, of its local part's words.
 *
 * @example
 * initialsOf('Jordan Lee') // 'JL'
 * initialsOf('pat.morgan@example.org') // 'PM'
 */
export function initialsOf(name: string): string {
  const base = name.includes('@') ? (name.split('@')[0] ?? '') : name
  const words = base.split(/[\s._+-]+/).filter(Boolean)
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words
  return (
    picked
      .map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '')
      .join('')
      .slice(0, 4) || '?'
  )
}

/**
 * The name an editor goes by: the display name their profile saved on their account (the
 * profile page writes it to the user's metadata), else the `adminProfile` document's when
 * its email is theirs, else their email address.
 *
 * @example
 * editorIdentity({ id, email: 'jordan@example.org', user_metadata: { display_name: 'Jordan' } })
 * // { id, name: 'Jordan', email: 'jordan@example.org', initials: 'J' }
 */
export function editorIdentity(user: IdentityUser, profile?: IdentityProfile): EditorIdentity {
  const email = clean(user.email)
  const fromAccount =
    clean(user.user_metadata?.display_name) || clean(user.user_metadata?.full_name)
  const profileIsTheirs =
    profile !== undefined &&
    email !== '' &&
    clean(profile.email).toLowerCase() === email.toLowerCase()
  const name =
    fromAccount || (profileIsTheirs ? clean(profile.displayName) : '') || email || 'A staff member'
  return { id: user.id, name, email, initials: initialsOf(name) }
}
