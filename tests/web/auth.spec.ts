import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { expect, SEEDED_STAFF, test } from '../fixtures/test.ts'

/** The notices region (Radix Toast's viewport), so the visually hidden announcement is not matched too. */
const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

async function signIn(page: Page, password: string, email = SEEDED_STAFF.email) {
  await page.goto('/admin-login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('staff sign-in', () => {
  // The sign-in screen on a phone: accessibility.spec.ts and public-polish.spec.ts.
  test.skip(
    ({ isMobile }) => isMobile,
    'signing in and out does not depend on the screen: desktop project only',
  )
  test('should welcome the seeded staff user and open the admin home', async ({ page }) => {
    await signIn(page, SEEDED_STAFF.password)
    await expect(notice(page, 'Welcome back!')).toBeVisible()
    await expect(notice(page, 'You have successfully logged in.')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await expect(page.getByText(`Signed in as ${SEEDED_STAFF.email} (staff)`)).toBeVisible()
  })

  test('should log out and say so', async ({ page, backend }) => {
    // A fresh account: logging out ends every session of the account (Supabase's global
    // sign-out), and the other suites' seeded staff sessions must stay.
    const email = `logout-${randomUUID()}@example.test`
    const password = `pw-${randomUUID()}`
    const signUp = await createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).auth.signUp({ email, password })
    expect(signUp.error).toBeNull()
    await signIn(page, password, email)
    await expect(page).toHaveURL(/\/admin\/home$/)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(notice(page, "You've been logged out.")).toBeVisible()
    await expect(page).toHaveURL(/\/admin-login$/)
  })

  test('should refuse a wrong password with a destructive notice', async ({ page }) => {
    await signIn(page, 'not-the-password')
    await expect(notice(page, 'Sign in Failed')).toBeVisible()
    await expect(notice(page, 'Invalid login credentials')).toBeVisible()
    await expect(page).toHaveURL(/\/admin-login$/)
  })

  test('should send a visitor without a session from the admin to the login page', async ({
    page,
  }) => {
    await page.goto('/admin/home')
    await expect(page).toHaveURL(/\/admin-login$/)
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible()
  })
})
