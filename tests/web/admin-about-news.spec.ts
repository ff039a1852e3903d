import type { Browser, Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import {
  expect,
  PHONE_TAG,
  readContent,
  restoringContent,
  storeContent,
  test,
  describeSharedContent,
} from '../fixtures/test.ts'
import { openAsStaff, pickUpWithKeyboard } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'
import { clubInput } from '../fixtures/club-time.ts'

// The dedicated About and News editors, against the real backend: edits made through their
// screens are seen by an anonymous visitor in a browser context of their own, blocks are
// reordered with the keyboard alone, and axe finds nothing on either editor at the project's
// width (desktop 1280 px, phone 390 px). Every test that saves puts the documents it changed
// back as they were, so the other suites sharing the backend see the sample content.

type Docs = typeof DEFAULT_CONTENT
type Key = keyof Docs

/** The notices region (Radix Toast's viewport), so the hidden announcement is not matched too. */
const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

/** Words no other test writes, so what a visitor sees can only come from this run. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** Opens `path` as a visitor with no session, reloads it, and hands the page to `check`. */
async function asVisitor(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  check: (visitor: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL })
  try {
    const visitor = await context.newPage()
    await visitor.goto(path)
    await visitor.reload()
    await check(visitor)
  } finally {
    await context.close()
  }
}

/** Runs `edit`, then stores `key` as it was before, whether the edit passed or not. */
function restoring<K extends Key>(
  backend: { anon: SupabaseClient; staff(): Promise<SupabaseClient> },
  key: K,
  edit: (before: Docs[K]) => Promise<void>,
) {
  return restoringContent(backend, [key], (before) => edit(before[key]))
}

