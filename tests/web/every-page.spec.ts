import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import type { Page } from '@playwright/test'

import { signIn } from '../fixtures/admin-session.ts'
import { axeViolations, settled } from '../fixtures/axe.ts'
import { ADMIN_SCREENS, PUBLIC_ROUTES } from '../fixtures/routes.ts'
import { expect, test } from '../fixtures/test.ts'

// Every public route and every admin screen, each loaded once and judged whole:
//
// 1. It shows: its main heading, the header and footer, and no script error.
// 2. axe-core (WCAG 2.2 A and AA) finds nothing, at 1280 px and at 390 px. The site's layout
//    depends on the width alone (no pointer or hover media queries, no script that asks for
//    touch), so the phone's layout is judged here in the same page, not loaded again by the
//    phone project.
// 3. Every line of text fits the screen on purpose, whatever the typeface: at 320 and 390 px,
//    with the root font at 100% and at 200%, in the site's own typeface (Inter, shipped by
//    @club/core) and in a very wide one that this suite ships (Lexend Zetta), so that no
//    machine's fonts decide. Nothing runs past the screen's edge but inside a box that scrolls
//    sideways on purpose (a wide table), the header's club name never runs under its Menu
//    button, and no text is cut by a box that hides its overflow, but where the box ends it
//    with an ellipsis on purpose (and never the club name or an alert's status, title or date).
//
// The width and the text size change in place. Sizes are set explicitly, so the suite runs in
// the desktop project only.

const DESKTOP_WIDTH = 1280
const PHONE_WIDTH = 390
const WIDTHS = [390, 320] as const
const TEXT_SIZES = ['100%', '200%'] as const
const HEIGHT = 844

/** The face the site ships (theme.css), as its stylesheet names it. */
const SHIPPED_FAMILY = 'Inter'
/** A very wide face, from this suite, never from the machine (see WIDE_STYLE). */
const WIDE_FAMILY = 'Text Fit Wide'

/** Lexend Zetta's latin files as data: URLs, one per weight range the site uses (faces only). */
const WIDE_STYLE = (() => {
  const require = createRequire(import.meta.url)
  const face = (weight: number, range: string) => {
    const file = require.resolve(
      `@fontsource/lexend-zetta/files/lexend-zetta-latin-${weight}-normal.woff2`,
    )
    const data = readFileSync(file).toString('base64')
    return `@font-face { font-family: '${WIDE_FAMILY}'; font-weight: ${range}; src: url(data:font/woff2;base64,${data}) format('woff2'); }`
  }
  return [face(400, '100 549'), face(700, '550 749'), face(900, '750 900')].join('\n')
})()

/** What puts the wide face in the site's stead, in a style of its own that is switched on and off. */
const WIDE_SWITCH_STYLE = `:root { --font-sans: '${WIDE_FAMILY}', monospace !important; --font-display: '${WIDE_FAMILY}', monospace !important; }`

/** What must be read whole: never cut, never ended with an ellipsis. */
const WHOLE = [
  '.site-header__name',
  '.site-menu__button',
  '.alert__status',
  '.alert__title',
  '.alert__posted',
  '.alerts-bar__toggle',
  '.alerts-bar__all',
  '.admin-topbar__toggle',
]

/** Pairs that sit side by side in a bar and must never overlap. */
const APART: [string, string][] = [
  ['.site-header__brand', '.site-menu__button'],
  ['.site-header__name', '.site-menu__button'],
  ['.admin-topbar__toggle', '.admin-topbar__who'],
  ['.admin-topbar__who', '.admin-topbar > .btn:last-child'],
]

/** Two animation frames: what answers a resize (observers, media queries in script) has run. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )

/** A text size and face to lay the page out in, at the viewport's width. */
type Layout = { size: (typeof TEXT_SIZES)[number]; wide: boolean; label: string }

/** The id of the style that puts the wide face in the site's stead (see measureEverySize). */
const WIDE_SWITCH = 'text-fit-wide-switch'

