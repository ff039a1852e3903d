// Whom a status alert concerns, as the recipients' tables and the catalog say.
import type { SupabaseClient } from '@supabase/supabase-js'

import { fail } from '../_shared/db.ts'
import { audienceOf, programOfKey } from './targets.ts'
import type { Catalog, Follow } from './targets.ts'

/**
 * Whom a status alert on `pages` concerns (none: club-wide): the teams, programs and fields the
 * catalog finds in them, and, for teams or fields the stored documents do not list (the site
 * shows its built-in ones), those families follow, matched by key.
 */
export async function resolveAudience(db: SupabaseClient, catalog: Catalog, pages: string[]) {
  const audience = audienceOf(catalog, pages)
  if (audience.programTeams?.length || audience.allFields) {
    const followed: Follow[] = []
    for (const table of ['family_subscriptions', 'family_push_follows']) {
      const { data, error } = await db
        .from(table)
        .select('kind, ref')
        .in('kind', ['team', 'field'])
        .limit(10_000)
      if (error) fail('could not read the subscriptions', error)
      followed.push(...((data ?? []) as Follow[]))
    }
    for (const row of followed) {
      if (row.kind === 'team' && audience.programTeams?.includes(programOfKey(row.ref)))
        audience.teams.push(row.ref)
      if (row.kind === 'field' && audience.allFields) audience.fields.push(row.ref)
    }
  }
  return audience
}
