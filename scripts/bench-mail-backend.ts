// What the mail benchmarks (bench:functions' director email, bench:notify) stand on: the
// embedded local backend with the project's migrations and Edge Functions, in memory, whose
// functions send their email to a local mail catcher (MailDev) and link to the local site.
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { catcherMailEnv } from '@club/local-supabase/mail-catcher'
import type { MailCatcher } from '@club/local-supabase/mail-catcher'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Starts the backend; `env` adds to (or overrides) the functions' secrets. */
export function startMailBackend(
  mail: MailCatcher,
  env: Record<string, string>,
): Promise<LocalSupabase> {
  return startLocalSupabase({
    projectRoot: ROOT,
    port: 0,
    dataDir: null,
    log: () => {},
    functions: { env: { ...catcherMailEnv(mail), SITE_URL: 'http://127.0.0.1:5173', ...env } },
  })
}
