// What every route is given: the service-role client, the signing secret, the site and the
// club.
import type { SupabaseClient } from '@supabase/supabase-js'

export type Context = {
  db: SupabaseClient
  secret: string
  origin: string | undefined
  clubName: string
  timeZone: string
  functionUrl: string
}
