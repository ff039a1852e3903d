import { randomUUID } from 'node:crypto'

import { createClient } from '@supabase/supabase-js'

import { waitForEmailTo } from '../fixtures/mail.ts'
import { describeSharedContent, expect, test } from '../fixtures/test.ts'

// Changing the password or the sign-in email (issue 34 §4), end to end on the worker's own
// stack with a fresh account: Profile asks for the current password (a wrong one is refused
// and nothing changes); once the sign-in is more than a day old the auth service also wants
// the code it emails (`secure_password_change`), read here from the stack's mail catcher.

const PASSWORD = 'password-change-2026'
const NEW_PASSWORD = 'password-changed-2026'

describeSharedContent('staff password and email changes', () => {
  test('should ask for the current password, then for the emailed code on an old sign-in', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000)
    const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const canSignIn = async (email: string, password: string) => {
      const client = createClient(stack.backendUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      })
      return !(await client.auth.signInWithPassword({ email, password })).error
    }
    const email = `director-${randomUUID().slice(0, 8)}@example.org`
    const created = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(
      (await service.from('admin_users').insert({ user_id: id, role: 'director' })).error,
    ).toBeNull()
    try {
      await page.goto('/admin-login')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await page.goto('/admin/profile')

      // A wrong current password is refused, and the password stays as it was.
      const section = page.getByRole('region', { name: 'Password' })
      await section.getByLabel('Current password').fill('not-the-password')
      await section.getByLabel('New password').fill(NEW_PASSWORD)
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByRole('alert')).toHaveText('That is not your current password.')
      await expect(section.getByLabel('New password')).toHaveValue(NEW_PASSWORD)
      expect(await canSignIn(email, PASSWORD)).toBe(true)

      // The sign-in email does not change without the current password either.
      const contact = page.getByRole('region', { name: 'Contact details' })
      const newEmail = `moved-${randomUUID().slice(0, 8)}@example.org`
      await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail)
      await contact
        .getByLabel('Current password (needed to change the email you sign in with)')
        .fill('not-the-password')
      await contact.getByRole('button', { name: 'Save profile' }).click()
      await expect(contact.getByRole('alert')).toHaveText('That is not your current password.')
      await expect(contact.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
        newEmail,
      )
      const unchanged = await service.auth.admin.getUserById(id)
      expect(unchanged.data.user?.email).toBe(email)
      expect(unchanged.data.user?.new_email ?? '').toBe('')

      // A sign-in more than a day old: the right password leads to the emailed code.
      await stack.sql!(
        `update auth.sessions set created_at = now() - interval '25 hours' where user_id = '${id}'`,
      )
      await section.getByLabel('Current password').fill(PASSWORD)
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByText(`we emailed a 6-digit code to ${email}`)).toBeVisible({
        timeout: 20_000,
      })
      const [mail] = await waitForEmailTo(stack.mailUrl, email)
      const code = /^(\d{6}) is your verification code/.exec(mail!.subject)?.[1] ?? ''
      expect(code).toMatch(/^\d{6}$/)
      // A wrong code is refused and said so; the password is unchanged.
      await section.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000')
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByRole('alert')).toHaveText(
        'That code did not work or has expired. Type the 6-digit code from the newest email, or send a new code.',
      )
      expect(await canSignIn(email, PASSWORD)).toBe(true)
      // The right one changes it.
      await section.getByLabel('Code from the email').fill(code)
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByRole('status')).toHaveText(
        'Your password is changed. Use the new one next time you sign in.',
        { timeout: 20_000 },
      )
      expect(await canSignIn(email, NEW_PASSWORD)).toBe(true)
      expect(await canSignIn(email, PASSWORD)).toBe(false)
    } finally {
      await service.from('admin_users').delete().eq('user_id', id)
      await service.auth.admin.deleteUser(id)
    }
  })
})
