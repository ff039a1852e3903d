// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import type { NavigateFunction } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { FocusPageHeading, ScrollToTop } from './scroll-manager.tsx'

const router: { navigate: NavigateFunction } = { navigate: () => {} }

/** Hands the router's navigate function to the test. */
function CaptureNavigate() {
  const navigate = useNavigate()
  useEffect(() => {
    router.navigate = navigate
  }, [navigate])
  return null
}

function renderAt(path: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollToTop />
      <CaptureNavigate />
    </MemoryRouter>,
  )
  return scrollTo
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ScrollToTop', () => {
  it('should leave the scroll position of the page the browser loaded alone', () => {
    const scrollTo = renderAt('/programs')
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('should scroll to the top on every later route change without a hash', async () => {
    const scrollTo = renderAt('/programs')
    await act(async () => router.navigate('/fields'))
    expect(scrollTo).toHaveBeenCalledTimes(1)
    await act(async () => router.navigate('/programs'))
    expect(scrollTo).toHaveBeenCalledTimes(2)
  })

  it('should leave Back and Forward to the browser, which puts the page back where it was', async () => {
    const scrollTo = renderAt('/programs')
    await act(async () => router.navigate('/fields'))
    expect(scrollTo).toHaveBeenCalledTimes(1)
    await act(async () => router.navigate(-1))
    await act(async () => router.navigate(1))
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('should leave a route change with a hash to the hash scroll', async () => {
    const scrollTo = renderAt('/')
    await act(async () => router.navigate('/fields#field-status'))
    expect(scrollTo).not.toHaveBeenCalled()
  })
})

/** A page in the layout's shape: its heading in main, FocusPageHeading mounted once per path. */
function Page() {
  const { pathname } = useLocation()
  return (
    <main id="main" tabIndex={-1}>
      <a href="#x">A link</a>
      {pathname !== '/no-heading' && <h1>Page {pathname}</h1>}
      <FocusPageHeading key={pathname} />
    </main>
  )
}

describe('FocusPageHeading', () => {
  function renderPageAt(path: string) {
    const view = render(
      <MemoryRouter initialEntries={[path]}>
        <Page />
        <CaptureNavigate />
      </MemoryRouter>,
    )
    return view.container
  }

  it('should leave focus alone on the page the browser loaded', () => {
    renderPageAt('/programs')
    expect(document.activeElement).toBe(document.body)
  })

  it('should focus the new page’s heading after a move, made focusable', async () => {
    const container = renderPageAt('/programs')
    container.querySelector('a')?.focus()
    await act(async () => router.navigate('/fields'))
    const heading = container.querySelector('h1')
    expect(heading?.textContent).toBe('Page /fields')
    expect(document.activeElement).toBe(heading)
    expect(heading?.getAttribute('tabindex')).toBe('-1')
  })

  it('should focus the main region of a page without a heading', async () => {
    const container = renderPageAt('/programs')
    await act(async () => router.navigate('/no-heading'))
    expect(document.activeElement).toBe(container.querySelector('main'))
  })

  it('should leave a move with a hash to its target', async () => {
    const container = renderPageAt('/programs')
    const link = container.querySelector('a')
    link?.focus()
    await act(async () => router.navigate('/fields#field-status'))
    expect(document.activeElement).toBe(link)
  })
})