/** The editor's block `n` (1-based), a group named by its legend. */
const block = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Block ${n}:`) })

/** Adds a block of the given type ("Heading", "Paragraph", …) at the end of the body. */
async function addBlock(page: Page, type: string) {
  await page.getByLabel('New block').selectOption({ label: type })
  await page.getByRole('button', { name: 'Add block' }).click()
}

/** Picks a photo of the library for the image `image` opens, with its description. */
async function pickPhoto(page: Page, image: Locator, photo: string, alt: string) {
  await image.click()
  const picker = page.getByRole('dialog', { name: 'Choose an image' })
  await picker.getByRole('radio', { name: photo }).check()
  await picker.getByLabel('Alt text (required)').fill(alt)
  await picker.getByRole('button', { name: 'Use this photo' }).click()
  await expect(picker).toHaveCount(0)
}

/** The texts of the blocks' Text fields, in the editor's order. */
async function blockTexts(page: Page) {
  return page
    .getByRole('group', { name: /^Block \d+:/ })
    .getByRole('textbox', { name: /^Text of block/ })
    .evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value))
}

describeSharedContent('About and News editors seen by visitors', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 })

  test('should show an About section edited in the About editor to a visitor', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoring(backend, 'aboutContent', async () => {
      const title = unique('Why We Play')
      const paragraph = unique('Every child who wants to play gets a team.')
      await openAsStaff(page, '/admin/edit/about-editor')
      await page.getByRole('textbox', { name: 'Title of section 2' }).fill(title)
      await page
        .getByRole('textbox', { name: 'Text of section 2' })
        .fill(`${paragraph}\n\nVolunteers coach every team.`)
      await page.getByRole('switch', { name: 'Show the photo slider' }).click()
      // A new community: its name field has focus as soon as it is added.
      const community = unique('Olney')
      await page.getByRole('button', { name: 'Add to communities' }).click()
      const added = page.getByRole('textbox', { name: /^Community \d+$/ }).last()
      await expect(added).toBeFocused()
      await page.keyboard.type(community)
      await page.getByRole('button', { name: 'Save About page' }).click()
      await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
      // The editor's own save bar says so too, beside its Save button.
      await expect(page.locator('.editor-save-bar').getByRole('status')).toHaveText(
        'Content Saved! Your changes are now live across the site.',
      )

      await asVisitor(browser, baseURL, '/about', async (visitor) => {
        await expect(visitor.getByRole('heading', { name: title, level: 2 })).toBeVisible({
          timeout: 15_000,
        })
        await expect(visitor.getByText(paragraph, { exact: true })).toBeVisible()
        await expect(visitor.getByText('Volunteers coach every team.')).toBeVisible()
        await expect(visitor.getByRole('region', { name: 'Club photos' })).toHaveCount(0)
        await expect(visitor.getByRole('listitem').filter({ hasText: community })).toBeVisible()
      })
    })
  })

  test('should publish a news post with blocks that a visitor reads on the list and its page', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoring(backend, 'newsPosts', async () => {
      const title = unique('Fall Ball Registration')
      await openAsStaff(page, '/admin/news')
      await page.getByRole('link', { name: 'New post' }).click()
      await expect(page).toHaveURL(/\/admin\/news\/new$/)

      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      const slug = await page.getByRole('textbox', { name: 'Address' }).inputValue()
      expect(slug).toMatch(/^fall-ball-registration-[a-z0-9]+$/)
      await page.getByRole('textbox', { name: 'Author' }).fill('Club Staff')
      await page.getByRole('textbox', { name: 'Card summary' }).fill('Fall ball signups are open.')
      await page.getByRole('switch', { name: 'Show in the carousel' }).click()

      await addBlock(page, 'Heading')
      await block(page, 1).getByRole('textbox', { name: 'Text of block 1' }).fill('Key dates')
      await addBlock(page, 'Paragraph')
      await block(page, 2)
        .getByRole('textbox', { name: 'Text of block 2' })
        .fill('Practices start the week after Labor Day.')
      await block(page, 2).getByLabel('Text colour').selectOption('text-navy')

      await addBlock(page, 'Bulleted list')
      // The new list's text box has the focus: typing goes straight into its first bullet.
      const items = block(page, 3).getByRole('textbox', { name: 'Edit items of block 3' })
      await expect(items).toBeFocused()
      await page.keyboard.type('Fee: ')
      await page.keyboard.press('ControlOrMeta+B')
      await page.keyboard.type('$150')
      await expect(items.locator('strong', { hasText: '$150' })).toBeVisible()

      await addBlock(page, 'Button')
      await block(page, 4).getByRole('textbox', { name: 'Button text of block 4' }).fill('Ask us')
      await block(page, 4).getByLabel('Page on this site').selectOption('/contact')

      await addBlock(page, 'Image')
      await pickPhoto(
        page,
        block(page, 5).getByRole('button', { name: /^Change image: blocks item 5 photo/ }),
        'Tryout day',
        'Players lined up at a fall tryout',
      )
      await block(page, 5)
        .getByRole('textbox', { name: 'Caption of block 5' })
        .fill('Tryouts at Briar Meadow')

      await page.getByRole('button', { name: 'Publish post' }).click()
      await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/)
      await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()

      await asVisitor(browser, baseURL, '/news-and-updates', async (visitor) => {
        await expect(
          visitor.getByRole('main').getByRole('link', { name: title }).first(),
        ).toBeVisible({ timeout: 15_000 })
        await expect(visitor.getByText('Fall ball signups are open.').first()).toBeVisible()
      })
      await asVisitor(browser, baseURL, `/news-and-updates/${slug}`, async (visitor) => {
        const article = visitor.locator('article')
        await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible({
          timeout: 15_000,
        })
        await expect(article.getByRole('heading', { level: 2, name: 'Key dates' })).toBeVisible()
        await expect(article.getByText('Practices start the week after Labor Day.')).toHaveClass(
          /block-color--navy/,
        )
        await expect(article.locator('li strong', { hasText: '$150' })).toBeVisible()
        await expect(article.getByRole('link', { name: 'Ask us' })).toHaveAttribute(
          'href',
          '/contact',
        )
        await expect(
          article.getByRole('img', { name: 'Players lined up at a fall tryout' }),
        ).toHaveAttribute('src', '/images/news/tryouts.svg')
        await expect(article.getByText('Tryouts at Briar Meadow')).toBeVisible()
        await expect(article.getByText('By Club Staff')).toBeVisible()
      })
    })
  })

  test('should preview a scheduled post at 390 px from the staff session, and say it has no card image', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['newsPosts', 'newsDrafts'], async () => {
      const title = unique('Phone preview')
      const words = unique('Bring a glove and a water bottle.')
      await openAsStaff(page, '/admin/news/new')
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      await page.getByRole('button', { name: 'Add block' }).click()
      await page.getByRole('textbox', { name: 'Text of block 1' }).fill(words)
      await expect(page.getByText('This post has no card image.')).toBeVisible()
      const publishing = page.getByRole('region', { name: 'Publishing' })
      await publishing.getByLabel('Publish at').fill(clubInput(Date.now() + 2 * 86_400_000))
      await publishing.getByRole('button', { name: 'Schedule' }).click()
      await expect(page).toHaveURL(/\/admin\/news\/news-[a-z0-9]+$/)
      // Stored among the drafts, which only staff can read.
      const staff = await backend.staff()
      await expect
        .poll(async () => (await readContent(staff, 'newsDrafts')).map((post) => post.title))
        .toContain(title)
      expect(
        (await readContent(backend.anon, 'newsPosts')).map((post) => post.title),
      ).not.toContain(title)

      // Opened again, the post comes from the stored drafts, which only staff can read.
      await page.reload()
      await page.getByRole('button', { name: 'Preview' }).click()
      const preview = page.getByRole('dialog', { name: `Preview: ${title}` })
      await preview.getByRole('button', { name: 'Phone 390' }).click()
      const frame = preview.locator(`iframe[title="${title} on a phone, 390 px wide"]`)
      const phone = frame.contentFrame()
      await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(phone.getByText(words)).toBeVisible()
      await expect(phone.locator('body')).not.toContainText(/Error 404|not found/i)
      // Laid out as a phone lays it out: the frame's window is 390 px wide, nothing wider.
      expect(
        await phone
          .locator('html')
          .evaluate((html) => [window.innerWidth, html.scrollWidth <= html.clientWidth]),
      ).toEqual([390, true])
    })
  })

  test('should delete a post after confirming, and visitors no longer find it', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoring(backend, 'newsPosts', async (before) => {
      const title = unique('Post to delete')
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      const doomed = { ...DEFAULT_CONTENT.newsPosts[0]!, id: `news-${Date.now()}`, slug, title }
      await storeContent(await backend.staff(), 'newsPosts', [doomed, ...before])
      await openAsStaff(page, '/admin/news')
      await page.getByRole('button', { name: `Delete ${title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` })
      await dialog.getByRole('button', { name: 'Delete post' }).click()
      await expect(
        page.getByRole('status').filter({ hasText: `Deleted “${title}”.` }),
      ).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
      await expect
        .poll(
          async () => (await readContent(backend.anon, 'newsPosts')).some((p) => p.slug === slug),
          {
            timeout: 15_000,
          },
        )
        .toBe(false)
      await asVisitor(browser, baseURL, `/news-and-updates/${slug}`, async (visitor) => {
        await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(title, {
          timeout: 15_000,
        })
      })
    })
  })
})

test.describe('About and News editors from the keyboard', () => {
  test('should reorder a post’s blocks with the keyboard alone', async ({ page }) => {
    // Nothing is saved: the reorder is checked in the draft and in the preview.
    await openAsStaff(page, '/admin/news/new')
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Keyboard order')
    for (const [n, text] of ['First', 'Second', 'Third'].entries()) {
      await addBlock(page, 'Paragraph')
      await block(page, n + 1)
        .getByRole('textbox', { name: `Text of block ${n + 1}` })
        .fill(text)
    }

    // Drag handle: Space picks the block up, an arrow moves it, Space drops it.
    // Each key waits for the previous one to take effect: the drag starts after a tick.
    const handle = page.getByRole('button', { name: 'Drag block 1 (paragraph)' })
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text })
    await pickUpWithKeyboard(page, handle)
    await page.keyboard.press('ArrowDown')
    await expect(announced('Over position 2.')).toBeAttached()
    await page.keyboard.press('Space')
    await expect.poll(() => blockTexts(page)).toEqual(['Second', 'First', 'Third'])

    // Move buttons: Tab reaches them and Enter presses them.
    await page.getByRole('button', { name: 'Move block 3 (paragraph) up' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => blockTexts(page)).toEqual(['Second', 'Third', 'First'])

    await page.getByRole('button', { name: 'Preview' }).focus()
    await page.keyboard.press('Enter')
    const preview = page.getByRole('dialog', { name: 'Preview: Keyboard order' })
    await expect(preview.locator('.article__body p')).toHaveText(['Second', 'Third', 'First'])
    await page.keyboard.press('Escape')
    await expect(preview).toHaveCount(0)
  })

  test('should move an About community by dragging it', async ({ page }) => {
    // Nothing is saved: the order is checked in the draft.
    await openAsStaff(page, '/admin/edit/about-editor')
    await expect(page.getByRole('textbox', { name: 'Community 2' })).toBeVisible({
      timeout: 20_000,
    })
    const names = () =>
      page
        .getByRole('textbox', { name: /^Community \d+$/ })
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))
    const [first, second] = await names()
    const handle = page.getByRole('button', { name: `Drag ${first}` })
    const target = page.getByRole('button', { name: `Drag ${second}` })
    await handle.scrollIntoViewIfNeeded()
    const [from, to] = [await handle.boundingBox(), await target.boundingBox()]
    if (!from || !to) throw new Error('The drag handles are not laid out')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 4, { steps: 12 })
    await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2 + 6, { steps: 4 })
    await page.mouse.up()
    await expect.poll(async () => (await names()).slice(0, 2)).toEqual([second, first])
    await expect(page.getByText('Unsaved changes.')).toBeVisible()
  })
})

test.describe('About and News editors accessibility', { tag: PHONE_TAG }, () => {
  const screens: [name: string, path: string, ready: (page: Page) => Locator][] = [
    [
      'the About editor',
      '/admin/edit/about-editor',
      (page) => page.getByRole('button', { name: 'Save About page' }),
    ],
    ['the news list', '/admin/news', (page) => page.getByRole('link', { name: 'New post' })],
    [
      'a news post',
      `/admin/news/${DEFAULT_CONTENT.newsPosts[0]!.id}`,
      (page) => page.getByRole('button', { name: 'Save post' }),
    ],
    [
      'a new news post',
      '/admin/news/new',
      (page) => page.getByRole('button', { name: 'Publish post' }),
    ],
  ]

  for (const [name, path, ready] of screens) {
    test(`should find no WCAG 2.2 AA violations on ${name}`, async ({ page }) => {
      await openAsStaff(page, path)
      await expect(ready(page)).toBeVisible({ timeout: 20_000 })
      expect(await axeViolations(page)).toEqual([])
    })
  }

  test('should find no WCAG 2.2 AA violations in the news preview', async ({ page }) => {
    await openAsStaff(page, `/admin/news/${DEFAULT_CONTENT.newsPosts[0]!.id}`)
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByRole('dialog', { name: /^Preview:/ })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
