import type { Locator, Page } from '@playwright/test'

import type { NewsPost, RulesAndFaqContent } from '@club/core/entities'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import { describeSharedContent, expect, storeContent, test } from '../fixtures/test.ts'

const HOSTILE = `<img src=x onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=1</script><a href="javascript:window.__pwned=1">click</a><b>bold survives</b>`

describeSharedContent('hostile HTML stored in content', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'what is kept of stored HTML does not depend on the screen: desktop project only',
  )
  // Stored in the worker's own backend (the `stack` fixture), so no other test replaces it midway.
  test.beforeEach(async ({ backend }) => {
    const staff = await backend.staff()
    const post = DEFAULT_CONTENT.newsPosts[0] as NewsPost
    const hostilePost: NewsPost = {
      ...post,
      id: 'hostile-post',
      slug: 'hostile-post',
      title: `<img src=x onerror="window.__pwned=1">Hostile title`,
      showInCarousel: false,
      content: [
        {
          id: 'h-list',
          type: 'list',
          colorClass: '" onmouseover="window.__pwned=1',
          items: [HOSTILE, 'A safe item'],
        },
        { id: 'h-para', type: 'paragraph', colorClass: '', text: HOSTILE },
      ] as NewsPost['content'],
    }
    // First in the list, so the news page's first page of cards holds it.
    await storeContent(staff, 'newsPosts', [hostilePost, ...DEFAULT_CONTENT.newsPosts])
    const rules = DEFAULT_CONTENT.rulesAndFaqContent as RulesAndFaqContent
    await storeContent(staff, 'rulesAndFaqContent', {
      ...rules,
      weatherPolicy: {
        ...rules.weatherPolicy,
        sections: [
          ...rules.weatherPolicy.sections,
          {
            id: 'hostile-section',
            title: 'Hostile section',
            content: HOSTILE,
            link: 'javascript:window.__pwned=1',
            linkText: 'Bad link',
          },
        ],
      },
    })
  })

  /**
   * Each page, and what shows that the stored hostile document (not the sample one the
   * page may have been built with) has rendered there, before anything is judged inert.
   */
  const pages: [path: string, rendered: (page: Page) => Locator][] = [
    [
      '/news-and-updates/hostile-post',
      (page) => page.locator('main h1', { hasText: 'Hostile title' }),
    ],
    ['/weather-policy', (page) => page.locator('main').getByText('Hostile section').first()],
    ['/rules', (page) => page.locator('main').getByText('Hostile section').first()],
    [
      '/news-and-updates',
      (page) => page.locator('main a[href$="/news-and-updates/hostile-post"]').first(),
    ],
  ]
  for (const [path, rendered] of pages) {
    test(`should render it inert on ${path}`, async ({ page }) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto(path)
      // The stored hostile content arrives after hydration: wait until it is on the page.
      await expect(rendered(page)).toBeAttached({ timeout: 15_000 })
      await page.locator('main').hover()
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
      ).toBeUndefined()
      await expect(page.locator('main [onerror], main [onmouseover], main script')).toHaveCount(0)
      await expect(page.locator('main a[href^="javascript:"]')).toHaveCount(0)
      expect(dialogs).toEqual([])
    })
  }

  test('should keep the harmless markup and show the text', async ({ page }) => {
    await page.goto('/news-and-updates/hostile-post')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hostile title')
    await expect(page.locator('main b', { hasText: 'bold survives' }).first()).toBeVisible()
    await expect(page.getByText('A safe item')).toBeVisible()
  })
})