/**
 * What does not fit in the page, laid out in each of `layouts` in turn at the viewport's
 * `width`: one line per problem, each prefixed with its layout's label. Boxes and lines of
 * text count, since a long word can run out of a box that itself fits. One evaluate per width:
 * the text size and face change in the page, each followed by two animation frames, so that
 * what answers a change (observers, media queries in script) has run before it is measured.
 */
function problemsIn(page: Page, width: number, layouts: Layout[]): Promise<string[]> {
  return page.evaluate(
    async ({ w, whole, apart, layouts, wideSwitch }) => {
      /** What does not fit in the page as it is laid out now. */
      const problemsAt = (): string[] => {
        const problems: string[] = []
        const px = (n: number) => `${Math.round(n)} px`
        const name = (el: Element) =>
          el.tagName.toLowerCase() +
          (el.id ? `#${el.id}` : '') +
          [...el.classList]
            .slice(0, 2)
            .map((c) => `.${c}`)
            .join('')
        /** A box hidden from sight but not from assistive technology (.visually-hidden). */
        const tiny = (el: Element) => {
          const box = el.getBoundingClientRect()
          return box.width <= 2 || box.height <= 2
        }
        /**
         * What an element's descendants are inside of, worked out once per element: the boxes
         * that clip them (inside the nearest that scrolls), whether one scrolls or clips at all,
         * whether one is a hidden-from-sight box, and whether one must be read whole.
         */
        type Inside = {
          clippers: Element[]
          contained: boolean
          scrolled: boolean
          hiddenFromSight: boolean
          whole: boolean
        }
        const outside: Inside = {
          clippers: [],
          contained: false,
          scrolled: false,
          hiddenFromSight: false,
          whole: false,
        }
        const memo = new Map<Element, Inside>()
        const insideOf = (el: Element | null): Inside => {
          if (!el || el === document.body || el === document.documentElement) return outside
          const known = memo.get(el)
          if (known) return known
          const up = insideOf(el.parentElement)
          const overflow = getComputedStyle(el).overflowX
          const clips = overflow === 'hidden' || overflow === 'clip'
          const scrolls = overflow === 'auto' || overflow === 'scroll'
          const inside: Inside = {
            // A box that scrolls shows all it holds: only the clipping boxes inside it count.
            clippers: scrolls ? [] : clips ? [...up.clippers, el] : up.clippers,
            contained: up.contained || clips || scrolls,
            scrolled: up.scrolled || scrolls,
            hiddenFromSight: up.hiddenFromSight || (clips && tiny(el)),
            whole: up.whole || whole.some((selector) => el.matches(selector)),
          }
          memo.set(el, inside)
          return inside
        }

        // 1. The document does not scroll sideways.
        const scrollWidth = document.documentElement.scrollWidth
        if (scrollWidth > w) problems.push(`the page scrolls sideways by ${px(scrollWidth - w)}`)

        // 2. No box past the screen's edge, but inside a box that scrolls or clips on its own
        // (what a clipping box cuts off is judged with the text below).
        const past = new Map<string, number>()
        const note = (what: string, right: number) =>
          past.set(what, Math.max(past.get(what) ?? 0, right - w))
        for (const el of document.querySelectorAll('body *')) {
          const box = el.getBoundingClientRect()
          if (box.width === 0 || box.height === 0 || box.right <= w + 0.5) continue
          if (insideOf(el.parentElement).contained) continue
          if (getComputedStyle(el).visibility === 'hidden') continue
          note(name(el), box.right)
        }

        // 3. No line of text past the screen's edge, and none cut by a box that hides its
        // overflow, unless the box ends it with an ellipsis on purpose (not what must be whole).
        const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        const range = document.createRange()
        const cut = new Map<string, number>()
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          const parent = text.parentElement
          const words = text.textContent?.trim()
          if (!parent || !words) continue
          const inside = insideOf(parent)
          if (inside.hiddenFromSight || (inside.scrolled && inside.clippers.length === 0)) continue
          range.selectNodeContents(text)
          const lines = [...range.getClientRects()].filter((r) => r.width > 0)
          if (lines.length === 0 || getComputedStyle(parent).visibility === 'hidden') continue
          const label = `${name(parent)} “${words.slice(0, 40)}”`
          // From the innermost clipping box out, each line as far as it is seen: a box that ends
          // its text with an ellipsis shows what fits and no more, one that cuts does not.
          const seen = lines.map((line) => ({ left: line.left, right: line.right }))
          for (const clipper of [...inside.clippers].reverse()) {
            const style = getComputedStyle(clipper)
            const onPurpose =
              !inside.whole &&
              (style.textOverflow === 'ellipsis' ||
                style.getPropertyValue('-webkit-line-clamp') !== 'none')
            const box = clipper.getBoundingClientRect()
            const left = box.left + clipper.clientLeft
            const right = left + clipper.clientWidth
            for (const line of seen) {
              const by = Math.max(line.right - right, left - line.left)
              if (by > 0.5 && !onPurpose) cut.set(label, Math.max(cut.get(label) ?? 0, by))
              line.left = Math.max(line.left, left)
              line.right = Math.min(line.right, right)
            }
          }
          if (!inside.contained)
            for (const line of lines) if (line.right > w + 0.5) note(label, line.right)
        }
        const worst = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 6)
        for (const [what, by] of worst(past)) problems.push(`${what} runs ${px(by)} past the edge`)
        for (const [what, by] of worst(cut)) problems.push(`${what} is cut by ${px(by)}`)

        // 4. What must be read whole is: not cut by its own box either.
        for (const selector of whole)
          for (const el of document.querySelectorAll(selector)) {
            const overflow = getComputedStyle(el).overflowX
            if (tiny(el) || overflow === 'visible') continue
            if (el.scrollWidth > el.clientWidth + 1)
              problems.push(`${name(el)} is cut: ${el.scrollWidth} px of text in ${el.clientWidth}`)
          }

        // 5. Neighbours in a bar never overlap: boxes, and the lines of text in them as far as
        // they are seen (an address ended with an ellipsis is cut where its box ends).
        const partsOf = (el: Element) => {
          const parts: { left: number; right: number; top: number; bottom: number }[] = [
            el.getBoundingClientRect(),
          ]
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.textContent?.trim() || !text.parentElement) continue
            const inside = insideOf(text.parentElement)
            if (inside.hiddenFromSight) continue
            range.selectNodeContents(text)
            for (const line of range.getClientRects()) {
              let { left, right } = line
              for (const clipper of inside.clippers) {
                const box = clipper.getBoundingClientRect()
                left = Math.max(left, box.left + clipper.clientLeft)
                right = Math.min(right, box.left + clipper.clientLeft + clipper.clientWidth)
              }
              parts.push({ left, right, top: line.top, bottom: line.bottom })
            }
          }
          return parts.filter((r) => r.right - r.left > 0 && r.bottom - r.top > 0)
        }
        for (const [a, b] of apart) {
          const first = document.querySelector(a)
          const second = document.querySelector(b)
          if (!first || !second || tiny(first) || tiny(second)) continue
          let most = 0
          for (const p of partsOf(first))
            for (const q of partsOf(second)) {
              const x = Math.min(p.right, q.right) - Math.max(p.left, q.left)
              const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)
              if (x > 0.5 && y > 0.5) most = Math.max(most, x)
            }
          if (most > 0) problems.push(`${a} overlaps ${b} by ${px(most)}`)
        }
        return problems
      }

      const all: string[] = []
      const wide = document.getElementById(wideSwitch) as HTMLStyleElement | null
      for (const layout of layouts) {
        document.documentElement.style.fontSize = layout.size
        if (layout.wide && !wide) throw new Error('the wide face is not in the page')
        if (wide) wide.media = layout.wide ? 'all' : 'not all'
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        for (const problem of problemsAt()) all.push(`${layout.label}: ${problem}`)
      }
      if (wide) wide.media = 'not all'
      return all
    },
    { w: width, whole: WHOLE, apart: APART, layouts, wideSwitch: WIDE_SWITCH },
  )
}

