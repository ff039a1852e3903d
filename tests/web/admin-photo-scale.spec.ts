import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { signIn } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'
import { expect, test as base } from '../fixtures/test.ts'
import { compiledSite } from '../support/compiled-site.ts'
import { photoSeedSql, storeSeedFiles } from '../support/photo-library-seed.ts'
import { startSiteStack } from '../support/site-stack.ts'
import type { SiteStack } from '../support/site-stack.ts'

// The browser photo library at club scale: 20,000 photos stored as rows in a backend of this
// worker's own (seeded in the database, as a migration or bulk upload would leave them:
// `tests/support/photo-library-seed.ts`). The rows share six real image files, so the grid
// shows real pictures; three rows name a file that is not stored, which the grid shows as
// "Image file missing". How fast the first page shows is `pnpm bench:photos`'s to print
// (figures, not a timed test); this checks what the screen does at that size.

const PHOTOS = 20_000
/** Every 7th photo has no alt text yet; every 50th has a drafted one. */
const needsAlt = (n: number) => n % 7 === 0 || n % 50 === 3
/** Photos whose name says "tournament-2019": 40 of them. */
const TOURNAMENT = (n: number) => n % 500 === 11
/** Photos with "shortstop" in their alt text. */
const SHORTSTOP = (n: number) => n % 1000 === 5 && n % 7 !== 0
const MISSING = [1, 2, 3].map((k) => PHOTOS - k * 97)

const expected = (test: (n: number) => boolean) =>
  Array.from({ length: PHOTOS }, (_, n) => n).filter(test).length

/** Six real files through the service role, and the 20,000 rows. */
async function seedLibrary(stack: SiteStack): Promise<number> {
  const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  await storeSeedFiles(service)
  const before = await service.from('photos').select('id', { count: 'exact', head: true })
  const started = performance.now()
  await stack.sql(photoSeedSql(0, PHOTOS, MISSING))
  const { count } = await service.from('photos').select('id', { count: 'exact', head: true })
  // The seed's own sample photos, and ours.
  expect(count).toBe((before.count ?? 0) + PHOTOS)
  console.log(
    `[photo scale] ${PHOTOS} rows stored in ${Math.round(performance.now() - started)} ms`,
  )
  return count ?? 0
}

const test = base.extend<{ stored: number }, { library: { stack: SiteStack; stored: number } }>({
  library: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startSiteStack(compiledSite())
      const stored = await seedLibrary(stack)
      await use({ stack, stored })
      await stack.stop()
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  stack: async ({ library }, use) => {
    await use(library.stack)
  },
  /** How many photos the library holds. */
  stored: async ({ library }, use) => {
    await use(library.stored)
  },
})

const grid = (page: Page) => page.getByRole('grid', { name: 'Photos' })
const count = (page: Page) => page.locator('.photo-library__count[role=status]')
const cellNamed = (page: Page, name: string) =>
  grid(page).getByRole('gridcell').filter({ hasText: name })

/** Goes to the library from the sidebar, as staff would, and waits for its first photos. */
async function openLibrary(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click()
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Photo library' })
    .click()
  await expect(grid(page).getByRole('gridcell').first().locator('.photo-grid__name')).toBeVisible({
    timeout: 20_000,
  })
}

