// Rate limits on what a stranger can ask for: attempts counted per key in
// family_alert_attempts.
import type { SupabaseClient } from '@supabase/supabase-js'

import { env } from '../_shared/smtp.ts'
import { fail } from '../_shared/db.ts'
import { sha256Hex } from './tokens.ts'

/** Counts an attempt under `key` and says whether it is within `limit` per `windowMs`. */
export async function withinLimit(
  db: SupabaseClient,
  key: string,
  limit: number,
  windowMs: number,
) {
  const since = new Date(Date.now() - windowMs).toISOString()
  const { count, error } = await db
    .from('family_alert_attempts')
    .select('id', { count: 'exact', head: true })
    .eq('key', key)
    .gt('created_at', since)
  if (error) fail('could not count attempts', error)
  if ((count ?? 0) >= limit) return false
  const { error: insertError } = await db.from('family_alert_attempts').insert({ key })
  if (insertError) fail('could not count an attempt', insertError)
  return true
}

/**
 * The caller's address as the platform's proxy reports it (`cf-connecting-ip`, `x-real-ip`,
 * else the first `x-forwarded-for` entry). Which of these a hosted project's proxy always
 * overwrites is not documented: the per-IP limit is a brake, and the double opt-in and the
 * per-address limit are what keep an inbox from being bombed.
 */
function clientIp(request: Request): string {
  const given =
    request.headers.get('cf-connecting-ip') ??
    request.headers.get('x-real-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]
  const ip = given?.trim()
  return ip && ip.length <= 64 ? ip : 'unknown'
}

/** Counts a request from the caller's connection: within FAMILY_ALERTS_PER_IP_HOUR an hour? */
export async function withinIpLimit(db: SupabaseClient, request: Request) {
  const perIp = Math.max(1, Number(env('FAMILY_ALERTS_PER_IP_HOUR') ?? 20) || 20)
  return withinLimit(db, `ip:${await sha256Hex(clientIp(request))}`, perIp, 3600_000)
}
