/**
 * Before settings are saved, main asks the address whether it is a Supabase project that takes
 * this anon key: Auth's public settings (`GET /auth/v1/settings` with the key as `apikey`)
 * answer 200 with GoTrue's settings only there. So a typo in the address, a site address given
 * for the backend, or another project's key is said on the form, instead of a login page that
 * reaches nothing.
 */

/** How long the address has to answer. */
export const PROJECT_CHECK_TIMEOUT_MS = 10_000

/** Thrown to the settings form; its message is shown there as it is. */
export class ProjectCheckError extends Error {
  override name = 'ProjectCheckError'
}

/** The messages, by what went wrong. */
export const projectCheckMessages = {
  unreachable: (url: string) =>
    `Nothing answers at ${url}. Check the backend address (and that this computer is online).`,
  notSupabase: (url: string) =>
    `${url} answers, but not as a Supabase project. The backend address is the project URL, such as https://abcdefgh.supabase.co.`,
  keyRefused: (url: string) =>
    `The project at ${url} refused this anon key. Copy the anon (publishable) key of this project.`,
}

/**
 * Resolves when `backendUrl` answers as a Supabase project accepting `anonKey`; otherwise throws
 * a ProjectCheckError saying which of the three it is.
 */
export async function checkSupabaseProject(
  settings: { backendUrl: string; anonKey: string },
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<void> {
  const fetchFn = options.fetch ?? fetch
  const url = settings.backendUrl
  let answer: Response
  try {
    answer = await fetchFn(`${url}/auth/v1/settings`, {
      headers: { apikey: settings.anonKey, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? PROJECT_CHECK_TIMEOUT_MS),
    })
  } catch {
    throw new ProjectCheckError(projectCheckMessages.unreachable(url))
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new ProjectCheckError(projectCheckMessages.keyRefused(url))
  }
  let body: unknown
  try {
    body = await answer.json()
  } catch {
    body = null
  }
  const looksLikeAuth =
    answer.ok &&
    body !== null &&
    typeof body === 'object' &&
    'external' in body &&
    typeof body.external === 'object'
  if (!looksLikeAuth) throw new ProjectCheckError(projectCheckMessages.notSupabase(url))
}
