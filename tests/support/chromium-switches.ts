import { existsSync } from 'node:fs'

import { chromium } from '@playwright/test'

const FULL_BROWSER = '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

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
export const executablePath = process.env.CHROMIUM_PATH ?? testBrowserPath()

/**
 * The full browser, for the few suites about what only it has (installing the site as an app).
 */
export const fullBrowserPath = process.env.CHROMIUM_PATH ?? FULL_BROWSER

/**
 * Debian's `chromium-headless-shell` when it is installed (the bootstrap installs it beside
 * `chromium`), else the full browser. The shell is the same Chromium (Blink, V8, the network
 * stack, DevTools) without the browser's windows and interface: what Playwright itself runs for
 * headless tests. On this 2-core machine it took a fifth less CPU for the same suites (179 s
 * against 139 s for 59 tests of admin-inplace-lists and site-chrome).
 */
function testBrowserPath(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER
}

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