/** The faces the page has loaded of `family`. */
const loadedFaces = (page: Page, family: string) =>
  page.evaluate(
    (wanted) =>
      [...document.fonts].filter(
        (face) => face.family.replace(/["']/g, '') === wanted && face.status === 'loaded',
      ).length,
    family,
  )

/**
 * Measures the open page at every width and text size, in the face it has now and in the
 * wide one; with the alerts bar folded, then opened where it folds (phones). The width changes
 * once per width and fold, the text size and face in the page (problemsIn).
 */
async function measureEverySize(page: Page): Promise<string[]> {
  const problems: string[] = []
  // The site's face: loaded as the page uses it, not forced here.
  await page.evaluate(() => document.fonts.ready)
  const shipped = await page.evaluate(
    (family) =>
      document.fonts.check(`400 16px ${family}`) && document.fonts.check(`700 16px ${family}`),
    SHIPPED_FAMILY,
  )
  if (!shipped || (await loadedFaces(page, SHIPPED_FAMILY)) === 0)
    problems.push(`the site's typeface (${SHIPPED_FAMILY}) is not loaded`)

  // The wide face, loaded before it is used; the switch that puts it in place starts off.
  await page.addStyleTag({ content: WIDE_STYLE })
  const wide = await page.evaluate(
    async ({ family, id, css }) => {
      const weights = [400, 700, 900]
      await Promise.all(weights.map((weight) => document.fonts.load(`${weight} 16px '${family}'`)))
      const style = document.createElement('style')
      style.id = id
      style.media = 'not all'
      style.textContent = css
      document.head.append(style)
      return weights.every((weight) => document.fonts.check(`${weight} 16px '${family}'`))
    },
    { family: WIDE_FAMILY, id: WIDE_SWITCH, css: WIDE_SWITCH_STYLE },
  )
  expect(wide, 'the wide face loads').toBe(true)

  const toggle = page.locator('.alerts-bar__toggle')
  for (const folded of [true, false]) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT })
      const layouts = (['shipped', 'wide'] as const).flatMap((face) =>
        TEXT_SIZES.map((size) => ({
          size,
          wide: face === 'wide',
          label: `${face === 'shipped' ? 'site face' : 'wide face'}, ${width} px, ${size} text${folded ? '' : ', alerts open'}`,
        })),
      )
      problems.push(...(await problemsIn(page, width, layouts)))
    }
    // Opens the alerts bar for the second round.
    if (!folded || !(await toggle.isVisible())) break
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await settled(page)
  }
  return problems
}

