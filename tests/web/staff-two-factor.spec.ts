import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'

import { axeViolations } from '../fixtures/axe.ts'
import { unique } from '../fixtures/admin-session.ts'
import { describeSharedContent, expect, readContent, test } from '../fixtures/test.ts'

// Two-factor sign-in (issue 34 §3), end to end on the worker's own stack with fresh accounts
// made with the service role (the seeded login is untouched): a director enrols TOTP from
// Profile with codes computed here from the key the page shows, signs out, signs in and is
// asked for the code (a wrong one is refused and said so), turns on "Require two-factor for
// staff"; an editor's password-only (aal1) tab then has its save refused by the database and
// is sent to set up two-factor first; after the editor's phone is "lost", the director resets
// their factors from the Staff screen and the editor signs in with a password again.

const PASSWORD = 'two-factor-pass-2026'
const WRONG_CODE = 'That code did not work. Type the 6-digit code your authenticator app shows now.'

const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset })

/** A six-digit code that is wrong now and in the steps around now. */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => codeFor(secret, offset)))
  for (let n = 1; ; n += 1) {
    const candidate = String((Number(codeFor(secret)) + n) % 1_000_000).padStart(6, '0')
    if (!valid.has(candidate)) return candidate
  }
}

/** The `aal` claim of the page's stored session. */
const aalOf = (page: Page) =>
  page.evaluate(() => {
    const entry = Object.entries(window.localStorage).find(([key]) => key.startsWith('sb-'))
    const token = entry ? (JSON.parse(entry[1]) as { access_token?: string }).access_token : ''
    const payload = (token ?? '').split('.')[1] ?? ''
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal
  })

async function passwordSignIn(page: Page, email: string) {
  await page.goto('/admin-login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** No WCAG 2.2 AA violation at a phone's width and a desktop's. */
async function expectAccessible(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await axeViolations(page), `at ${width} px`).toEqual([])
  }
}

