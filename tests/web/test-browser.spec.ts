import { expect, test } from '../fixtures/test.ts'
import { UNSHOWN_BROWSER_UI_FEATURES } from '../support/chromium-switches.ts'

// The browser the suites drive (tests/support/chromium-switches.ts): no renderer for browser
// interface a headless window never shows, and Playwright's own switched-off features kept.
test.describe('the test browser', () => {
  test('should run no address-bar popup, and keep the features Playwright switches off', async ({
    page,
    browser,
  }) => {
    await page.goto('/')
    const cdp = await browser.newBrowserCDPSession()
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] })
    // The page itself is there: the list is the browser's whole list.
    expect(targetInfos.some((target) => target.type === 'page')).toBe(true)
    expect(targetInfos.filter((target) => target.url.includes('.top-chrome'))).toEqual([])
    const disabled = (process.env.CLUB_CHROMIUM_DISABLED_FEATURES ?? '').split(',')
    for (const feature of UNSHOWN_BROWSER_UI_FEATURES) expect(disabled).toContain(feature)
    // Two of Playwright's own (its list changes with its versions; these two it has long had).
    expect(disabled).toEqual(expect.arrayContaining(['PaintHolding', 'MediaRouter']))
  })
})
