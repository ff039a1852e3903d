// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ANNOUNCER_ATTRIBUTE, createAnnouncer } from './announcer.ts'

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('createAnnouncer', () => {
  it('should add one empty polite region outside the app, then say each message', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<div id="root"></div>'
    const announcer = createAnnouncer(document)
    createAnnouncer(document)
    const regions = document.querySelectorAll(`[${ANNOUNCER_ATTRIBUTE}]`)
    expect(regions).toHaveLength(1)
    const region = regions[0] as HTMLElement
    expect(region.getAttribute('role')).toBe('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.parentElement).toBe(document.body)
    expect(region.textContent).toBe('')

    announcer.announce('Field status updated')
    vi.advanceTimersByTime(100)
    expect(region.textContent).toBe('Field status updated')

    // The same message again is cleared first, so it is read again.
    announcer.announce('Field status updated')
    expect(region.textContent).toBe('')
    vi.advanceTimersByTime(100)
    expect(region.textContent).toBe('Field status updated')

    announcer.dispose()
    expect(document.querySelector(`[${ANNOUNCER_ATTRIBUTE}]`)).toBeNull()
  })
})
