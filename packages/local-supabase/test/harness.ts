/**
 * Shared set-up for the contract suites: one server per test file, driven by the
 * unmodified supabase-js over real HTTP.
 *
 * Against a hosted project: set SUPABASE_URL, SUPABASE_ANON_KEY and
 * SUPABASE_SERVICE_ROLE_KEY, and the same suites run there (the tests that need
 * to control the server, such as a custom JWT secret, say why they are skipped).
 */
import { randomUUID } from 'node:crypto'

import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { MIN_BCRYPT_COST, startLocalSupabase } from '../src/index.ts'
import type { LocalSupabase, LocalSupabaseOptions } from '../src/index.ts'

export const isHosted = Boolean(
  process.env.SUPABASE_URL &&
  process.env.SUPABASE_ANON_KEY &&
  process.env.SUPABASE_SERVICE_ROLE_KEY,
)

export type Harness = {
  url: string
  anonKey: string
  serviceRoleKey: string
  /** The running local server, or undefined against a hosted project. */
  local: LocalSupabase | undefined
  /** A client with no session (the anon role). */
  anon: SupabaseClient
  /** A client with the service-role key (bypasses RLS). */
  service: SupabaseClient
  /** A fresh client with its own in-memory session store. */
  client(key?: string): SupabaseClient
  /** Creates a confirmed user (optionally staff) and returns a client signed in as them. */
  signedInUser(options?: {
    staff?: boolean
  }): Promise<{ client: SupabaseClient; email: string; password: string; id: string }>
  stop(): Promise<void>
}

export async function startHarness(options: LocalSupabaseOptions = {}): Promise<Harness> {
  let local: LocalSupabase | undefined
  let url: string
  let anonKey: string
  let serviceRoleKey: string
  if (isHosted) {
    url = process.env.SUPABASE_URL ?? ''
    anonKey = process.env.SUPABASE_ANON_KEY ?? ''
    serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY ?? ''
  } else {
    // Passwords hashed at bcrypt's least cost: a test's users need no more.
    local = await startLocalSupabase({
      port: 0,
      dataDir: null,
      log: () => {},
      bcryptCost: MIN_BCRYPT_COST,
      ...options,
    })
    url = local.url
    anonKey = local.anonKey
    serviceRoleKey = local.serviceRoleKey
  }
  const client = (key = anonKey) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
  const service = client(serviceRoleKey)
  const createdUsers: string[] = []

  return {
    url,
    anonKey,
    serviceRoleKey,
    local,
    anon: client(),
    service,
    client,
    async signedInUser({ staff = false } = {}) {
      const email = `user-${randomUUID()}@example.test`
      const password = `pw-${randomUUID()}`
      const created = await service.auth.admin.createUser({ email, password, email_confirm: true })
      if (created.error || !created.data.user)
        throw created.error ?? new Error('createUser returned no user')
      const id = created.data.user.id
      createdUsers.push(id)
      if (staff) {
        const added = await service.from('admin_users').insert({ user_id: id })
        if (added.error) throw added.error
      }
      const signedIn = client()
      const result = await signedIn.auth.signInWithPassword({ email, password })
      if (result.error) throw result.error
      return { client: signedIn, email, password, id }
    },
    async stop() {
      if (isHosted) {
        for (const id of createdUsers) await service.auth.admin.deleteUser(id)
      }
      await local?.stop()
    },
  }
}

/** For tests that need to control the server itself; prints why they do not run against a hosted project. */
export function localOnly(reason: string): boolean {
  if (isHosted) console.log(`[skipped against a hosted project] ${reason}`)
  return !isHosted
}

/**
 * Calls an Edge Function through supabase-js `functions.invoke` and returns its answer whatever
 * its status (an error status is read from the response, as a page does); throws only when the
 * function could not be reached at all.
 */
export async function invokeFunction(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await client.functions.invoke(name, { body })
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  if (error) throw error
  return { status: 200, body: data as Record<string, unknown> }
}

/** Stores `value` as the document `key` with the service role, on whatever version is stored. */
export async function storeDocument(service: SupabaseClient, key: string, value: unknown) {
  const { data } = await service.from('website_content').select('version').eq('key', key)
  const version = (data as { version: number }[] | null)?.[0]?.version
  const { error } =
    version === undefined
      ? await service.from('website_content').insert({ key, value, base_version: 0 })
      : await service
          .from('website_content')
          .update({ value, base_version: version })
          .eq('key', key)
  if (error) throw error
}

/** A row of `website_content` as a page reads it. */
export type ContentRow<V = unknown> = { key: string; value: V; version: number }

/**
 * The rows of `keys` (comma-separated), by key, as PostgREST answers a page's plain GET with
 * `bearer` (the anon key: a visitor); throws on any answer but 200.
 */
export async function readContentRows<V = unknown>(
  h: Harness,
  keys: string,
  bearer = h.anonKey,
): Promise<ContentRow<V>[]> {
  const response = await fetch(
    `${h.url}/rest/v1/website_content?select=key,value,version&key=in.(${keys})&order=key`,
    { headers: { apikey: h.anonKey, authorization: `Bearer ${bearer}` } },
  )
  if (response.status !== 200)
    throw new Error(`reading ${keys} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as ContentRow<V>[]
}