test.describe('photo library at 20,000 photos', () => {
  // One stack per project: its tests share the seeded backend, one after another.
  test.describe.configure({ mode: 'serial', timeout: 120_000 })

  test('should show the first page from the sidebar, scroll to the last photo, and pass axe @phone', async ({
    page,
    isMobile,
    stored,
  }) => {
    await signIn(page)
    await openLibrary(page, isMobile)
    await expect(count(page)).toHaveText(`${stored.toLocaleString('en-US')} photos in the library`)
    // Only the rows in view are in the page.
    const rendered = await grid(page).getByRole('gridcell').count()
    expect(rendered).toBeGreaterThan(0)
    expect(rendered).toBeLessThan(150)
    // From the keyboard to the very last photo (read from the server by range).
    const first = grid(page).getByRole('gridcell').first()
    await first.focus()
    await page.keyboard.press('ArrowRight')
    await expect(grid(page).getByRole('gridcell').nth(1)).toBeFocused()
    await page.keyboard.press('Control+End')
    const last = cellNamed(page, 'IMG_00000.jpg')
    await expect(last).toBeFocused({ timeout: 15_000 })
    await expect(last).toBeInViewport()
    expect(await grid(page).getByRole('gridcell').count()).toBeLessThan(150)
    await page.keyboard.press('Control+Home')
    await expect(grid(page).getByRole('gridcell').first()).toBeFocused({ timeout: 15_000 })

    expect(await axeViolations(page)).toEqual([])
    // A photo whose file is not stored says so instead of showing a broken image.
    await page.getByLabel('Search').fill('missing-file')
    await expect(count(page)).toHaveText('3 photos match')
    await expect(grid(page).getByText('Image file missing')).toHaveCount(3)
  })

  test('should search by file name, alt text, album and date, and filter those needing alt text', async ({
    page,
    stored,
  }) => {
    await signIn(page, undefined, '/admin/photo-library')
    await expect(count(page)).toHaveText(`${stored.toLocaleString('en-US')} photos in the library`)
    // Newest first (the seed's own samples, uploaded today, then ours).
    await page.getByLabel('Search').fill('IMG_')
    await expect(grid(page).getByRole('gridcell').first()).toContainText('IMG_19999.jpg')

    const search = page.getByLabel('Search')
    await search.fill('tournament-2019')
    await expect(count(page)).toHaveText(`${expected(TOURNAMENT)} photos match`)
    await expect(grid(page).getByRole('gridcell').first()).toContainText('tournament-2019-')

    await search.fill('shortstop')
    await expect(count(page)).toHaveText(`${expected(SHORTSTOP)} photos match`)

    await search.fill('Picture Day')
    await expect(count(page)).toHaveText(
      `${expected((n) => n % 10 === 2).toLocaleString('en-US')} photos match`,
    )

    await search.fill('')
    await page.getByLabel('From', { exact: true }).fill('2005-01-01')
    await page.getByLabel('To', { exact: true }).fill('2005-01-02')
    // Photos are 9 hours apart from 2005-01-01 00:00 UTC: 0, 9, 18, 27, 36, 45 hours.
    await expect(count(page)).toHaveText('6 photos match')
    await page.getByLabel('From', { exact: true }).fill('')
    await page.getByLabel('To', { exact: true }).fill('')

    await page.getByLabel('Needs alt text').check()
    await expect(count(page)).toHaveText(
      `${expected(needsAlt).toLocaleString('en-US')} photos match`,
    )
    const cells = grid(page).getByRole('gridcell')
    const shown = await cells.count()
    for (let index = 0; index < Math.min(shown, 12); index++) {
      await expect(cells.nth(index)).toContainText('Needs alt text')
    }
    expect(await axeViolations(page)).toEqual([])
  })

  test('should move many selected photos to a new album', async ({ page, backend }) => {
    await signIn(page, undefined, '/admin/photo-library')
    await page.getByLabel('Search').fill('tournament-2019')
    await expect(count(page)).toHaveText(`${expected(TOURNAMENT)} photos match`)
    const cells = grid(page).getByRole('gridcell')
    // The round box selects; Shift selects everything up to the one chosen before.
    await cells.nth(0).locator('.photo-grid__check').click()
    await cells
      .nth(4)
      .locator('.photo-grid__check')
      .click({ modifiers: ['Shift'] })
    // And from the keyboard: Space on the sixth.
    await cells.nth(5).focus()
    await page.keyboard.press('Space')
    await expect(page.getByText('6 photos selected')).toBeVisible()
    for (let index = 0; index < 6; index++) {
      await expect(cells.nth(index)).toHaveAttribute('aria-selected', 'true')
    }
    const names = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((index) => cells.nth(index).locator('.photo-grid__name').innerText()),
    )
    await page.getByLabel('Move to album').selectOption({ label: 'New album…' })
    await page.getByLabel('New album title').fill('Regional finals')
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    await expect(page.getByText('Moved 6 photos to Regional finals.')).toBeVisible()

    const staff = await backend.staff()
    const album = await staff.from('photo_albums').select('id').eq('title', 'Regional finals')
    expect(album.data).toHaveLength(1)
    const moved = await staff.from('photos').select('album_id').in('file_name', names)
    expect(moved.data?.map((photo) => photo.album_id)).toEqual(Array(6).fill(album.data?.[0]?.id))
    // The album is searchable at once.
    await page.getByLabel('Search').fill('Regional finals')
    await expect(count(page)).toHaveText('6 photos match')
  })
})
