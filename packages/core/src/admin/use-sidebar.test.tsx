// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { MOBILE_QUERY, useSidebar } from './use-sidebar.ts'

/** A window whose width the test sets; matchMedia answers the admin's one query from it. */
function fakeWindowWidth(initial: number) {
  let width = initial
  const listeners = new Set<() => void>()
  window.matchMedia = ((query: string) => {
    if (query !== MOBILE_QUERY) throw new Error(`unexpected query ${query}`)
    return {
      get matches() {
        return width < 1024
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList
  }) as typeof window.matchMedia
  return {
    resize(next: number) {
      width = next
      act(() => listeners.forEach((listener) => listener()))
    },
  }
}

const original = window.matchMedia

beforeEach(() => {
  window.matchMedia = original
})

afterEach(() => {
  cleanup()
  window.matchMedia = original
})

describe('useSidebar', () => {
  it('should start open at 1024 px', () => {
    fakeWindowWidth(1024)
    const { result } = renderHook(() => useSidebar())
    expect([result.current.mobile, result.current.open]).toEqual([false, true])
  })

  it('should start closed at 1023 px', () => {
    fakeWindowWidth(1023)
    const { result } = renderHook(() => useSidebar())
    expect([result.current.mobile, result.current.open]).toEqual([true, false])
  })

  it('should close when the window narrows below 1024 px', () => {
    const window = fakeWindowWidth(1280)
    const { result } = renderHook(() => useSidebar())
    window.resize(900)
    expect([result.current.mobile, result.current.open]).toEqual([true, false])
  })

  it('should open again when the window widens to 1024 px', () => {
    const window = fakeWindowWidth(900)
    const { result } = renderHook(() => useSidebar())
    window.resize(1024)
    expect([result.current.mobile, result.current.open]).toEqual([false, true])
  })

  it('should open as an overlay on a narrow window when toggled', () => {
    fakeWindowWidth(390)
    const { result } = renderHook(() => useSidebar())
    act(() => result.current.toggle())
    expect([result.current.mobile, result.current.open]).toEqual([true, true])
  })

  it('should keep an open overlay open while the window stays below 1024 px', () => {
    const window = fakeWindowWidth(1023)
    const { result } = renderHook(() => useSidebar())
    act(() => result.current.setOpen(true))
    window.resize(600)
    expect(result.current.open).toBe(true)
  })
})
