import type { Browser, Locator, Page } from '@playwright/test'

import {
  expect,
  PHONE_TAG,
  readContent,
  restoringContent,
  test,
  describeSharedContent,
} from '../fixtures/test.ts'
import { editBarStatus, openAsStaff, pickUpWithKeyboard } from '../fixtures/admin-session.ts'
import { axeViolations, settled } from '../fixtures/axe.ts'

// In-place editing of the lists (FAQ items, college commitments, article blocks, roster
// entries, slider images, tryout teams and dates) and of the key families no other suite edits
// in place (home content, legacy stats, clinics, program cards, fields): each change is made
// through the page in edit mode and then seen by an anonymous visitor, in a browser context of
// their own, after a reload. Every test puts the documents it changed back as they were, so the
// other suites sharing the backend see the sample content.

/** Opens the page at `path` in edit mode as the seeded staff user. */
async function editPage(page: Page, path: string) {
  await openAsStaff(page, path)
  await expect(editBarStatus(page)).toContainText('Editing', { timeout: 20_000 })
}

/** Waits for the edit bar to say the last change is stored. */
async function saved(page: Page) {
  await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
}

/** Words no other test writes, so what a visitor sees can only come from this run. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** Types `text` into an editable text in place, as a person would, and waits for the save. */
async function typeInPlace(page: Page, field: Locator, text: string) {
  await field.scrollIntoViewIfNeeded()
  await field.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await saved(page)
}

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
    await expect(visitor.locator('[contenteditable], [data-edit-key]')).toHaveCount(0)
  } finally {
    await context.close()
  }
}

/**
 * Moves the item whose drag handle is `handle` one place back with the keyboard alone, as a
 * screen reader user would: Space picks it up (the handle is then pressed), the arrow
 * towards the item before it moves it over that item (at `toPosition`, counted from 1), and
 * Space drops it there.
 */
async function dragBackOnePlace(
  page: Page,
  handle: Locator,
  previous: Locator,
  toPosition: number,
) {
  const [from, to] = await Promise.all([handle.boundingBox(), previous.boundingBox()])
  const back = from && to && Math.abs(from.y - to.y) < 8 ? 'ArrowLeft' : 'ArrowUp'
  const announced = (text: string) => page.getByRole('status').filter({ hasText: text })
  await handle.scrollIntoViewIfNeeded()
  await pickUpWithKeyboard(page, handle)
  await page.keyboard.press(back)
  await expect(announced(`Over position ${toPosition}.`)).toBeAttached()
  await page.keyboard.press('Space')
}

