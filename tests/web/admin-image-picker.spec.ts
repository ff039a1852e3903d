import { randomInt } from 'node:crypto'

import type { Browser, Page } from '@playwright/test'
import { samplePhoto } from '@club/photo-upload/testing'

import { editBarStatus, openAsStaff, unique } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  readContent,
  restoringContent,
  test,
} from '../fixtures/test.ts'

// Issue 19 §10: the image picker of in-place editing uploads a photo and searches the library
// (by original file name, alt text or caption), and a photo swapped into a slider brings its
// own caption. Against the real backend and bucket, at 1280 px (desktop-staff) and 390 px
// (phone), on the About page's slider.

/** The seeded library photo with a caption, and one without (supabase/seed.sql). */
const CAPTIONED = {
  file: 'tryouts.svg',
  alt: 'Players waiting their turn at a tryout, gloves in hand',
  caption: 'Tryout day',
}
const UNCAPTIONED = { file: 'registration.svg', alt: 'A clipboard, glove and ball on a bench' }

/** Opens the About page in edit mode and the image picker of its slider's first photo. */
async function openPicker(page: Page) {
  const libraryRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/rest/v1/photos' && response.ok(),
    // The first sign-in of a worker loads the admin's code cold: slow on a busy machine.
    { timeout: 60_000 },
  )
  await openAsStaff(page, '/admin/edit/about')
  await expect(editBarStatus(page)).toContainText('Editing', { timeout: 20_000 })
  // The picker lists the library once its rows have been read.
  await libraryRead
  return reopenPicker(page)
}

async function reopenPicker(page: Page) {
  const change = page
    .getByRole('region', { name: 'Club photos' })
    .getByRole('button', { name: /^Change image:/ })
    .first()
  await change.scrollIntoViewIfNeeded()
  await change.click()
  const picker = page.getByRole('dialog', { name: 'Choose an image' })
  await expect(picker).toBeVisible()
  return picker
}

/** Waits for the edit bar to say the last change is stored. */
async function saved(page: Page) {
  await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
}

/** The About page's first slide as a visitor with no session sees it, after a reload. */
async function asVisitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('/about')
  await page.reload()
  const slide = page.locator('.image-slider__slide').first()
  return { slide, close: () => context.close() }
}

