import { chromium } from '@playwright/test'

/**
 * Chromium as the suites launch it: Debian's build (never a downloaded browser), with the
 * switches below.
 *
 * Chromium 156 gives every browser window, so every Playwright context, two renderers of its
 * own for the address bar's WebUI popups (`chrome://omnibox-popup.top-chrome/` and its AI-mode
 * page), although a headless window has no address bar to show them in: about 0.17 s of CPU
 * per context on this 2-core machine (0.35 s with them against 0.18 s without, 15 contexts
 * measured), so a sixth of a minute per hundred tests. They are switched off.
 *
 * `--disable-features` counts once (the last one given wins), and Playwright gives its own
 * list, so ours must carry Playwright's too: the global setup reads the list this Playwright
 * gives this Chromium (`readDisabledFeatures`) and hands it to the workers in
 * CLUB_CHROMIUM_DISABLED_FEATURES, with ours added.
 */
export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Features of the browser's own interface that a headless test window never shows. */
export const UNSHOWN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

export const BASE_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The switches the workers launch Chromium with (see above). */
export function chromiumSwitches(): string[] {
  const disabled = process.env.CLUB_CHROMIUM_DISABLED_FEATURES
  return disabled ? [...BASE_SWITCHES, `--disable-features=${disabled}`] : BASE_SWITCHES
}

/**
 * The features Playwright disables when it launches this Chromium, read from the browser's
 * own command line, with UNSHOWN_BROWSER_UI_FEATURES added.
 */
export async function readDisabledFeatures(): Promise<string> {
  // The browser tells its command line only to a client that says it automates it.
  const browser = await chromium.launch({
    executablePath,
    args: [...BASE_SWITCHES, '--enable-automation'],
  })
  try {
    const cdp = await browser.newBrowserCDPSession()
    const { arguments: args } = await cdp.send('Browser.getBrowserCommandLine')
    const given = args.findLast((arg) => arg.startsWith('--disable-features='))
    const theirs = given?.slice('--disable-features='.length).split(',').filter(Boolean) ?? []
    return [...new Set([...theirs, ...UNSHOWN_BROWSER_UI_FEATURES])].join(',')
  } finally {
    await browser.close()
  }
}
