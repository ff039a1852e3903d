/**
 * Roles in tokens: the local JWT secret is public, so anyone can mint a token naming any
 * role. Only anon, authenticated and service_role are accepted, by every service.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signJwt } from '../src/index.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const FORGED_ROLES = [
  'postgres',
  'supabase_admin',
  'authenticator',
  'supabase_storage_admin',
  'pg_read_all_data',
  'no_such_role',
]

describe.runIf(localOnly('needs the JWT secret to mint tokens; a hosted project keeps its own'))(
  'roles in tokens',
  () => {
    let h: Harness
    let userId: string
    let secret: string

    beforeAll(async () => {
      h = await startHarness()
      userId = (await h.signedInUser({ staff: true })).id
      secret = h.local!.jwtSecret
    })
    afterAll(() => h.stop())

    /** A token as GoTrue would issue it for the staff user, but naming `role`. */
    const token = (role: string | undefined) => {
      const now = Math.floor(Date.now() / 1000)
      return signJwt(secret, {
        iss: 'supabase-demo',
        sub: userId,
        aud: 'authenticated',
        ...(role === undefined ? {} : { role }),
        iat: now,
        exp: now + 600,
        session_id: randomUUID(),
      })
    }
    const request = async (path: string, jwt: string, init: RequestInit = {}) =>
      fetch(`${h.url}${path}`, {
        ...init,
        headers: {
          apikey: h.anonKey,
          authorization: `Bearer ${jwt}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      })

    it('should refuse a Storage bucket listing, upload and download with any other role (403)', async () => {
      for (const role of FORGED_ROLES) {
        const jwt = await token(role)
        for (const [path, init] of [
          ['/storage/v1/bucket', {}],
          ['/storage/v1/object/list/photo-library', { method: 'POST', body: '{}' }],
          [
            `/storage/v1/object/photo-library/${randomUUID()}.png`,
            { method: 'POST', body: 'x', headers: { 'content-type': 'image/png' } },
          ],
          ['/storage/v1/object/photo-library/missing.png', {}],
        ] as [string, RequestInit][]) {
          const response = await request(path, jwt, init)
          expect(response.status, `${role} ${path}`).toBe(403)
          expect(await response.json(), `${role} ${path}`).toEqual({
            statusCode: '403',
            code: 'AccessDenied',
            error: 'Unauthorized',
            message: `role "${role}" is not allowed (only anon, authenticated and service_role are)`,
          })
        }
      }
    })

    it('should refuse the auth admin API and the user endpoint with any other role (403)', async () => {
      for (const role of FORGED_ROLES) {
        const jwt = await token(role)
        const admin = await request('/auth/v1/admin/users', jwt)
        expect(admin.status, role).toBe(403)
        expect(await admin.json(), role).toMatchObject({ error_code: 'bad_jwt' })
        const user = await request('/auth/v1/user', jwt)
        expect(user.status, role).toBe(403)
      }
      // A signed-in user's own token is still no admin token.
      const authenticated = await request('/auth/v1/admin/users', await token('authenticated'))
      expect(authenticated.status).toBe(403)
      expect(await authenticated.json()).toMatchObject({ error_code: 'not_admin' })
      expect((await request('/auth/v1/admin/users', h.serviceRoleKey)).status).toBe(200)
    })

    it('should refuse REST with any other role: 401 when it does not exist, 403 when it does', async () => {
      // `postgres` and `supabase_admin` exist here, as on a hosted project.
      for (const role of FORGED_ROLES) {
        const response = await request('/rest/v1/website_content?select=key', await token(role))
        const body = (await response.json()) as { code: string; message: string }
        const exists = (
          await h.local!.db.pg.query('select 1 from pg_roles where rolname = $1', [role])
        ).rows.length
        if (exists === 0) {
          expect(response.status, role).toBe(401)
          expect(body, role).toMatchObject({
            code: '22023',
            message: `role "${role}" does not exist`,
          })
        } else {
          expect(response.status, role).toBe(403)
          expect(body, role).toMatchObject({
            code: '42501',
            message: `permission denied to set role "${role}"`,
          })
        }
      }
    })

    it('should still serve the three API roles, and read a token without a role as anon', async () => {
      expect(
        (await request('/rest/v1/website_content?select=key', await token(undefined))).status,
      ).toBe(200)
      expect(
        (await request('/rest/v1/website_content?select=key', await token('anon'))).status,
      ).toBe(200)
      const staffRead = await request(
        '/rest/v1/content_revisions?select=key&limit=1',
        await token('authenticated'),
      )
      expect(staffRead.status).toBe(200)
      const buckets = await request('/storage/v1/bucket', h.serviceRoleKey)
      expect(buckets.status).toBe(200)
      expect(((await buckets.json()) as { id: string }[]).map((b) => b.id)).toContain(
        'photo-library',
      )
    })
  },
)
