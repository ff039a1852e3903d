import type { NewsPost, RulesAndFaqContent } from '@club/core/entities'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import { describeSharedContent, expect, storeContent, test } from '../fixtures/test.ts'

const HOSTILE = `<img src=x onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=1</script><a href="javascript:window.__pwned=1">click</a><b>bold survives</b>`

describeSharedContent('hostile HTML stored in content', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'what is kept of stored HTML does not depend on the screen: desktop project only',
  )
  // Stored while the test holds the shared-content lock, so no staff suite replaces it midway.
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
    await storeContent(staff, 'newsPosts', [...DEFAULT_CONTENT.newsPosts, hostilePost])
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

  for (const path of [
    '/news-and-updates/hostile-post',
    '/weather-policy',
    '/rules',
    '/news-and-updates',
  ]) {
    test(`should render it inert on ${path}`, async ({ page }) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await page.waitForTimeout(500) // stored content arrives after hydration
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
