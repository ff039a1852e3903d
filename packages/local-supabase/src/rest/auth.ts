/** Who a REST request runs as: PostgREST's JWT rules (wire contract §1.4). */
import type { RequestIdentity } from '../db/database.ts'
import { apiRole, verifyJwt } from '../keys.ts'
import type { JwtClaims } from '../keys.ts'
import { RestError } from './errors.ts'
import type { SchemaCache } from './schema-cache.ts'

const ANON: RequestIdentity = { role: 'anon', claims: { role: 'anon' } }

function unauthorized(code: string, message: string): RestError {
  const description = message.replaceAll('\\', '\\\\').replaceAll('"', '\\"')
  return new RestError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  })
}

type Cached = { claims: JwtClaims; exp: number | undefined }

const MAX_CACHED_TOKENS = 1000

/**
 * Verifies bearer tokens and turns them into identities. Verified tokens are kept
 * until they expire: the same few keys and sessions come with every request, and
 * an HMAC check per request is measurable next to a sub-millisecond query.
 */
export class Authenticator {
  readonly #secret: string
  readonly #cache: SchemaCache
  readonly #verified = new Map<string, Cached>()

  constructor(secret: string, cache: SchemaCache) {
    this.#secret = secret
    this.#cache = cache
  }

  async #claims(token: string): Promise<JwtClaims> {
    const now = Date.now() / 1000
    const hit = this.#verified.get(token)
    if (hit && (hit.exp === undefined || hit.exp > now)) return hit.claims
    const parts = token.split('.').length
    if (parts !== 3) throw unauthorized('PGRST301', `Expected 3 parts in JWT; got ${parts}`)
    const result = await verifyJwt(this.#secret, token)
    if (!result.ok) {
      if (result.reason === 'expired') throw unauthorized('PGRST303', 'JWT expired')
      if (/claim/i.test(result.message)) throw unauthorized('PGRST303', result.message)
      throw unauthorized('PGRST301', 'No suitable key or wrong key type')
    }
    if (this.#verified.size >= MAX_CACHED_TOKENS) this.#verified.clear()
    const exp = typeof result.claims.exp === 'number' ? result.claims.exp : undefined
    this.#verified.set(token, { claims: result.claims, exp })
    return result.claims
  }

  /**
   * The role and claims for a bearer token (anon without one). Only the API roles are
   * accepted, as behind the hosted gateway: any other role is refused with PostgREST's
   * answers, 401 when it does not exist and 403 when it does.
   */
  async identify(bearer: string | undefined): Promise<RequestIdentity> {
    if (bearer === undefined || bearer === '') return ANON
    const claims = await this.#claims(bearer)
    const role = apiRole(claims)
    if (role === undefined) {
      const named = String(claims.role)
      if ((await this.#cache.role(named)) === 'missing')
        throw new RestError(401, '22023', `role "${named}" does not exist`)
      throw new RestError(403, '42501', `permission denied to set role "${named}"`)
    }
    return { role, claims: { ...claims, role } }
  }
}
