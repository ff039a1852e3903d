import { randomUUID } from 'node:crypto'

import { createClient } from '@supabase/supabase-js'

import { describeSharedContent, expect, test } from '../fixtures/test.ts'

// This account's signed-in devices on Profile (issue 34 §4), end to end on the worker's own
// stack with a fresh account signed in three times: this browser, a desktop app and another
// browser (two supabase-js clients here, each with its User-Agent). One is signed out from
// the list, then all others at once; each signed-out client's refresh token stops working,
// and this browser stays signed in.

const PASSWORD = 'signed-in-devices-2026'
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ClubAdmin/1.0.0 Chrome/142.0.0.0 Electron/39.0.0 Safari/537.36'
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0'

describeSharedContent('signed-in devices', () => {
  test('should list this account’s devices and sign out one, then all others', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000)
    const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const email = `devices-${randomUUID().slice(0, 8)}@example.org`
    const created = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(
      (await service.from('admin_users').insert({ user_id: id, role: 'editor' })).error,
    ).toBeNull()
    const device = async (userAgent: string) => {
      const client = createClient(stack.backendUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { 'User-Agent': userAgent } },
      })
      expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      return client
    }
    try {
      const desktop = await device(DESKTOP_UA)
      const firefox = await device(FIREFOX_UA)
      await page.goto('/admin-login')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await page.goto('/admin/profile')

      const section = page.getByRole('region', { name: 'Signed-in devices' })
      const list = section.getByRole('list', { name: 'Signed-in devices' })
      await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 })
      await expect(
        list.getByRole('listitem', { name: 'Browser (Chrome) (this one)' }),
      ).toContainText('last seen')
      const desktopItem = list.getByRole('listitem', { name: 'Desktop app' })
      await expect(desktopItem).toBeVisible()
      await expect(list.getByRole('listitem', { name: 'Browser (Firefox)' })).toBeVisible()
      // This browser is never offered a sign-out of its own here.
      await expect(
        list.getByRole('listitem', { name: 'Browser (Chrome) (this one)' }).getByRole('button'),
      ).toHaveCount(0)

      // One device.
      await desktopItem.getByRole('button', { name: /^Sign out Desktop app/ }).click()
      await expect(section.getByRole('status')).toHaveText('That device is signed out.')
      await expect(list.getByRole('listitem')).toHaveCount(2)
      expect((await desktop.auth.refreshSession()).error?.code).toBe('refresh_token_not_found')
      expect((await firefox.auth.refreshSession()).error).toBeNull()

      // All others at once.
      await section.getByRole('button', { name: 'Sign out all other devices' }).click()
      await expect(section.getByRole('status')).toHaveText(
        'Every other device is signed out. This one stays.',
      )
      await expect(list.getByRole('listitem')).toHaveCount(1)
      expect((await firefox.auth.refreshSession()).error).not.toBeNull()
      await page.reload()
      await expect(
        page
          .getByRole('list', { name: 'Signed-in devices' })
          .getByRole('listitem', { name: 'Browser (Chrome) (this one)' }),
      ).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0)
    } finally {
      await service.from('admin_users').delete().eq('user_id', id)
      await service.auth.admin.deleteUser(id)
    }
  })
})