// The picker's search and captions are one at every size: the upload from it runs at the
// phone's size too (its dialog and file chooser over the phone's edit bar).
describeSharedContent('image picker', () => {
  // An upload makes its thumbnails on the server (up to 16 s on a quiet two-core machine).
  test.describe.configure({ timeout: 60_000 })

  test('should upload a photo from the picker, place it, and find it again by its file name @phone', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['aboutContent'], async () => {
      const file = `dugout-${randomInt(100_000, 999_999)}.jpg`
      const bytes = await samplePhoto({ width: 1600, height: 900, seed: randomInt(1, 1_000_000) })
      const picker = await openPicker(page)

      // "Upload a photo" opens the device's file chooser, as a person would use it.
      const chooser = page.waitForEvent('filechooser')
      await picker.getByRole('button', { name: 'Upload a photo' }).click()
      await (await chooser).setFiles({ name: file, mimeType: 'image/jpeg', buffer: bytes })
      // Stored in the library, listed first by its file name and chosen.
      const uploaded = picker.getByRole('radio', { name: new RegExp(file.replace('.', '\\.')) })
      await expect(uploaded).toBeChecked({ timeout: 30_000 })
      await expect(picker.getByRole('button', { name: 'Upload a photo' })).toBeEnabled()
      // A new photo has no alt text yet: it cannot be used until it is written.
      const use = picker.getByRole('button', { name: 'Use this photo' })
      await expect(picker.getByLabel('Alt text (required)')).toHaveValue('')
      await expect(use).toBeDisabled()
      const alt = unique('The dugout before the first game')
      await picker.getByLabel('Alt text (required)').fill(alt)
      await use.click()
      await expect(picker).toHaveCount(0)
      await saved(page)

      await expect
        .poll(async () => (await readContent(backend.anon, 'aboutContent')).slider.images[0])
        .toMatchObject({
          alt,
          src: expect.stringMatching(/\/photo-library\/library\/.+\.jpg#widths=800,1600$/),
        })
      const visitor = await asVisitor(browser, baseURL)
      await expect(visitor.slide.locator('img')).toHaveAttribute('alt', alt, { timeout: 15_000 })
      // The upload made a medium copy, which the visitor's page offers beside the photo.
      await expect(visitor.slide.locator('img')).toHaveAttribute(
        'srcset',
        /-800w\.jpg 800w, .+\.jpg 1600w$/,
      )
      await visitor.close()

      // The library keeps the original file name: the picker's search finds the photo by it.
      const again = await reopenPicker(page)
      const search = again.getByRole('searchbox', { name: 'Search photos' })
      await search.fill(file.replace(/\.jpg$/, ''))
      await expect(again.getByRole('radio')).toHaveCount(1)
      await expect(
        again.getByRole('radio', { name: new RegExp(file.replace('.', '\\.')) }),
      ).toBeChecked()
      await expect(again.getByRole('status')).toHaveText('1 photo found')
      await search.fill(`no-such-photo-${randomInt(1000, 9999)}`)
      await expect(again.getByText('No photos match.')).toBeVisible()
      await expect(again.getByRole('radio')).toHaveCount(0)
      await again.getByRole('button', { name: 'Cancel' }).click()
      await expect(again).toHaveCount(0)
    })
  })

  test('should search the library by file name, alt text and caption', async ({
    page,
    backend,
  }) => {
    await restoringContent(backend, ['aboutContent'], async () => {
      const picker = await openPicker(page)
      const search = picker.getByRole('searchbox', { name: 'Search photos' })
      for (const words of [CAPTIONED.file, 'gloves in hand', CAPTIONED.caption.toLowerCase()]) {
        await search.fill(words)
        await expect(picker.getByRole('radio'), words).toHaveCount(1)
        await expect(picker.getByRole('radio', { name: new RegExp(CAPTIONED.file) })).toBeVisible()
      }
      // Emptied, the search lists the library again (both seeded photos among it).
      await search.fill('')
      await expect(picker.getByRole('radio', { name: new RegExp(UNCAPTIONED.file) })).toBeVisible()
      await expect(picker.getByRole('radio', { name: new RegExp(CAPTIONED.file) })).toBeVisible()
    })
  })

  test("should bring a swapped slider photo's own caption, and none from a photo without one", async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['aboutContent'], async ({ aboutContent }) => {
      const first = aboutContent.slider.images[0]!
      expect(first.caption).toBeTruthy()
      const picker = await openPicker(page)
      const caption = picker.getByLabel('Caption')
      const alt = picker.getByLabel('Alt text (required)')
      // The slide's own caption to start with.
      await expect(caption).toHaveValue(first.caption!)

      await picker.getByRole('radio', { name: new RegExp(UNCAPTIONED.file) }).check()
      await expect(caption).toHaveValue('')
      await expect(alt).toHaveValue(UNCAPTIONED.alt)
      await picker.getByRole('radio', { name: new RegExp(CAPTIONED.file) }).check()
      await expect(caption).toHaveValue(CAPTIONED.caption)
      await expect(alt).toHaveValue(CAPTIONED.alt)
      await picker.getByRole('button', { name: 'Use this photo' }).click()
      await expect(picker).toHaveCount(0)
      await saved(page)

      await expect
        .poll(async () => (await readContent(backend.anon, 'aboutContent')).slider.images[0])
        .toMatchObject({ alt: CAPTIONED.alt, caption: CAPTIONED.caption })
      // In place, the slide shows the new caption at once.
      await expect(
        page.getByRole('region', { name: 'Club photos' }).locator('figcaption').first(),
      ).toHaveText(CAPTIONED.caption)
      const visitor = await asVisitor(browser, baseURL)
      await expect(visitor.slide.locator('figcaption')).toHaveText(CAPTIONED.caption, {
        timeout: 15_000,
      })
      await expect(visitor.slide.locator('img')).toHaveAttribute('alt', CAPTIONED.alt)
      await visitor.close()

      // A photo without a caption takes the old one away (no stale caption under it).
      const again = await reopenPicker(page)
      await expect(again.getByLabel('Caption')).toHaveValue(CAPTIONED.caption)
      await again.getByRole('radio', { name: new RegExp(UNCAPTIONED.file) }).check()
      await expect(again.getByLabel('Caption')).toHaveValue('')
      await again.getByRole('button', { name: 'Use this photo' }).click()
      await expect(again).toHaveCount(0)
      await saved(page)
      await expect
        .poll(async () => (await readContent(backend.anon, 'aboutContent')).slider.images[0])
        .toMatchObject({ alt: UNCAPTIONED.alt })
      expect(
        (await readContent(backend.anon, 'aboutContent')).slider.images[0]?.caption,
      ).toBeUndefined()
    })
  })
})