describeSharedContent('in-place lists', () => {
  test('should reorder FAQ questions from the keyboard alone and add one to a group', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['rulesAndFaqContent'], async ({ rulesAndFaqContent }) => {
      const groupOf = rulesAndFaqContent.faq.items[0]?.category ?? 'general'
      const inGroup = rulesAndFaqContent.faq.items.filter((item) => item.category === groupOf)
      const [first, second] = inGroup as [(typeof inGroup)[0], (typeof inGroup)[0]]
      await editPage(page, '/admin/edit/rules')

      await dragBackOnePlace(
        page,
        page.getByRole('button', { name: `Drag ${second.question}` }),
        page.getByRole('button', { name: `Drag ${first.question}` }),
        1,
      )
      await expect(
        page.getByRole('status').filter({ hasText: `Moved ${second.question} to position 1` }),
      ).toBeAttached()
      await saved(page)

      const group = page.locator('.faq__group').first()
      await group.getByRole('button', { name: 'Add to faq items' }).click()
      await saved(page)
      const question = unique('Can siblings share a carpool to tryouts')
      await typeInPlace(
        page,
        group.getByRole('textbox', { name: /^Edit faq items item \d+ question$/ }).last(),
        question,
      )
      await expect
        .poll(async () => (await readContent(backend.anon, 'rulesAndFaqContent')).faq.items.at(-1))
        .toMatchObject({ question, category: groupOf })

      await asVisitor(browser, baseURL, '/rules', async (visitor) => {
        const questions = visitor.locator('.faq__group').first().locator('summary')
        await expect(questions.first()).toHaveText(second.question, { timeout: 15_000 })
        await expect(questions.nth(1)).toHaveText(first.question)
        await expect(questions.last()).toHaveText(question)
      })
    })
  })

  test('should add a college commitment on the alumni page', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['alumni'], async () => {
      await editPage(page, '/admin/edit/alumni')
      const commits = page.getByRole('region', { name: 'College commitments' })
      await commits.getByRole('button', { name: 'Add to college commits' }).click()
      await saved(page)
      const name = unique('Jordan Alvarez')
      await typeInPlace(
        page,
        commits.getByRole('textbox', { name: /^Edit college commits item \d+ name$/ }).last(),
        name,
      )
      await asVisitor(browser, baseURL, '/alumni', async (visitor) => {
        const region = visitor.getByRole('region', { name: 'College commitments' })
        await expect(region.locator('.alumni-commit__name').last()).toHaveText(name, {
          timeout: 15_000,
        })
      })
    })
  })

  test('should add a paragraph to a news article and move it up', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const slug = 'spring-registration-is-open'
    await restoringContent(backend, ['newsPosts'], async ({ newsPosts }) => {
      const post = newsPosts.find((p) => p.slug === slug)!
      await editPage(page, `/admin/edit/news-and-updates/${slug}`)
      await page.getByRole('button', { name: /^Add to news post content$/ }).click()
      await saved(page)
      const text = unique('Bring a water bottle and a glove to every practice.')
      const body = page.locator('.article__body')
      await typeInPlace(
        page,
        body.getByRole('textbox', { name: /^Edit news post content item \d+ text$/ }).last(),
        text,
      )
      const count = post.content.length + 1
      await page
        .getByRole('button', { name: new RegExp(`^Move Paragraph ${count}: .* up$`) })
        .click()
      await saved(page)

      await asVisitor(browser, baseURL, `/news-and-updates/${slug}`, async (visitor) => {
        const blocks = visitor.locator('.article__body > *')
        await expect(blocks).toHaveCount(count, { timeout: 15_000 })
        await expect(blocks.nth(count - 2)).toHaveText(text)
      })
    })
  })

  test('should add a player to a team roster', async ({ page, browser, baseURL, backend }) => {
    await restoringContent(backend, ['teams'], async () => {
      await editPage(page, '/admin/edit/team/select-13u')
      await page.getByRole('button', { name: 'Add to select-13u roster' }).click()
      await saved(page)
      const name = unique('Riley Okafor')
      await typeInPlace(
        page,
        page.getByRole('textbox', { name: /^Edit select-13u roster item \d+ name$/ }).last(),
        name,
      )
      await asVisitor(browser, baseURL, '/team/select-13u', async (visitor) => {
        const row = visitor.getByRole('row', { name: new RegExp(name) })
        await expect(row).toBeVisible({ timeout: 15_000 })
      })
    })
  })

  test('should move an About photo first from the keyboard alone', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['aboutContent'], async ({ aboutContent }) => {
      const [first, second] = aboutContent.slider.images
      await editPage(page, '/admin/edit/about')
      const slider = page.getByRole('region', { name: 'Club photos' })
      // Edit mode shows every slide, not only the current one.
      await expect(slider.locator('figure')).toHaveCount(aboutContent.slider.images.length)
      for (const figure of await slider.locator('figure').all()) await expect(figure).toBeVisible()

      await dragBackOnePlace(
        page,
        slider.getByRole('button', { name: `Drag Photo 2: ${second?.alt}` }),
        slider.getByRole('button', { name: `Drag Photo 1: ${first?.alt}` }),
        1,
      )
      await saved(page)
      await expect
        .poll(async () => (await readContent(backend.anon, 'aboutContent')).slider.images[0]?.id)
        .toBe(second?.id)

      await asVisitor(browser, baseURL, '/about', async (visitor) => {
        const shown = visitor.locator('.image-slider__slide:not([hidden]) img')
        await expect(shown).toHaveAttribute('alt', second?.alt ?? '', { timeout: 15_000 })
        await expect(visitor.locator('.image-slider__slide')).toHaveCount(
          aboutContent.slider.images.length,
        )
      })
    })
  })

  test('should add a tryout date and move a tryout team', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['programsContent'], async ({ programsContent }) => {
      const [first, second] = programsContent.select.tryouts!.teams
      await editPage(page, '/admin/edit/programs/select')
      await page.getByRole('button', { name: 'Add to select tryouts teams item 2 dates' }).click()
      await saved(page)
      const date = unique('Sunday, August 15, 2027, 10:00 AM')
      await typeInPlace(
        page,
        page
          .getByRole('textbox', { name: /^Edit select tryouts teams item 2 dates item \d+$/ })
          .last(),
        date,
      )
      await page.getByRole('button', { name: `Move ${first?.name} down` }).click()
      await saved(page)

      await asVisitor(browser, baseURL, '/programs/select', async (visitor) => {
        const teams = visitor.locator('.program-tryouts__team')
        await expect(teams.first().getByRole('heading')).toHaveText(second?.name ?? '', {
          timeout: 15_000,
        })
        await expect(teams.nth(1).getByRole('heading')).toHaveText(first?.name ?? '')
        await expect(teams.first().locator('.program-tryouts__dates li').last()).toHaveText(date)
      })
    })
  })
})

