import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { DEFAULT_CONTENT } from '@club/core/defaults'

import { editBarStatus, openAsStaff, unique } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'

// Issue 19 §7: a news list is typed like a list in a word processor. Typing right after the
// list is opened keeps every character ("12U…" never becomes "2U…"), Enter starts a new
// bullet, there is no Edit / Save / "Add an item" per bullet, and what is typed is stored.
// At 1280 px (desktop-staff) and 390 px (phone); each test puts News back as it was.

type NewsPosts = typeof DEFAULT_CONTENT.newsPosts

const block = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Block ${n}:`) })

/** The items of the list block `blockId` of the stored post `postId`. */
async function storedItems(
  backend: { staff(): Promise<SupabaseClient> },
  postId: string,
  blockId?: string,
): Promise<string[] | undefined> {
  const posts: NewsPosts = await readContent(await backend.staff(), 'newsPosts')
  const post = posts.find((candidate) => candidate.id === postId)
  const list = post?.content.find(
    (b) => b.type === 'list' && (blockId === undefined || b.id === blockId),
  )
  return list?.type === 'list' ? list.items : undefined
}

/** Whether the caret is in `box`, after the last of its text. */
function caretAtEnd(box: Element): boolean {
  const selection = box.ownerDocument.getSelection()
  if (!selection?.focusNode || !box.contains(selection.focusNode)) return false
  const after = box.ownerDocument.createRange()
  after.selectNodeContents(box)
  after.setStart(selection.focusNode, selection.focusOffset)
  return after.toString() === ''
}

describeSharedContent('News lists typed in place', () => {
  test('should keep every character typed right after a new list opens, and Enter should start a bullet', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts'], async () => {
      await openAsStaff(page, '/admin/news/new')
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(unique('Tryouts'))
      await page.getByLabel('New block').selectOption({ label: 'Bulleted list' })
      await page.getByRole('button', { name: 'Add block' }).click()

      // No Edit button to press: the focus is in the list at once, and typing starts at once.
      const items = block(page, 1).getByRole('textbox', { name: 'Edit items of block 1' })
      await expect(items).toBeFocused()
      await expect(block(page, 1).getByRole('button', { name: /^Edit|^Add an item/ })).toHaveCount(
        0,
      )
      await page.keyboard.type('12U tryouts Saturday')
      await page.keyboard.press('Enter')
      await page.keyboard.type('14U tryouts Sunday')
      await expect(items.locator('li')).toHaveText(['12U tryouts Saturday', '14U tryouts Sunday'])
      // Enter made a bullet, not a paragraph inside one.
      await expect(items.locator('li p')).toHaveCount(2)

      await page.getByRole('button', { name: 'Publish post' }).click()
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/, { timeout: 15_000 })
      const postId = page.url().split('/').pop() as string
      await expect
        .poll(() => storedItems(backend, postId), { timeout: 15_000 })
        .toEqual(['12U tryouts Saturday', '14U tryouts Sunday'])
    })
  })

  test('should store a bullet typed in place on the article, with no Edit or Save', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts'], async (before) => {
      // The first stored post with a list (other suites on this backend may have added posts).
      const post = before.newsPosts.find((p) => p.content.some((b) => b.type === 'list'))
      const list = post?.content.find((b) => b.type === 'list')
      if (!post || list?.type !== 'list') throw new Error('no stored post has a list block')
      const position = post.content.indexOf(list)
      await openAsStaff(page, `/admin/edit/news-and-updates/${post.slug}`)

      const items = page.getByRole('textbox', {
        name: `Edit news post content item ${position + 1} items`,
      })
      await items.scrollIntoViewIfNeeded()
      await items.locator('li').last().click()
      // The end of the list, not of the line clicked: a long last item wraps.
      await page.keyboard.press('ControlOrMeta+End')
      // Enter once the caret is at the end, as someone who sees it there presses it. (Chromium
      // can run a key before a pending selection change, so an Enter sent in the same instant can
      // reach the editor while it still holds the caret where the click put it.)
      await expect.poll(() => items.evaluate(caretAtEnd)).toBe(true)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      await page.keyboard.press('Enter')
      await page.keyboard.type('12U tryouts Saturday')
      await expect(items.locator('li')).toHaveCount(list.items.length + 1)
      await expect(items.locator('li').last()).toHaveText('12U tryouts Saturday')
      // Leaving the list stores it.
      await page.keyboard.press('Tab')
      await expect(items).not.toBeFocused()
      await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
      await expect
        .poll(() => storedItems(backend, post.id, list.id), { timeout: 15_000 })
        .toEqual([...list.items, '12U tryouts Saturday'])
    })
  })
})
