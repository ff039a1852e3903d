// Edge Functions through the unmodified supabase-js `functions.invoke`, against the local relay
// (src/functions/service.ts) running each function in real Deno: the answers and the error
// classes supabase-js raises are those of a hosted project (the Supabase CLI's relay).
import { fileURLToPath } from 'node:url'

import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const FIXTURES = fileURLToPath(new URL('./functions', import.meta.url))
/** The relay's wall clock here: the `slow` and `sleepy` functions answer after 30 s. */
const WALL_CLOCK_MS = 3_000

describe.runIf(localOnly('serves the test functions of test/functions'))('Edge Functions', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({
      functions: {
        dir: FIXTURES,
        settings: { open: { verifyJwt: false } },
        wallClockMs: WALL_CLOCK_MS,
      },
    })
    // The first request starts Deno for the function (its cold start): not what these measure.
    await h.anon.functions.invoke('hello', { body: { warm: true } })
  }, 120_000)
  afterAll(() => h.stop())

  it('should answer 200 with what the function returns, given the env the runtime injects', async () => {
    const { data, error, response } = await h.anon.functions.invoke('hello/sub?q=bases', {
      body: { player: 'Sam' },
    })
    expect(error).toBeNull()
    expect(response?.status).toBe(200)
    expect(data).toMatchObject({
      method: 'POST',
      path: '/hello/sub',
      query: 'bases',
      body: { player: 'Sam' },
      authorization: 'Bearer ',
      hasServiceKey: true,
      supabaseUrl: h.url,
      // From test/functions/.env; its SUPABASE_URL line is skipped, as the CLI skips it.
      secret: 'from-dot-env',
      // The machine's own environment is withheld.
      home: null,
    })
  })

  it('should answer a GET with no body', async () => {
    const { data, error } = await h.anon.functions.invoke('hello', { method: 'GET' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ method: 'GET', body: null })
  })

  it('should raise FunctionsHttpError 500 WORKER_ERROR when the function throws', async () => {
    const { data, error } = await h.anon.functions.invoke('boom')
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
  })

  it('should raise FunctionsHttpError with the function’s own 4xx and body', async () => {
    const { error } = await h.anon.functions.invoke('teapot', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ error: 'no name given' })
  })

  it('should answer 546 WORKER_LIMIT past the wall clock, and start the function again after', async () => {
    const started = Date.now()
    const { error } = await h.anon.functions.invoke('slow')
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(546)
    expect(await response.json()).toMatchObject({ code: 'WORKER_LIMIT' })
    expect(Date.now() - started).toBeLessThan(WALL_CLOCK_MS + 5_000)
  }, 30_000)

  it('should raise FunctionsFetchError when the caller’s own timeout passes first', async () => {
    const { error } = await h.anon.functions.invoke('sleepy', { timeout: 500 })
    expect(error).toBeInstanceOf(FunctionsFetchError)
  }, 30_000)

  it('should answer 503 BOOT_ERROR for a function that fails as it starts', async () => {
    const { error } = await h.anon.functions.invoke('broken')
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ code: 'BOOT_ERROR' })
  }, 120_000)

  it('should answer 404 for a function that does not exist', async () => {
    const { error } = await h.anon.functions.invoke('no-such-function')
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Function not found')
  })

  it('should refuse a call with no JWT where verify_jwt is on, and let one through where it is off', async () => {
    const bare = await fetch(`${h.url}/functions/v1/hello`, { method: 'POST' })
    expect(bare.status).toBe(401)
    expect(await bare.json()).toEqual({ msg: 'Error: Missing authorization header' })

    const forged = await fetch(`${h.url}/functions/v1/hello`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' })

    const open = await fetch(`${h.url}/functions/v1/open`, { method: 'POST' })
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('open to all')
  })

  it('should leave the CORS preflight to the function, with no JWT asked', async () => {
    const preflight = await fetch(`${h.url}/functions/v1/hello`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, apikey, x-client-info',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    // A function that answers no CORS gets none from the gateway either (as on hosted).
    const teapot = await fetch(`${h.url}/functions/v1/teapot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.anonKey}` },
    })
    expect(teapot.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('should raise FunctionsRelayError when the relay itself cannot start the function', async () => {
    // `relay` runs in no other test: its worker starts here, with a Deno that is not there.
    const before = process.env.DENO_BIN
    process.env.DENO_BIN = '/nonexistent/deno'
    try {
      const { error } = await h.anon.functions.invoke('relay')
      expect(error).toBeInstanceOf(FunctionsRelayError)
      expect(((error as FunctionsRelayError).context as Response).status).toBe(500)
    } finally {
      if (before === undefined) delete process.env.DENO_BIN
      else process.env.DENO_BIN = before
    }
    // With Deno back, the same function runs.
    const { data, error } = await h.anon.functions.invoke('relay')
    expect(error).toBeNull()
    expect(data).toBe('relayed')
  }, 120_000)
})
