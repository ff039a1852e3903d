/**
 * Staff-only documents (supabase/migrations/*_private_content_keys.sql): the director's
 * profile, the reminders, the notification settings and the photo library are read by
 * staff only. Asked for over raw REST (no supabase-js query builder, so nothing in a
 * client library could be hiding rows) as a visitor, as a signed-in account that is not
 * staff, and as staff.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const PRIVATE_KEYS = ['adminProfile', 'adminReminders', 'adminSettings', 'photoLibrary'] as const

describe.skipIf(isHosted)('staff-only content documents', () => {
  let h: Harness
  let staffToken: string
  let memberToken: string
  const marker = randomUUID()

  /** GET /rest/v1/website_content as the given bearer, with the anon key as apikey. */
  async function restRead(bearer: string, query: string) {
    const response = await fetch(`${h.url}/rest/v1/website_content?${query}`, {
      headers: { apikey: h.anonKey, authorization: `Bearer ${bearer}` },
    })
    return { status: response.status, rows: (await response.json()) as { key: string }[] }
  }

  beforeAll(async () => {
    h = await startHarness()
    const staff = await h.signedInUser({ staff: true })
    const member = await h.signedInUser()
    staffToken = (await staff.client.auth.getSession()).data.session!.access_token
    memberToken = (await member.client.auth.getSession()).data.session!.access_token
    for (const key of [...PRIVATE_KEYS, 'alerts']) {
      const { error } = await staff.client
        .from('website_content')
        .upsert({ key, value: { marker, key }, base_version: 0 }, { onConflict: 'key' })
      expect(error).toBeNull()
    }
  })
  afterAll(async () => {
    await h?.stop()
  })

  it.each([
    ['a visitor (anon)', () => h.anonKey],
    ['a signed-in account that is not staff', () => memberToken],
  ])(
    'should show %s none of the staff-only documents, by key or in a full listing',
    async (_who, bearer) => {
      const byKey = await restRead(bearer(), `select=key,value&key=in.(${PRIVATE_KEYS.join(',')})`)
      expect(byKey.status).toBe(200)
      expect(byKey.rows).toEqual([])
      const all = await restRead(bearer(), 'select=key,value')
      expect(all.status).toBe(200)
      // The listing works (a public document is there), and holds nothing private.
      expect(all.rows.map((row) => row.key)).toContain('alerts')
      expect(
        all.rows.map((row) => row.key).filter((key) => PRIVATE_KEYS.includes(key as never)),
      ).toEqual([])
      expect(JSON.stringify(all.rows)).not.toContain('adminProfile')
    },
  )

  it('should show staff every staff-only document', async () => {
    const { status, rows } = await restRead(
      staffToken,
      `select=key,value&key=in.(${PRIVATE_KEYS.join(',')})&order=key`,
    )
    expect(status).toBe(200)
    expect(rows.map((row) => row.key)).toEqual([...PRIVATE_KEYS].sort())
    for (const row of rows as unknown as { value: { marker: string } }[]) {
      expect(row.value.marker).toBe(marker)
    }
  })

  it('should not let a visitor learn a staff-only document through its revisions', async () => {
    const response = await fetch(
      `${h.url}/rest/v1/content_revisions?select=key,value&key=eq.adminProfile`,
      { headers: { apikey: h.anonKey, authorization: `Bearer ${h.anonKey}` } },
    )
    // No grant (401) or no rows: either way nothing of the profile comes back.
    const body = await response.text()
    expect(body).not.toContain(marker)
  })
})