describeSharedContent('key families typed in place', () => {
  test('should show home’s hero subtitle typed in place (home content)', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['content'], async () => {
      const subtitle = unique('Neighbourhood baseball and softball for every family')
      await editPage(page, '/admin/edit')
      await typeInPlace(page, page.getByRole('textbox', { name: 'Edit hero subtitle' }), subtitle)
      await asVisitor(browser, baseURL, '/', async (visitor) => {
        await expect(visitor.getByText(subtitle, { exact: true })).toBeVisible({ timeout: 15_000 })
      })
    })
  })

  test('should show a legacy figure’s label typed in place (legacy stats)', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['legacyStats'], async () => {
      const label = unique('Seasons on our fields')
      await editPage(page, '/admin/edit')
      await typeInPlace(
        page,
        page.getByRole('textbox', { name: 'Edit legacy stats item 1 label' }),
        label,
      )
      await asVisitor(browser, baseURL, '/', async (visitor) => {
        await expect(visitor.locator('.home-stat__label').first()).toHaveText(label, {
          timeout: 15_000,
        })
      })
    })
  })

  test('should show a clinic’s times typed in place (clinics)', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['clinics'], async () => {
      const times = unique('9:00 AM to noon')
      await editPage(page, '/admin/edit/camps-events')
      const field = page.getByRole('textbox', { name: /^Edit clinics item \d+ times$/ }).first()
      await typeInPlace(page, field, times)
      await asVisitor(browser, baseURL, '/camps-events', async (visitor) => {
        await expect(visitor.locator('.event-facts dd', { hasText: times })).toBeVisible({
          timeout: 15_000,
        })
      })
    })
  })

  test('should show a program card’s tagline typed in place (program cards)', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['programCards'], async () => {
      const tagline = unique('First swings, first friends')
      await editPage(page, '/admin/edit/programs')
      await typeInPlace(
        page,
        page.getByRole('textbox', { name: 'Edit program cards item 1 tagline' }),
        tagline,
      )
      await asVisitor(browser, baseURL, '/programs', async (visitor) => {
        await expect(visitor.getByText(tagline, { exact: true })).toBeVisible({ timeout: 15_000 })
      })
    })
  })

  test('should show a field’s address typed in place (fields)', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    await restoringContent(backend, ['fieldsContent'], async () => {
      const address = unique('4400 Ballpark Lane, Rockville')
      await editPage(page, '/admin/edit/fields')
      await typeInPlace(
        page,
        page.getByRole('textbox', { name: 'Edit fields item 1 address' }),
        address,
      )
      await asVisitor(browser, baseURL, '/fields', async (visitor) => {
        await expect(visitor.locator('.fields-list__address').first()).toHaveText(address, {
          timeout: 15_000,
        })
      })
    })
  })
})

test.describe('in-place lists at the page’s width', { tag: PHONE_TAG }, () => {
  const PAGES = [
    ['/admin/edit/rules', 'Drag '],
    ['/admin/edit/alumni', 'Add to college commits'],
    ['/admin/edit/news-and-updates/spring-registration-is-open', 'Add to news post content'],
    ['/admin/edit/team/select-13u', 'Add to select-13u roster'],
    ['/admin/edit/about', 'Add to slider images'],
    ['/admin/edit/programs/select', 'Add to select tryouts teams'],
  ] as const

  for (const [path, control] of PAGES) {
    // In the worker's warm context, signed in once (see warmPage): opening edit mode saves nothing.
    test(`should give ${path} list controls that fit the page and pass axe`, async ({
      warmPage: page,
    }) => {
      await editPage(page, path)
      await expect(page.getByRole('button', { name: control }).first()).toBeVisible()
      // Nothing wider than the screen: the controls wrap rather than push the page sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await settled(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