describeSharedContent('staff two-factor sign-in', () => {
  test('should enrol, ask for the code at sign-in, enforce "Require two-factor" and recover', async ({
    page,
    browser,
    backend,
    stack,
  }) => {
    test.setTimeout(180_000)
    const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const makeStaff = async (role: 'director' | 'editor') => {
      const email = `${role}-${randomUUID().slice(0, 8)}@example.org`
      const created = await service.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
      })
      expect(created.error).toBeNull()
      const id = created.data.user!.id
      expect((await service.from('admin_users').insert({ user_id: id, role })).error).toBeNull()
      return { email, id }
    }
    const director = await makeStaff('director')
    const editor = await makeStaff('editor')
    const editorContext = await browser.newContext({ baseURL: stack.siteUrl })
    try {
      // 1. The director enrols TOTP from Profile.
      await passwordSignIn(page, director.email)
      await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await page.goto('/admin/profile')
      const section = page.getByRole('region', { name: 'Two-factor sign-in' })
      await expect(section.getByText('Off. Signing in needs your password only.')).toBeVisible()
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
      await expect(
        section.getByRole('img', { name: 'QR code for your authenticator app' }),
      ).toBeVisible()
      const secret = (await section.getByTestId('totp-secret').textContent())!.trim()
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
      await expectAccessible(page)
      await page.setViewportSize({ width: 1280, height: 900 })
      await section.getByLabel('Code from the app').fill(wrongCodeFor(secret))
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
      await expect(section.getByRole('alert')).toHaveText(WRONG_CODE)
      await section.getByLabel('Code from the app').fill(codeFor(secret))
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
      await expect(section.getByRole('status')).toHaveText(
        'Two-factor sign-in is on. Signing in will ask for a code from now on.',
      )
      await expect(section.getByRole('listitem')).toHaveCount(1)
      expect(await aalOf(page)).toBe('aal2')

      // 2. Sign out.
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page).toHaveURL(/\/admin-login$/, { timeout: 20_000 })

      // 3. Sign in: the code is asked for before the admin opens; a wrong one is refused.
      await passwordSignIn(page, director.email)
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible({
        timeout: 20_000,
      })
      expect(await aalOf(page)).toBe('aal1')
      await page.goto('/admin/home')
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
      await expect(page.getByText(`Signed in as ${director.email}`)).toHaveCount(0)
      await expectAccessible(page)
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.getByLabel('6-digit code').fill(wrongCodeFor(secret))
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      await expect(page.getByRole('alert')).toHaveText(WRONG_CODE)
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
      await page.getByLabel('6-digit code').fill(codeFor(secret))
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await expect(page.getByText(`Signed in as ${director.email}`)).toBeVisible()
      expect(await aalOf(page)).toBe('aal2')

      // The editor has the admin open with a password alone (aal1), before the rule is on.
      const editorPage = await editorContext.newPage()
      await passwordSignIn(editorPage, editor.email)
      await expect(editorPage).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await editorPage.goto('/admin/edit/programs/recreation')
      const overview = editorPage.getByRole('textbox', { name: 'Edit recreation overview' })
      await expect(overview).toBeVisible({ timeout: 20_000 })
      const before = (await readContent(backend.anon, 'programsContent')).recreation?.overview

      // 4. The director turns on "Require two-factor for staff".
      await page.goto('/admin/settings')
      const rule = page.getByRole('switch', { name: 'Require two-factor for staff' })
      await expect(rule).toHaveAttribute('aria-checked', 'false')
      await expectAccessible(page)
      await page.setViewportSize({ width: 1280, height: 900 })
      await rule.click()
      await expect(
        page.getByRole('status').filter({ hasText: 'Two-factor sign-in is now required' }),
      ).toBeVisible()
      await expect(rule).toHaveAttribute('aria-checked', 'true')
      expect((await backend.anon.rpc('two_factor_required')).data).toBe(true)

      // 5. The editor's aal1 save is refused by the database, and nothing is stored.
      await overview.click()
      await editorPage.keyboard.press('ControlOrMeta+A')
      await editorPage.keyboard.type(unique('Typed without a second factor.'))
      await editorPage.keyboard.press('Enter')
      await expect(
        editorPage
          .getByRole('region', { name: /Notifications/ })
          .getByText(
            'Could not save program data. The club requires two-factor sign-in for staff, and this sign-in has not used it. Set up two-factor sign-in, or enter the code from your authenticator app, then save again. Your change is kept on this device.',
          ),
      ).toBeVisible({ timeout: 15_000 })
      expect((await readContent(backend.anon, 'programsContent')).recreation?.overview).toBe(before)
      // The admin sends them to set up two-factor first, there and then, and they do.
      await expect(
        editorPage.getByRole('heading', { name: 'Set up two-factor sign-in first' }),
      ).toBeVisible({ timeout: 20_000 })
      await expect(
        editorPage.getByText('The club requires two-factor sign-in for staff.').first(),
      ).toBeVisible()
      await expectAccessible(editorPage)
      await editorPage.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
      const editorSecret = (await editorPage.getByTestId('totp-secret').textContent())!.trim()
      await editorPage.getByLabel('Code from the app').fill(codeFor(editorSecret))
      await editorPage.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
      // Back to the page they were editing, now at aal2.
      await expect(overview).toBeVisible({ timeout: 20_000 })
      expect(await aalOf(editorPage)).toBe('aal2')

      // 6. The editor loses their phone: the director resets their two-factor sign-in.
      await page.goto('/admin/staff')
      const member = page
        .getByRole('list', { name: 'Staff members' })
        .getByRole('listitem', { name: editor.email })
      await expect(member).toContainText('two-factor on')
      await page
        .getByRole('button', { name: `Reset two-factor sign-in of ${editor.email}` })
        .click()
      await page
        .getByRole('dialog', { name: `Reset two-factor sign-in of ${editor.email}?` })
        .getByRole('button', { name: 'Reset two-factor' })
        .click()
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Two-factor sign-in of ${editor.email} is reset` }),
      ).toBeVisible({ timeout: 20_000 })
      await expect(member).toContainText('two-factor off')
      const left = await service.auth.admin.mfa.listFactors({ userId: editor.id })
      expect(left.data?.factors).toEqual([])
      // With the rule on, their password sign-in leads to setting it up again, not to the code.
      await editorPage.goto('/admin/home')
      await editorPage.getByRole('button', { name: 'Log out' }).click()
      await expect(editorPage).toHaveURL(/\/admin-login$/, { timeout: 20_000 })
      await passwordSignIn(editorPage, editor.email)
      await expect(
        editorPage.getByRole('heading', { name: 'Set up two-factor sign-in first' }),
      ).toBeVisible({ timeout: 20_000 })
      await expect(
        editorPage.getByRole('heading', { name: 'Enter your sign-in code' }),
      ).toHaveCount(0)
    } finally {
      await editorContext.close()
      await service.from('staff_security').update({ two_factor_required: false }).eq('id', true)
      for (const account of [editor, director]) {
        await service.from('admin_users').delete().eq('user_id', account.id)
        await service.auth.admin.deleteUser(account.id)
      }
    }
  })
})
