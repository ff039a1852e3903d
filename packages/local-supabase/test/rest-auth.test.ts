/** Who a REST request runs as: the apikey rule, JWT verification, roles, and the 401/403 split. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_JWT_SECRET, signJwt } from '../src/index.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const PRIVATE_SQL = `
create table public.rest_private (id int primary key, owner uuid, secret text);
alter table public.rest_private enable row level security;
create policy "owners read" on public.rest_private for select to authenticated using (owner = auth.uid());
insert into public.rest_private values
  (1, '00000000-0000-4000-8000-0000000000aa', 'mine'),
  (2, '00000000-0000-4000-8000-0000000000bb', 'theirs');
create function public.rest_claims() returns jsonb language sql stable as $$
  select jsonb_build_object('user', current_user, 'claims', auth.jwt()) $$;
`

const OWNER = '00000000-0000-4000-8000-0000000000aa'

describe('rest authentication', () => {
  let h: Harness
  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${h.url}/rest/v1/${path}`, { headers })

  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('should refuse a token that cannot be verified with 401 PGRST301 and WWW-Authenticate', async () => {
    const res = await get('website_content', {
      apikey: h.anonKey,
      authorization: 'Bearer not-a-jwt',
    })
    expect(res.status).toBe(401)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ code: 'PGRST301', details: null, hint: null })
    expect(res.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description=".+"$/,
    )
    const forged = `${h.anonKey.slice(0, -4)}AAAA`
    const bad = await get('website_content', {
      apikey: h.anonKey,
      authorization: `Bearer ${forged}`,
    })
    expect(bad.status).toBe(401)
    expect(((await bad.json()) as { code: string }).code).toBe('PGRST301')
  })

  it('should refuse a write as anon under RLS with 401 and SQLSTATE 42501', async () => {
    const { status, error } = await h.anon
      .from('website_content')
      .insert({ key: 'anonWrite', value: 1 })
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })

  it('should refuse another schema in Content-Profile with 406 PGRST106', async () => {
    const res = await fetch(`${h.url}/rest/v1/website_content`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json', 'content-profile': 'auth' },
      body: '{}',
    })
    expect(res.status).toBe(406)
    expect(await res.json()).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' })
  })
})

describe.runIf(localOnly('signs tokens with the local JWT secret'))(
  'rest authentication with minted tokens',
  () => {
    let h: Harness
    const token = (claims: Record<string, unknown>) =>
      signJwt(DEFAULT_JWT_SECRET, { exp: Math.floor(Date.now() / 1000) + 600, ...claims })
    const get = (path: string, jwt: string) =>
      fetch(`${h.url}/rest/v1/${path}`, {
        headers: { apikey: h.anonKey, authorization: `Bearer ${jwt}` },
      })

    beforeAll(async () => {
      h = await startHarness()
      await h.local!.db.pg.exec(PRIVATE_SQL)
    })
    afterAll(() => h.stop())

    it('should run a request without any key as anon (hosted gateways refuse it before PostgREST)', async () => {
      const res = await fetch(`${h.url}/rest/v1/rpc/rest_claims`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ user: 'anon', claims: { role: 'anon' } })
    })

    it('should refuse an expired token with 401 PGRST303 "JWT expired"', async () => {
      const expired = await signJwt(DEFAULT_JWT_SECRET, {
        role: 'anon',
        exp: Math.floor(Date.now() / 1000) - 60,
      })
      const res = await get('website_content', expired)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        code: 'PGRST303',
        message: 'JWT expired',
        details: null,
        hint: null,
      })
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description="JWT expired"',
      )
    })

    it('should refuse a role that does not exist with 401', async () => {
      const res = await get('website_content', await token({ role: 'no_such_role' }))
      expect(res.status).toBe(401)
      expect(((await res.json()) as { code: string }).code).toBe('22023')
    })

    it('should refuse a role the API may not switch to (a superuser) with 403', async () => {
      const res = await get('rpc/rest_claims', await token({ role: 'postgres' }))
      expect(res.status).toBe(403)
      expect(((await res.json()) as { code: string }).code).toBe('42501')
    })

    it('should map the publishable and secret keys to anon and service_role', async () => {
      const anon = await h.client(h.local!.publishableKey).rpc('rest_claims')
      expect(anon.data).toMatchObject({ user: 'anon', claims: { role: 'anon' } })
      const service = await h.client(h.local!.secretKey).rpc('rest_claims')
      expect(service.data).toMatchObject({ user: 'service_role' })
    })

    it('should fill in role anon for a valid token without a role claim', async () => {
      const client = h.client(await token({ sub: OWNER }))
      const { data } = await client.rpc('rest_claims')
      expect(data).toMatchObject({ user: 'anon', claims: { role: 'anon', sub: OWNER } })
    })

    it('should apply RLS with auth.uid() from the token, and let the service role bypass it', async () => {
      const owner = h.client(await token({ role: 'authenticated', sub: OWNER }))
      expect((await owner.from('rest_private').select('secret')).data).toEqual([{ secret: 'mine' }])
      expect((await h.anon.from('rest_private').select('secret')).data).toEqual([])
      const all = await h.service.from('rest_private').select('secret').order('id')
      expect(all.data).toEqual([{ secret: 'mine' }, { secret: 'theirs' }])
    })

    it('should refuse a write by an authenticated role under RLS with 403 and 42501', async () => {
      const owner = h.client(await token({ role: 'authenticated', sub: OWNER }))
      const { status, error } = await owner
        .from('rest_private')
        .insert({ id: 3, owner: OWNER, secret: 'x' })
      expect(status).toBe(403)
      expect(error?.code).toBe('42501')
    })
  },
)
