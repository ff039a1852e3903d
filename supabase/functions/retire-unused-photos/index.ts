// Removes from the public `photo-library` bucket the copies of library photos that no stored
// page uses, as the database names them (`public.retirable_public_photos()`, migration
// 20261127000400): a photo taken off every page stops loading for visitors with nobody signed
// in. pg_cron calls it through pg_net every five minutes (migration 20261206000900) with the
// service role's key; no one else may (the anon key can no longer remove public copies).
//
// Deployed unchanged with `supabase functions deploy retire-unused-photos`; the local backend
// runs the same file in Deno (packages/local-supabase/src/functions).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1'

const PUBLIC_BUCKET = 'photo-library'
/** Storage removes at most this many files per call. */
const BATCH = 100

/** The role of the caller's JWT (the relay has verified its signature: verify_jwt is on). */
function callerRole(request: Request): string | undefined {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '')
  const payload = token?.split('.')[1]
  if (!payload) return undefined
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const role: unknown = JSON.parse(json).role
    return typeof role === 'string' ? role : undefined
  } catch {
    return undefined
  }
}

Deno.serve(async (request) => {
  if (request.method !== 'POST')
    return Response.json({ error: 'POST only' }, { status: 405, headers: { allow: 'POST' } })
  if (callerRole(request) !== 'service_role')
    return Response.json({ error: 'Only the scheduled job may retire photos' }, { status: 403 })

  const url = Deno.env.get('SUPABASE_URL')
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')
  if (!url || !key)
    return Response.json({ error: 'The function has no project URL or key' }, { status: 500 })
  const supabase = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  })

  const { data, error } = await supabase.rpc('retirable_public_photos')
  if (error)
    return Response.json(
      { error: `Could not ask which photos to retire: ${error.message}` },
      { status: 502 },
    )
  const names = (data as unknown[]).filter((name): name is string => typeof name === 'string')
  let removed = 0
  for (let start = 0; start < names.length; start += BATCH) {
    const { data: gone, error: failed } = await supabase.storage
      .from(PUBLIC_BUCKET)
      .remove(names.slice(start, start + BATCH))
    if (failed)
      return Response.json(
        { error: `Could not remove photos: ${failed.message}`, removed },
        { status: 502 },
      )
    removed += gone.length
  }
  return Response.json({ removed })
})
