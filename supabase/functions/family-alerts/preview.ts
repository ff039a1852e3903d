// For the alerts editors (staff only): whom an alert would reach, before it is published.
import { createClient } from '@supabase/supabase-js'

import { env } from '../_shared/smtp.ts'
import { answer, refuse } from './answers.ts'
import { resolveAudience } from './audience.ts'
import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { followName, readCatalog } from './targets.ts'

/**
 * For the alerts editors, before publishing (staff only, checked with the caller's own token):
 * how many confirmed addresses and push devices a status alert on `pages` would reach now,
 * and the names of what it concerns. Counts only: no address or endpoint leaves.
 */
export async function preview(context: Context, request: Request, pages: string[]) {
  const authorization = request.headers.get('authorization') ?? ''
  const supabaseUrl = env('SUPABASE_URL')
  const anonKey = env('SUPABASE_ANON_KEY')
  if (!/^Bearer\s+\S+$/i.test(authorization) || !supabaseUrl || !anonKey)
    return refuse(401, 'Sign in as staff first.')
  const caller = createClient(supabaseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { authorization } },
  })
  const staff = await caller.rpc('is_admin')
  if (staff.error || staff.data !== true)
    return refuse(403, 'Only staff can see who would be told.')
  const catalog = await readCatalog(context.db)
  const audience = await resolveAudience(context.db, catalog, pages)
  const { data, error } = await context.db.rpc('family_alerts_audience', {
    everyone: audience.everyone,
    teams: audience.teams,
    programs: audience.programs,
    fields: audience.fields,
  })
  if (error) fail('could not count the recipients', error)
  const counts = ((data ?? [])[0] ?? { email: 0, push: 0 }) as { email: number; push: number }
  const names = audience.everyone
    ? ['everyone who follows the club']
    : [
        ...audience.teams.map((ref) => followName(catalog, { kind: 'team', ref })),
        ...audience.programs.map((ref) => followName(catalog, { kind: 'program', ref })),
        ...audience.fields.map((ref) => followName(catalog, { kind: 'field', ref })),
      ].filter((name): name is string => Boolean(name))
  return answer(200, {
    email: Number(counts.email),
    push: Number(counts.push),
    everyone: audience.everyone,
    names: [...new Set(names)].slice(0, 20),
  })
}
