/**
 * Who a socket or channel acts as, with the rules the other services apply: the
 * gateway's `sb_…` key mapping, HS256 verification and the three API roles only.
 * And private-channel authorisation through the `realtime.messages` policies.
 */
import { decodeJwt } from 'jose'

import type { Database, RequestIdentity } from '../db/database.ts'
import { apiRole, effectiveBearer, verifyJwt } from '../keys.ts'
import type { Keys } from '../keys.ts'

export type TokenCheck =
  | { ok: true; identity: RequestIdentity; token: string; expiresAt: number | undefined }
  | { ok: false; reason: string }

/**
 * Verifies a token as the channel's credentials. `sb_publishable_…`/`sb_secret_…` keys
 * stand for the anon and service-role JWTs, as the API gateway rewrites them. Like
 * hosted Realtime, the claims must carry an expiry.
 */
export async function checkToken(keys: Keys, raw: string | undefined): Promise<TokenCheck> {
  const token = effectiveBearer(keys, undefined, raw)
  if (!token) return { ok: false, reason: 'InvalidJWTToken: no token given' }
  const verified = await verifyJwt(keys.jwtSecret, token)
  if (!verified.ok) {
    if (verified.reason === 'expired') {
      // Verified already: the signature is good, only the expiry failed.
      const exp = decodeJwt(token).exp ?? Date.now() / 1000
      const ago = Math.max(0, Math.floor(Date.now() / 1000 - exp))
      return { ok: false, reason: `InvalidJWTToken: Token has expired ${ago} seconds ago` }
    }
    return { ok: false, reason: `InvalidJWTToken: ${verified.message}` }
  }
  const role = apiRole(verified.claims)
  if (role === undefined)
    return {
      ok: false,
      reason: `Unauthorized: role "${String(verified.claims.role)}" is not allowed`,
    }
  const exp = typeof verified.claims.exp === 'number' ? verified.claims.exp : undefined
  if (exp === undefined)
    return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' }
  return {
    ok: true,
    identity: { role, claims: { ...verified.claims, role } },
    token,
    expiresAt: exp * 1000,
  }
}

/** What a caller may do on a private channel. */
export type ChannelPermissions = {
  readBroadcast: boolean
  readPresence: boolean
  writeBroadcast: boolean
  writePresence: boolean
}

export const PUBLIC_PERMISSIONS: ChannelPermissions = {
  readBroadcast: true,
  readPresence: true,
  writeBroadcast: true,
  writePresence: true,
}

const EXTENSIONS = ['broadcast', 'presence'] as const

/**
 * Asks the `realtime.messages` policies, as hosted Realtime does at join: in one
 * transaction that is rolled back, probe rows are inserted for the topic (by the
 * superuser) and selected as the caller (read), and the caller inserts its own (write),
 * with `realtime.topic` set to the channel name.
 */
export async function channelPermissions(
  db: Database,
  identity: RequestIdentity,
  subTopic: string,
): Promise<ChannelPermissions> {
  const permissions: ChannelPermissions = {
    readBroadcast: false,
    readPresence: false,
    writeBroadcast: false,
    writePresence: false,
  }
  await db.runAsAdmin(async (tx) => {
    await tx.query(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)`,
      [subTopic],
    )
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('realtime.topic', $3, true)`,
      [identity.role, JSON.stringify(identity.claims), subTopic],
    )
    await tx.query('savepoint realtime_read')
    try {
      const readable = await tx.query<{ extension: string }>(
        `select distinct extension from realtime.messages where topic = $1`,
        [subTopic],
      )
      const seen = new Set(readable.rows.map((r) => r.extension))
      permissions.readBroadcast = seen.has('broadcast')
      permissions.readPresence = seen.has('presence')
      await tx.query('release savepoint realtime_read')
    } catch {
      await tx.query('rollback to savepoint realtime_read')
    }
    for (const extension of EXTENSIONS) {
      await tx.query('savepoint realtime_write')
      try {
        await tx.query(
          `insert into realtime.messages (topic, extension, event, private) values ($1, $2, 'authorization', true)`,
          [subTopic, extension],
        )
        if (extension === 'broadcast') permissions.writeBroadcast = true
        else permissions.writePresence = true
        await tx.query('release savepoint realtime_write')
      } catch {
        await tx.query('rollback to savepoint realtime_write')
      }
    }
    await tx.rollback()
  })
  return permissions
}
