/**
 * auth.uid(), auth.role() and auth.email() read one claim of the request's JWT, as on hosted
 * Supabase: from `request.jwt.claims` (what PostgREST and this server's REST set), or from the
 * one-claim setting `request.jwt.claim.<claim>` (what the storage service here sets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase } from '../src/db/database.ts'
import type { Database } from '../src/db/database.ts'

type Readers = { uid: string | null; role: string | null; email: string | null }

const USER = '6f1c2d8e-7a45-4b3e-9d2c-1e0f5a6b7c8d'

describe('the auth schema’s claim readers', () => {
  let db: Database

  beforeAll(async () => {
    db = await openDatabase({})
  })
  afterAll(() => db.close())

  /** The three readers' answers in a transaction with `settings` set. */
  const read = (settings: Record<string, string>) =>
    db.runAsAdmin(async (tx) => {
      for (const [name, value] of Object.entries(settings)) {
        await tx.query('select set_config($1, $2, true)', [name, value])
      }
      const { rows } = await tx.query<Readers>(
        'select auth.uid()::text as uid, auth.role() as role, auth.email() as email',
      )
      return rows[0]
    })

  it('should read the claims from request.jwt.claims', async () => {
    const claims = JSON.stringify({ sub: USER, role: 'authenticated', email: 'coach@example.org' })
    expect(await read({ 'request.jwt.claims': claims })).toEqual({
      uid: USER,
      role: 'authenticated',
      email: 'coach@example.org',
    })
  })

  it('should prefer the one-claim settings, as the storage service sets them', async () => {
    const claims = JSON.stringify({ sub: USER, role: 'anon', email: 'other@example.org' })
    const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
    expect(
      await read({
        'request.jwt.claims': claims,
        'request.jwt.claim.sub': other,
        'request.jwt.claim.role': 'service_role',
        'request.jwt.claim.email': 'director@example.org',
      }),
    ).toEqual({ uid: other, role: 'service_role', email: 'director@example.org' })
  })

  it('should answer null where no claim is set, or it is empty', async () => {
    expect(await read({})).toEqual({ uid: null, role: null, email: null })
    expect(await read({ 'request.jwt.claims': '', 'request.jwt.claim.sub': '' })).toEqual({
      uid: null,
      role: null,
      email: null,
    })
  })
})
