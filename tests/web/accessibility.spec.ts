import { axeViolations, settled } from '../fixtures/axe.ts'
import { expect, PHONE_TAG, test } from '../fixtures/test.ts'

// Every public route is checked with axe where it is opened (routes.spec.ts, "every public
// route"); here, the pages outside the site's layout and the keyboard's way through.
const PATHS = ['/no-such-page', '/admin-login']

test.describe('accessibility (axe-core, WCAG 2.2 A and AA)', { tag: PHONE_TAG }, () => {
  // Every other check here expects an empty list, which a misconfigured run would give too.
  test('should name each WCAG violation and its element, and no rule outside WCAG', async ({
    page,
  }) => {
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Axe check</title></head><body>' +
        '<main><h1>Title</h1><img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<a id="empty-link" href="/x"></a></main>' +
        // Outside every landmark: axe's best-practice `region` rule, which WCAG does not have.
        '<p>Loose text</p></body></html>',
    )
    const found = await axeViolations(page)
    expect(found).toEqual([
      expect.stringMatching(/^image-alt: #no-alt \(/),
      expect.stringMatching(/^link-name: #empty-link \(/),
    ])
  })

  for (const path of PATHS) {
    test(`should find no violations on ${path}`, async ({ page }) => {
      await page.goto(path)
      // /admin-login is drawn in the browser, by the signed-in area's code: on a busy machine
      // that takes longer than a prerendered page's heading.
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('contentinfo').or(page.locator('form')).first()).toBeVisible()
      await settled(page)
      expect(await axeViolations(page)).toEqual([])
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