/**
 * Judges the open page: axe at the desktop width and at the phone's, then every line of text
 * at every width and text size in both faces. The page is at the desktop width when called.
 */
async function judge(page: Page) {
  await settled(page)
  expect(await axeViolations(page), `axe at ${DESKTOP_WIDTH} px`).toEqual([])
  await page.setViewportSize({ width: PHONE_WIDTH, height: HEIGHT })
  await frames(page)
  await settled(page)
  expect(await axeViolations(page), `axe at ${PHONE_WIDTH} px`).toEqual([])
  expect(await measureEverySize(page)).toEqual([])
}

test.describe('every page', () => {
  // Two axe runs and 16 layouts per page, each measured over every box and line of text.
  test.describe.configure({ timeout: 90_000 })

  // In the worker's warm browser context: a visitor going from page to page (see warmPage).
  for (const { path, heading } of PUBLIC_ROUTES) {
    test(`should show ${path} whole, pass axe and fit every line of text`, async ({
      warmPage: page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.locator('header.site-header')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible() // the footer
      // The app runs (the alerts bar's toggle answers) and the stored alerts show.
      await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
        timeout: 20_000,
      })
      await judge(page)
      expect(errors).toEqual([])
    })
  }

  // In the worker's warm context, signed in once (see warmPage): they only read.
  for (const path of ADMIN_SCREENS) {
    test(`should show ${path} whole, pass axe and fit every line of text`, async ({
      warmPage: page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT })
      await signIn(page, undefined, path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: 20_000,
      })
      await expect(page.locator('.admin-topbar')).toBeVisible()
      await expect(
        page.getByRole('heading', { name: 'There is no admin screen here' }),
      ).toHaveCount(0)
      // Judged as it settles: the background read answered (its documents rendered).
      await page.waitForLoadState('networkidle')
      await judge(page)
      expect(errors).toEqual([])
    })
  }
})
