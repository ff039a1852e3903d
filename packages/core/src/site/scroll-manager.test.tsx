// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { MemoryRouter, useNavigate } from 'react-router'
import type { NavigateFunction } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ScrollToTop } from './scroll-manager.tsx'

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
