import AxeBuilder from '@axe-core/playwright'

import { PUBLIC_ROUTES } from '../fixtures/routes.ts'
import { expect, test } from '../fixtures/test.ts'

/** WCAG 2.2 A and AA, with the 2.0 and 2.1 rules they include. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const PATHS = [...PUBLIC_ROUTES.map((route) => route.path), '/no-such-page', '/admin-login']

test.describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  // axe walks every node: the long pages (/teams holds every roster) take a while on a busy CI.
  test.describe.configure({ timeout: 60_000 })

  for (const path of PATHS) {
    test(`should find no violations on ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('h1').first()).toBeVisible()
      await expect(page.getByRole('contentinfo').or(page.locator('form')).first()).toBeVisible()
      // Judge the page as it settles: time-sensitive parts released (they fade in over
      // 0.2 s once the content read answers), not mid-fade.
      await page.waitForFunction(
        () =>
          !document.querySelector('[data-held]') &&
          document.getAnimations().every((a) => !(a instanceof CSSTransition)),
      )
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze()
      const summary = violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      )
      expect(summary).toEqual([])
    })
  }

  test('should let a keyboard reach the content and show where focus is', async ({ page }) => {
    await page.goto('/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    // Every link and control along the way shows a visible focus indicator.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return 'none'
        const style = getComputedStyle(el)
        return style.outlineStyle === 'none' || style.outlineWidth === '0px'
          ? 'none'
          : style.outlineStyle
      })
      expect(outline).not.toBe('none')
    }
  })
})
