import type { Locator, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { signIn, typeInPlace, unique } from '../fixtures/admin-session.ts'
import { waitForEmailTo } from '../fixtures/mail.ts'
import { describeSharedContent, expect, readContent, test } from '../fixtures/test.ts'

// Staff accounts (issue 34), end to end on the worker's own stack: the director invites a coach
// from the Staff screen, the Edge Function `staff-invite` (real Deno) has the auth service mail
// the invitation through SMTP to the stack's catcher, the coach follows its link, chooses a
// password and edits a page as an editor, cannot open Staff or Settings (and the database
// refuses the same requests forged), and once the director removes them their open tab's next
// save is refused, said so, and kept on the device.

const COACH = 'coach@example.org'
const COACH_PASSWORD = 'coach-pass-2026'
const PENDING_SAVE_PREFIX = 'club-site:unsaved:save:v1:'

/** The link of the invitation email (html-escaped in the message's HTML). */
function invitationLink(html: string, text: string): string {
  const found = /https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/.exec(`${text}\n${html}`)
  if (!found) throw new Error('the invitation email holds no link')
  return found[0].replaceAll('&amp;', '&')
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

/** The in-place field this suite edits: the recreation program's overview. */
const overview = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Edit recreation overview' })

describeSharedContent('staff accounts', () => {
  test('should invite an editor who accepts, edits, is kept out of Staff and Settings, and is removed', async ({
    page,
    browser,
    backend,
    stack,
  }) => {
    test.setTimeout(120_000)

    // 1. The director invites the coach as an editor.
    // The director's home has the reminders (an editor's will not).
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Reminders' })).toBeVisible()
    // (A reminder saved by another suite on this worker's stack adds a second such link.)
    await expect(page.getByRole('link', { name: 'Reminders history' }).first()).toBeVisible()
    await sidebar(page).getByRole('link', { name: 'Staff', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible()
    const members = page.getByRole('list', { name: 'Staff members' })
    await expect(members.getByRole('listitem', { name: 'staff@club.local' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Email address' }).fill(COACH)
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('editor')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Invitation sent to ${COACH}.` }),
    ).toBeVisible({
      timeout: 30_000,
    })
    const invitations = page.getByRole('list', { name: 'Invitations' })
    await expect(invitations.getByRole('listitem', { name: COACH })).toContainText('(Editor)')
    // Invited is not staff yet.
    await expect(members.getByRole('listitem', { name: COACH })).toHaveCount(0)

    // 2. The invitation arrives in the catcher.
    const [email] = await waitForEmailTo(stack.mailUrl, COACH, 20_000)
    const link = invitationLink(email!.html, email!.text)

    // 3. The coach follows it and chooses a password, and lands in the admin.
    const coachContext = await browser.newContext({ baseURL: stack.siteUrl })
    try {
      const coach = await coachContext.newPage()
      await coach.goto(link)
      await expect(coach.getByRole('heading', { name: 'Choose your password' })).toBeVisible({
        timeout: 20_000,
      })
      await expect(
        coach.getByText(`You were invited to the club’s admin as ${COACH}`),
      ).toBeVisible()
      await coach.getByLabel('New password', { exact: true }).fill(COACH_PASSWORD)
      await coach.getByLabel('Confirm new password').fill(COACH_PASSWORD)
      await coach.getByRole('button', { name: 'Save password' }).click()
      await expect(coach).toHaveURL(/\/admin\/home$/, { timeout: 20_000 })
      await expect(coach.getByText(`Signed in as ${COACH} (staff)`)).toBeVisible()

      // The director now sees the coach on the staff list, as an editor, and no invitation.
      await page.reload()
      await expect(members.getByRole('listitem', { name: COACH })).toBeVisible()
      await expect(page.getByRole('combobox', { name: `Role of ${COACH}` })).toHaveValue('editor')
      await expect(page.getByText('No invitation is waiting.')).toBeVisible()
      const activity = page.getByRole('list', { name: 'Recent activity' })
      await expect(activity.getByText(`${COACH} accepted an invitation as an editor`)).toBeVisible()

      // 4. The coach edits a page.
      await coach.goto('/admin/edit/programs/recreation')
      const first = unique('Neighbourhood teams, coached by volunteers.')
      await typeInPlace(coach, overview(coach), first)
      expect((await readContent(backend.anon, 'programsContent')).recreation?.overview).toBe(first)

      // 5. The coach cannot open Staff or Settings…
      await coach.goto('/admin/home')
      await expect(sidebar(coach).getByRole('link', { name: 'Alerts' })).toBeVisible()
      await expect(sidebar(coach).getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0)
      await expect(sidebar(coach).getByRole('link', { name: 'Settings' })).toHaveCount(0)
      // Nor the director's reminders, or their history.
      await expect(coach.getByRole('heading', { name: 'Recent saves' })).toBeVisible()
      await expect(coach.getByRole('heading', { name: 'Reminders' })).toHaveCount(0)
      await expect(coach.getByRole('link', { name: 'Reminders history' })).toHaveCount(0)
      for (const [path, label] of [
        ['/admin/staff', 'Staff'],
        ['/admin/settings', 'Settings'],
      ] as const) {
        await coach.goto(path)
        await expect(
          coach.getByRole('heading', { name: `Only directors can open ${label}` }),
        ).toBeVisible()
        await expect(coach.getByRole('button', { name: 'Send invitation' })).toHaveCount(0)
      }
      // …and the same requests forged with the coach's own session are refused by the database.
      const forger = createClient(stack.backendUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      })
      const signedIn = await forger.auth.signInWithPassword({
        email: COACH,
        password: COACH_PASSWORD,
      })
      expect(signedIn.error).toBeNull()
      const settings = await forger
        .from('website_content')
        .upsert({ key: 'adminSettings', value: { notifications: {} }, base_version: 0 })
      expect(settings.error?.code).toBe('42501')
      const promoted = await forger
        .from('admin_users')
        .update({ role: 'director' })
        .eq('user_id', signedIn.data.user!.id)
        .select()
      expect(promoted.data ?? []).toEqual([])
      const forgerRole = () => forger.rpc('staff_role')
      expect((await forgerRole()).data).toBe('editor')
      expect((await forger.rpc('staff_members')).error?.code).toBe('42501')
      const invited = await forger.functions.invoke('staff-invite', {
        body: { action: 'invite', email: 'friend@example.org', role: 'director' },
      })
      expect((invited.error as { context?: Response } | null)?.context?.status).toBe(403)

      // The director can change the coach's role (and change it back), with its own button.
      const coachRole = page.getByRole('combobox', { name: `Role of ${COACH}` })
      const changeRole = page.getByRole('button', { name: `Change the role of ${COACH}` })
      await expect(changeRole).toBeDisabled()
      await coachRole.selectOption('director')
      await changeRole.click()
      await expect(
        page.getByRole('status').filter({ hasText: `${COACH} is now a director.` }),
      ).toBeVisible()
      await expect(activity.getByText(`staff@club.local made ${COACH} a director`)).toBeVisible()
      await coachRole.selectOption('editor')
      await changeRole.click()
      await expect(
        page.getByRole('status').filter({ hasText: `${COACH} is now an editor.` }),
      ).toBeVisible()
      expect((await forgerRole()).data).toBe('editor')

      // 6. The coach's tab is open on a page; the director removes the coach.
      await coach.goto('/admin/edit/programs/recreation')
      await expect(overview(coach)).toBeVisible({ timeout: 20_000 })
      await page.getByRole('button', { name: `Remove ${COACH}` }).click()
      const dialog = page.getByRole('dialog', { name: `Remove ${COACH} from the staff?` })
      await dialog.getByRole('button', { name: 'Remove' }).click()
      await expect(
        page.getByRole('status').filter({ hasText: `${COACH} is no longer staff` }),
      ).toBeVisible({ timeout: 15_000 })
      await expect(members.getByRole('listitem', { name: COACH })).toHaveCount(0)
      await expect(
        activity.getByText(`staff@club.local removed ${COACH} from the staff`),
      ).toBeVisible()

      // The coach's next save says clearly it was refused, and the draft stays on the device.
      const late = unique('A change typed after removal.')
      await overview(coach).click()
      await coach.keyboard.press('ControlOrMeta+A')
      await coach.keyboard.type(late)
      await coach.keyboard.press('Enter')
      await expect(
        coach
          .getByRole('region', { name: /Notifications/ })
          .getByText(
            'Could not save program data. This account may not change the site. Sign in with a staff account, then retry. Your change is kept on this device.',
          ),
      ).toBeVisible({ timeout: 15_000 })
      const kept = await coach.evaluate(
        (prefix) =>
          Object.entries(window.localStorage)
            .filter(([key]) => key.startsWith(prefix))
            .map(([, value]) => value),
        PENDING_SAVE_PREFIX,
      )
      expect(kept.join('\n')).toContain(late)
      expect((await readContent(backend.anon, 'programsContent')).recreation?.overview).toBe(first)

      // Their sessions ended: the refresh token no longer works.
      const refreshed = await coach.evaluate(async () => {
        const entry = Object.entries(window.localStorage).find(([key]) => key.startsWith('sb-'))
        return entry
          ? (JSON.parse(entry[1]) as { refresh_token?: string }).refresh_token
          : undefined
      })
      expect(refreshed).toBeTruthy()
      const answer = await fetch(`${stack.backendUrl}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshed }),
      })
      expect(answer.status).toBe(400)
    } finally {
      await coachContext.close()
    }
  })
})
