import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'

import { describeSharedContent, expect, restoringContent, test } from '../fixtures/test.ts'
import { openAsStaff, unique } from '../fixtures/admin-session.ts'
import { clubInput, clubParts } from '../fixtures/club-time.ts'

// News drafts and scheduling, against the real backend: a post saved as a draft is previewed
// by staff and read by nobody else (a visitor's page, and raw reads with the anon key and a
// non-staff account); scheduled a little ahead, it reaches a visitor's open news page at its
// time and not before (the staff browser asks the database to publish it when it falls due);
// unpublished, it leaves the site again. At the desktop (1280 px) and phone (390 px) sizes.

/** Everything `reader` may read of website_content, as text. */
async function readable(reader: SupabaseClient): Promise<string> {
  const { data, error } = await reader.from('website_content').select('key,value')
  if (error) throw error
  return JSON.stringify(data)
}

const publishing = (page: Page) => page.getByRole('region', { name: 'Publishing' })

/** `instant` as a scheduled post's message names it: "Sat, Dec 6, 7:00 AM" (club time). */
function clubWhen(instant: number): string {
  const parts = clubParts(instant, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  })
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`
}

/** Every message on screen: the notices, the save bar and the publishing panel's states. */
const messages = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .or(page.locator('.editor-save-bar'))
    .or(publishing(page).getByRole('status'))

describeSharedContent('News drafts and scheduled posts', () => {
  // The post waits 25 s for its time (about 33 s in all on a quiet two-core machine).
  test.describe.configure({ timeout: 90_000 })

  test('a draft is previewed, scheduled, appears at its time and not before, then is unpublished', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Spring Opener')
      const words = unique('Opening day is at Hollow Oak Park.')
      await openAsStaff(page, '/admin/news')
      await page.getByRole('link', { name: 'New post' }).click()
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      await page.getByRole('button', { name: 'Add block' }).click()
      await page.getByRole('textbox', { name: 'Text of block 1' }).fill(words)

      // Saved as a draft: it has its own address in the admin, and is on no public page.
      await publishing(page).getByRole('button', { name: 'Save as draft' }).click()
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/)
      await expect(publishing(page)).toContainText('Draft: not on the site.', { timeout: 15_000 })
      const staff = await backend.staff()
      await expect.poll(() => readable(staff)).toContain(title)
      expect(await readable(backend.anon)).not.toContain(title)
      expect(await readable(await backend.member())).not.toContain(title)

      // Preview: the article as its page would show it, to staff only.
      await page.getByRole('button', { name: 'Preview' }).click()
      const preview = page.getByRole('dialog', { name: title })
      await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(preview.locator('article').getByText(words)).toBeVisible()
      // The dialog has taken focus, as for someone who reads it first, then Escape closes it
      // (also when "Content Saved!" has appeared over it meanwhile: see ui/modal-content.tsx).
      await expect
        .poll(() => preview.evaluate((dialog) => dialog.contains(document.activeElement)))
        .toBe(true)
      await page.keyboard.press('Escape')
      await expect(preview).toHaveCount(0)

      // A visitor's news page, open before and after the time.
      const context = await browser.newContext({ baseURL })
      try {
        const visitor = await context.newPage()
        await visitor.goto('/news-and-updates')
        // The page shows the stored posts (a positive event) before anything is judged absent.
        await expect(visitor.getByRole('main').getByRole('link').first()).toBeVisible()

        // Scheduled 25 s ahead, in club time, to the second.
        const at = Math.ceil((Date.now() + 25_000) / 1000) * 1000
        await publishing(page).getByLabel('Publish at').fill(clubInput(at))
        await publishing(page).getByRole('button', { name: 'Schedule' }).click()
        await expect(publishing(page).getByRole('status')).toContainText('Scheduled for', {
          timeout: 15_000,
        })
        await expect(publishing(page)).toContainText('Only staff can see it until it is published.')

        // Before its time: stored among the drafts, shown to nobody but staff.
        await expect
          .poll(() => readable(staff))
          .toContain(`"publishAt":"${new Date(at).toISOString()}"`)
        expect(await readable(backend.anon)).not.toContain(title)
        expect(await readable(await backend.member())).not.toContain(title)
        await expect(visitor.getByRole('main')).not.toContainText(title)
        expect(Date.now(), 'the checks above ran before the post was due').toBeLessThan(at)

        // At its time it reaches the visitor's open page, and the raw public read.
        await expect(
          visitor.getByRole('main').getByRole('link', { name: title }).first(),
        ).toBeVisible({
          timeout: 60_000,
        })
        expect(Date.now()).toBeGreaterThanOrEqual(at)
        expect(await readable(backend.anon)).toContain(title)
        await expect(publishing(page)).toContainText('Published: on the site at', {
          timeout: 15_000,
        })

        // Unpublished: off the visitor's page and the public read, back among the drafts.
        await publishing(page).getByRole('button', { name: 'Unpublish' }).click()
        await page
          .getByRole('dialog', { name: `Unpublish “${title}”?` })
          .getByRole('button', { name: 'Unpublish' })
          .click()
        await expect(publishing(page).getByRole('status')).toHaveText(
          'Unpublished: it is off the site and kept here as a draft.',
          { timeout: 15_000 },
        )
        await expect(publishing(page)).toContainText('Draft: not on the site.')
        await expect(visitor.getByRole('main').getByRole('link', { name: title })).toHaveCount(0, {
          timeout: 30_000,
        })
        expect(await readable(backend.anon)).not.toContain(title)
        await expect.poll(() => readable(staff)).toContain(title)
      } finally {
        await context.close()
      }
    })
  })

  test('a scheduled post says when it goes up and that only staff see it, never that it is live', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Picture Day')
      const at = await scheduleNewPost(page, title, unique('Smile!'))
      const toast = page.getByRole('region', { name: /Notifications/ })
      await expect(toast).toContainText(
        `Scheduled for ${clubWhen(at)}. Only staff can see it until then.`,
        { timeout: 15_000 },
      )
      await expect(publishing(page)).toContainText('Only staff can see it until')
      // Nothing on screen calls it live: not the notice, the save bar or the panel.
      await expect(messages(page).filter({ hasText: /\blive\b/i })).toHaveCount(0)
    })
  })

  test('Publish now on a scheduled post leaves nothing unsaved, and the post is on the site', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Coach Clinic')
      // Scheduled two days ahead (so its date is not today's), then published at once.
      await scheduleNewPost(page, title, unique('Bring a glove.'))
      await expect(publishing(page).getByRole('status')).toContainText('Scheduled for', {
        timeout: 15_000,
      })
      await publishing(page).getByRole('button', { name: 'Publish now' }).click()
      await expect(publishing(page).getByRole('status')).toHaveText(
        'Published: it is on the site now.',
        { timeout: 15_000 },
      )
      await expect(publishing(page)).toContainText('Published: on the site at')

      // The save bar agrees: what is stored is what the form shows, nothing waits on the device.
      const bar = page.locator('.editor-save-bar')
      await expect(bar.getByRole('status')).toHaveText(/Content Saved!|All changes saved\./)
      await expect(bar).not.toContainText('Unsaved changes')
      await expect(bar.getByRole('button', { name: 'Discard changes' })).toHaveCount(0)

      // And a visitor finds it on the public news page.
      const context = await browser.newContext({ baseURL })
      try {
        const visitor = await context.newPage()
        await visitor.goto('/news-and-updates')
        await expect(
          visitor.getByRole('main').getByRole('link', { name: title }).first(),
        ).toBeVisible({ timeout: 15_000 })
      } finally {
        await context.close()
      }
    })
  })
})

/**
 * Writes a new post with one paragraph and schedules it two days ahead, on the hour, in club
 * time: the instant it is scheduled for.
 */
async function scheduleNewPost(page: Page, title: string, text: string): Promise<number> {
  await openAsStaff(page, '/admin/news')
  await page.getByRole('link', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('button', { name: 'Add block' }).click()
  await page.getByRole('textbox', { name: 'Text of block 1' }).fill(text)
  const at = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000
  await publishing(page).getByLabel('Publish at').fill(clubInput(at))
  await publishing(page).getByRole('button', { name: 'Schedule' }).click()
  return at
}
