/**
 * Where the director's session is kept, and its access token: shared by main (which must not
 * load the uploader) and the upload process.
 */

/** Where supabase-js keeps the session of a project (wire contract §2.6): `sb-<host's first label>-auth-token`. */
export function sessionKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
}

/** The access token of a stored session (supabase-js's JSON), if there is one. */
export function accessTokenOf(stored: string | null): string | undefined {
  if (!stored) return undefined
  try {
    const session = JSON.parse(stored) as { access_token?: unknown }
    return typeof session.access_token === 'string' ? session.access_token : undefined
  } catch {
    return undefined
  }
}
