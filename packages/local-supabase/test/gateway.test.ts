import { Agent, request } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../src/index.ts'
import { verifyJwt } from '../src/keys.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

describe.runIf(localOnly('checks the local defaults and start-up of the embedded server'))(
  'gateway',
  () => {
    let h: Harness
    beforeAll(async () => {
      h = await startHarness()
    })
    afterAll(() => h.stop())

    it('should verify the CLI well-known keys with the default secret', async () => {
      const anon = await verifyJwt(DEFAULT_JWT_SECRET, DEFAULT_ANON_KEY)
      const service = await verifyJwt(DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY)
      expect(anon.ok && anon.claims.role).toBe('anon')
      expect(service.ok && service.claims.role).toBe('service_role')
    })

    it('should answer CORS preflight with the headers supabase-js sends', async () => {
      const res = await fetch(`${h.url}/rest/v1/website_content`, { method: 'OPTIONS' })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-headers')).toContain('apikey')
      expect(res.headers.get('access-control-expose-headers')).toContain('content-range')
    })

    it('should apply the migrations and the seed in order', async () => {
      const rows = await h.local!.db.pg.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      )
      expect(rows.rows.length).toBeGreaterThanOrEqual(2)
      const staff = await h.local!.db.pg.query('select 1 from public.admin_users')
      expect(staff.rows.length).toBe(1)
    })

    it('should keep an idle connection open past Node’s 5 s default, so clients close first', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const get = () =>
        new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
          const req = request(`${h.url}/health`, { agent }, (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }))
          })
          req.on('error', reject)
          req.end()
        })
      try {
        expect(await get()).toEqual({ status: 200, reused: false })
        // Idle longer than Node's default keep-alive (5 s): a server on the default has closed it.
        await new Promise((resolve) => setTimeout(resolve, 6_000))
        expect(await get()).toEqual({ status: 200, reused: true })
      } finally {
        agent.destroy()
      }
    }, 20_000)

    it('should answer an unknown path with 404', async () => {
      const res = await fetch(`${h.url}/nope/v1/x`)
      expect(res.status).toBe(404)
    })
  },
)
