import { render } from '@testing-library/react'
import type { RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { expect } from 'vitest'

/*
 * Helpers for the page tests in src/pages (never imported by a page). Rendering goes
 * through a MemoryRouter because pages use <Link>.
 */

/** Markup that would run script if a page rendered it unsanitized. */
export const HOSTILE_HTML =
  '<img src=x onerror="window.__pwned=1">Hostile<script>window.__pwned=2</script>'

/** Renders a page inside a router at `path` (test-utils/dom-cleanup.ts unmounts it after the test). */
export function renderPage(page: ReactElement, path = '/'): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>)
}

/** Fails unless nothing of {@link HOSTILE_HTML} can run inside `container`. */
export function expectInert(container: HTMLElement): void {
  expect(container.querySelector('script')).toBeNull()
  expect(container.querySelector('[onerror]')).toBeNull()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
}

/** The text of every heading, in document order, as `h2 Title`. */
export function headingOutline(container: HTMLElement): string[] {
  return [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
    (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent?.trim() ?? ''}`,
  )
}

/** Fails when headings skip a level going down (h2 → h4), or there is not exactly one h1. */
export function expectHeadingsInOrder(container: HTMLElement): void {
  const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
    Number(heading.tagName.slice(1)),
  )
  expect(levels.filter((level) => level === 1)).toHaveLength(1)
  expect(levels[0]).toBe(1)
  levels.forEach((level, index) => {
    const previous = levels[index - 1]
    if (previous !== undefined) expect(level).toBeLessThanOrEqual(previous + 1)
  })
}
