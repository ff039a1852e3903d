/**
 * Nesting limits: a filter tree or a JSON body nested thousands of levels deep is refused
 * with 400 in each service's error shape before anything recurses over it.
 */
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

/** `or(or(…(key.eq.x)…))`, `depth` groups deep, as supabase-js's `.or()` takes it. */
function deepFilter(depth: number): string {
  return `${'or('.repeat(depth - 1)}key.eq.x${')'.repeat(depth - 1)}`
}

/** A JSON document `depth` arrays deep; built as text, since JSON.stringify itself recurses. */
function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`
}

describe('nesting limits', () => {
  let h: Harness
  let staff: SupabaseClient
  const keys: string[] = []

  beforeAll(async () => {
    h = await startHarness()
    staff = (await h.signedInUser({ staff: true })).client
  })
  afterAll(async () => {
    if (keys.length > 0) {
      await h.service.from('website_content').delete().in('key', keys)
      await h.service.from('content_revisions').delete().in('key', keys)
    }
    await h.stop()
  })

  const restHeaders = () => ({
    apikey: h.anonKey,
    authorization: `Bearer ${h.anonKey}`,
    'content-type': 'application/json',
  })

  it.runIf(localOnly('PostgREST sets no depth limit of its own on logic trees'))(
    'should refuse a filter tree 3,000 groups deep with 400 PGRST100',
    async () => {
      // Unencoded parentheses keep the URL under Node's 16 KiB header limit (supabase-js
      // would encode each one and get 431 before the tree is ever parsed).
      const response = await fetch(
        `${h.url}/rest/v1/website_content?select=key&or=(${deepFilter(3000)})`,
        { headers: restHeaders() },
      )
      expect(response.status).toBe(400)
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
      expect(body).toMatchObject({
        code: 'PGRST100',
        details: 'and/or groups nest more than 64 levels deep',
        hint: null,
      })
      expect(body.message).toMatch(/^failed to parse logic tree \(\(or\(or/)
      // The message quotes only the start of the parameter, not all 3,000 groups.
      expect(String(body.message).length).toBeLessThan(200)
    },
  )

  it('should still answer a filter tree nested a realistic number of levels', async () => {
    const { error, status } = await h.anon.from('website_content').select('key').or(deepFilter(20))
    expect(error).toBeNull()
    expect(status).toBe(200)
  })

  it.runIf(localOnly('this server refuses deep bodies before parsing; PostgREST has no such rule'))(
    'should refuse a JSON body 20,000 levels deep with 400 PGRST102, for tables and functions',
    async () => {
      const bodies = [
        ['website_content', `{"key":"deep","value":${deepJson(20000)},"base_version":0}`],
        ['rpc/is_admin', `{"nested":${deepJson(20000)}}`],
      ]
      for (const [path, body] of bodies) {
        const response = await fetch(`${h.url}/rest/v1/${path}`, {
          method: 'POST',
          headers: restHeaders(),
          body,
        })
        expect(response.status, path).toBe(400)
        expect(await response.json(), path).toEqual({
          code: 'PGRST102',
          message: 'Invalid JSON body: arrays and objects nest more than 256 levels deep',
          details: null,
          hint: null,
        })
      }
    },
  )

  it('should store a document nested 200 levels deep, under the limit', async () => {
    const key = `deep_${randomUUID().replaceAll('-', '').slice(0, 12)}`
    keys.push(key)
    const token = (await staff.auth.getSession()).data.session?.access_token ?? ''
    const response = await fetch(`${h.url}/rest/v1/website_content`, {
      method: 'POST',
      headers: { ...restHeaders(), authorization: `Bearer ${token}`, prefer: 'return=minimal' },
      body: `{"key":"${key}","value":${deepJson(200)},"base_version":0}`,
    })
    expect(response.status).toBe(201)
    const stored = await staff.from('website_content').select('version').eq('key', key).single()
    expect(stored.data).toEqual({ version: 1 })
  })

  it.runIf(localOnly('this server refuses deep bodies before parsing; GoTrue and Storage do not'))(
    'should refuse deep JSON bodies in Auth and Storage with their 400 errors',
    async () => {
      const signup = await fetch(`${h.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: h.anonKey, 'content-type': 'application/json' },
        body: `{"email":"deep-${randomUUID()}@example.test","password":"pw-${randomUUID()}","data":{"x":${deepJson(20000)}}}`,
      })
      expect(signup.status).toBe(400)
      expect(await signup.json()).toMatchObject({ error_code: 'bad_json' })

      const list = await fetch(`${h.url}/storage/v1/object/list/photo-library`, {
        method: 'POST',
        headers: restHeaders(),
        body: `{"prefix":"","x":${deepJson(20000)}}`,
      })
      expect(list.status).toBe(400)
      expect(await list.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    },
  )
})
