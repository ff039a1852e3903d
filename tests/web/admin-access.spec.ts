import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'

import { signIn } from '../fixtures/admin-session.ts'
import type { Account } from '../fixtures/admin-session.ts'
import { ADMIN_SCREENS } from '../fixtures/routes.ts'
import { expect, test } from '../fixtures/test.ts'

// A signed-in account that is not staff: the admin offers it nothing to edit, and a save forged
// from its own page, with its own token, is refused by the database (RLS), not only hidden.

/** Every admin screen and a few pages in edit mode. */
const PATHS = [
  ...ADMIN_SCREENS,
  '/admin/edit',
  '/admin/edit/about',
  '/admin/edit/programs/big-train/12u',
]

/** What the page's fetch got back from a forged request. */
type Answer = { status: number; body: string }

/**
 * Sends a request to the backend from inside `page`, as the signed-in account: its own access
 * token (from supabase-js's stored session) and the public key, the way the app's client would.
 */
async function fromThePage(
  page: Page,
  backend: { url: string; anonKey: string },
  request: { path: string; method: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return page.evaluate(
    async ({ url, anonKey, path, method, body, headers }) => {
      const stored = Object.entries(window.localStorage).find(([key]) =>
        /^sb-.+-auth-token$/.test(key),
      )
      if (!stored) throw new Error('no stored session on the page')
      const token = (JSON.parse(stored[1]) as { access_token: string }).access_token
      const response = await fetch(`${url}${path}`, {
        method,
        body,
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, ...headers },
      })
      return { status: response.status, body: await response.text() }
    },
    { url: backend.url, anonKey: backend.anonKey, ...request },
  )
}

test.describe('an account that is not staff', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'what a non-staff account may do does not depend on the screen: desktop project only',
  )
  let member: Account
  let memberId: string

  test.beforeAll(async ({ backend }) => {
    // A fresh sign-up (as `backend.member()` makes), with a password this suite knows, so that
    // it can sign in through the login form like anyone would.
    member = { email: `member-${randomUUID()}@example.test`, password: `pw-${randomUUID()}` }
    const { data, error } = await backend.anon.auth.signUp(member)
    expect(error).toBeNull()
    memberId = data.user?.id ?? ''
    expect(memberId).not.toBe('')
  })

  test('should get no editing controls on any admin screen or page in edit mode', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await signIn(page, member)
    for (const path of PATHS) {
      await page.goto(path)
      await expect(
        page.getByRole('heading', { name: 'This account cannot edit the site' }),
        path,
      ).toBeVisible({ timeout: 15_000 })
      // Nothing to type into, switch or drag, and no edit bar.
      const controls = page.locator(
        'main :is(input, textarea, select, [contenteditable], [role="switch"], [data-edit-key], [data-edit-item])',
      )
      await expect(controls, path).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Edit bar' }), path).toHaveCount(0)
      await expect(
        page.getByRole('button', { name: /^(Save|Publish|Add|Upload|Delete)/ }),
        path,
      ).toHaveCount(0)
    }
  })

  test('should have a save forged from its own page refused by the database', async ({
    page,
    backend,
  }) => {
    await signIn(page, member)
    const before = await backend.anon
      .from('website_content')
      .select('value, version')
      .eq('key', 'alerts')
      .maybeSingle()
    expect(before.error).toBeNull()
    const forged = [{ id: 'forged', title: 'Forged alert', message: 'Not from staff' }]

    // A new key: the insert policy (is_admin()) refuses it.
    const insert = await fromThePage(page, backend, {
      path: '/rest/v1/website_content',
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ key: `forged-${randomUUID()}`, value: forged, base_version: 0 }),
    })
    expect(insert.status, insert.body).toBe(403)
    expect(insert.body).toContain('42501')

    // An upsert over a stored key, naming the right version, as the editor would save it.
    const upsert = await fromThePage(page, backend, {
      path: '/rest/v1/website_content?on_conflict=key',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=representation',
      },
      body: JSON.stringify({
        key: 'alerts',
        value: forged,
        base_version: before.data?.version ?? 0,
      }),
    })
    expect([401, 403], upsert.body).toContain(upsert.status)

    // A plain update and a delete find no row they may touch.
    const update = await fromThePage(page, backend, {
      path: '/rest/v1/website_content?key=eq.alerts',
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ value: forged }),
    })
    expect(update.status === 403 || JSON.parse(update.body).length === 0, update.body).toBe(true)
    const remove = await fromThePage(page, backend, {
      path: '/rest/v1/website_content?key=eq.alerts',
      method: 'DELETE',
      headers: { prefer: 'return=representation' },
    })
    expect(remove.status === 403 || JSON.parse(remove.body).length === 0, remove.body).toBe(true)

    // Nor can the account make itself staff, read the revisions or put a photo in the bucket.
    const promote = await fromThePage(page, backend, {
      path: '/rest/v1/admin_users',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: memberId }),
    })
    expect([401, 403], promote.body).toContain(promote.status)
    const revisions = await fromThePage(page, backend, {
      path: '/rest/v1/content_revisions?select=key&limit=5',
      method: 'GET',
    })
    expect(revisions.status === 200 ? JSON.parse(revisions.body) : [], revisions.body).toEqual([])
    const upload = await fromThePage(page, backend, {
      path: `/storage/v1/object/photo-library/forged/${randomUUID()}.png`,
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: 'not really a photo',
    })
    expect(upload.status, upload.body).toBeGreaterThanOrEqual(400)
    expect(upload.status, upload.body).toBeLessThan(500)

    // The stored document is exactly as it was.
    const after = await backend.anon
      .from('website_content')
      .select('value, version')
      .eq('key', 'alerts')
      .maybeSingle()
    expect(after.data?.value).not.toEqual(forged)
    if (after.data?.version === before.data?.version) {
      expect(after.data?.value).toEqual(before.data?.value)
    }
  })
})
