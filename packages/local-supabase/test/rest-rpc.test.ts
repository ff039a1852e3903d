/** `/rest/v1/rpc/<fn>` through supabase-js's `rpc()`: arguments, return shapes and errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const FUNCTIONS_SQL = `
create table public.rest_scores (id int primary key, player text not null, points int not null);
insert into public.rest_scores values (1, 'ann', 10), (2, 'bob', 25), (3, 'cy', 40), (4, 'dee', 5);
create table public.rest_calls (id serial primary key, note text);

create function public.rest_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function public.rest_greet(name text) returns text language sql immutable as $$ select 'hello ' || name $$;
create function public.rest_greet(name text, loud boolean) returns text language sql immutable as $$
  select case when loud then upper('hello ' || name) else 'hello ' || name end $$;
create function public.rest_letters(word text) returns setof text language sql immutable as $$
  select regexp_split_to_table(word, '') $$;
create function public.rest_scores_over(min_points int) returns setof public.rest_scores language sql stable as $$
  select * from public.rest_scores where points > min_points order by id $$;
create function public.rest_pair(x int) returns table (x int, doubled int) language sql immutable as $$
  select x, x * 2 $$;
create function public.rest_best() returns public.rest_scores language sql stable as $$
  select * from public.rest_scores order by points desc limit 1 $$;
create function public.rest_log(note text) returns void language sql as $$
  insert into public.rest_calls (note) values (note) $$;
create function public.rest_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.rest_tags(tags text[]) returns int language sql immutable as $$ select cardinality(tags) $$;
create function public.rest_whoami() returns json language sql stable as $$
  select json_build_object('role', current_user, 'uid', auth.uid(), 'claims', auth.jwt()) $$;
create function public.rest_refuse() returns void language plpgsql as $$
begin
  raise exception 'not today' using errcode = 'PT402';
end $$;
create function public.rest_custom() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade"}',
    detail = '{"status":402,"headers":{"X-Powered-By":"rest"}}';
end $$;
`

describe.runIf(localOnly('creates scratch functions with pg.exec'))('rest rpc', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness()
    await h.local!.db.pg.exec(FUNCTIONS_SQL)
  })
  afterAll(() => h.stop())

  it('should call a scalar function with named arguments and defaults', async () => {
    expect((await h.anon.rpc('rest_add', { a: 1, b: 2 })).data).toBe(3)
    const defaulted = await h.anon.rpc('rest_add', { a: 1 })
    expect(defaulted.error).toBeNull()
    expect(defaulted.status).toBe(200)
    expect(defaulted.data).toBe(11)
  })

  it('should pick the overload that matches the argument names', async () => {
    expect((await h.anon.rpc('rest_greet', { name: 'ann' })).data).toBe('hello ann')
    expect((await h.anon.rpc('rest_greet', { name: 'ann', loud: true })).data).toBe('HELLO ANN')
  })

  it('should call with GET and query-string arguments, arrays included', async () => {
    const { data, error } = await h.anon.rpc('rest_add', { a: 5, b: 6 }, { get: true })
    expect(error).toBeNull()
    expect(data).toBe(11)
    expect((await h.anon.rpc('rest_tags', { tags: ['a', 'b', 'c'] }, { get: true })).data).toBe(3)
    expect((await h.anon.rpc('rest_tags', { tags: ['a', 'b'] })).data).toBe(2)
  })

  it('should return a set of scalars as an array', async () => {
    expect((await h.anon.rpc('rest_letters', { word: 'abc' })).data).toEqual(['a', 'b', 'c'])
  })

  it('should return a set of rows and apply select, filters, order and range to it', async () => {
    const all = await h.anon.rpc('rest_scores_over', { min_points: 8 })
    expect(all.data).toEqual([
      { id: 1, player: 'ann', points: 10 },
      { id: 2, player: 'bob', points: 25 },
      { id: 3, player: 'cy', points: 40 },
    ])
    const shaped = await h.anon
      .rpc('rest_scores_over', { min_points: 8 }, { count: 'exact' })
      .select('player')
      .lt('points', 30)
      .order('points', { ascending: false })
      .range(0, 0)
    expect(shaped.error).toBeNull()
    expect(shaped.data).toEqual([{ player: 'bob' }])
    expect(shaped.count).toBe(2)
    const single = await h.anon.rpc('rest_scores_over', { min_points: 30 }).single()
    expect(single.data).toEqual({ id: 3, player: 'cy', points: 40 })
  })

  it('should return RETURNS TABLE rows as objects and a single composite as one object', async () => {
    expect((await h.anon.rpc('rest_pair', { x: 4 })).data).toEqual([{ x: 4, doubled: 8 }])
    expect((await h.anon.rpc('rest_best')).data).toEqual({ id: 3, player: 'cy', points: 40 })
  })

  it('should answer a void function with 204 and run it', async () => {
    const { data, error, status } = await h.anon.rpc('rest_log', { note: 'ran' })
    expect(error).toBeNull()
    expect(status).toBe(204)
    expect(data).toBeNull()
    const calls = await h.local!.db.pg.query<{ note: string }>('select note from public.rest_calls')
    expect(calls.rows).toEqual([{ note: 'ran' }])
  })

  it('should pass the whole body to a function with one unnamed jsonb parameter', async () => {
    const { data } = await h.anon.rpc('rest_echo', { any: ['shape', { of: 1 }] })
    expect(data).toEqual({ any: ['shape', { of: 1 }] })
  })

  it('should answer an unknown function or argument name with 404 PGRST202', async () => {
    const missing = await h.anon.rpc('rest_nope', { a: 1 })
    expect(missing.status).toBe(404)
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_nope(a) in the schema cache',
    })
    const wrongArg = await h.anon.rpc('rest_add', { z: 1 })
    expect(wrongArg.status).toBe(404)
    expect(wrongArg.error?.code).toBe('PGRST202')
    expect(wrongArg.error?.hint).toBe(
      'Perhaps you meant to call the function public.rest_add(a, b)',
    )
  })

  it('should refuse a write from a GET call with 405 and 25006', async () => {
    const { status, error } = await h.anon.rpc('rest_log', { note: 'via get' }, { get: true })
    expect(status).toBe(405)
    expect(error?.code).toBe('25006')
  })

  it('should map a PTxyz exception to HTTP xyz', async () => {
    const { status, error } = await h.anon.rpc('rest_refuse')
    expect(status).toBe(402)
    expect(error).toMatchObject({ code: 'PT402', message: 'not today', details: null, hint: null })
  })

  it("should let RAISE SQLSTATE 'PGRST' choose the status, body and headers", async () => {
    const res = await fetch(`${h.url}/rest/v1/rpc/rest_custom`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(402)
    expect(res.headers.get('x-powered-by')).toBe('rest')
    expect(await res.json()).toEqual({
      code: '123',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade',
    })
  })

  it('should run as the caller: role and claims reach SQL', async () => {
    const anon = await h.anon.rpc('rest_whoami')
    expect(anon.data).toMatchObject({ role: 'anon', uid: null, claims: { role: 'anon' } })
    const service = await h.service.rpc('rest_whoami')
    expect(service.data).toMatchObject({ role: 'service_role', claims: { role: 'service_role' } })
  })

  it('should see functions created after the first call', async () => {
    expect((await h.anon.rpc('rest_later')).status).toBe(404)
    await h.local!.db.pg.exec(
      `create function public.rest_later() returns text language sql as $$ select 'late' $$`,
    )
    expect((await h.anon.rpc('rest_later')).data).toBe('late')
    await h.local!.db.pg.exec(
      `drop function public.rest_later();
       create function public.rest_later(who text) returns text language sql as $$ select 'late ' || who $$`,
    )
    expect((await h.anon.rpc('rest_later', { who: 'bob' })).data).toBe('late bob')
  })
})
