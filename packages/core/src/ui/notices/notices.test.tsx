// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createNoticeStore } from './notice-store.ts'
import { Notices } from './notices.tsx'

// jsdom lacks pointer capture, which Radix uses while a notice is swiped.
beforeEach(() => {
  vi.useFakeTimers()
  Object.assign(HTMLElement.prototype, {
    setPointerCapture() {},
    releasePointerCapture() {},
    hasPointerCapture: () => false,
  })
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { button: 0, clientX: 0, clientY: 0, pointerId: 1 })
  fireEvent.pointerMove(element, { clientX: 5, clientY: 0, pointerId: 1 })
  fireEvent.pointerMove(element, { clientX: distance, clientY: 0, pointerId: 1 })
  fireEvent.pointerUp(element, { clientX: distance, clientY: 0, pointerId: 1 })
}

describe('<Notices/>', () => {
  it('should render the current notice and remove it after 5000 ms', () => {
    const store = createNoticeStore()
    render(<Notices store={store} />)
    act(() => {
      store.show({ title: 'Welcome back!', description: 'You have successfully logged in.' })
    })
    expect(screen.getByText('Welcome back!')).toBeTruthy()
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy()

    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByText('Welcome back!')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Welcome back!')).toBeNull()
  })

  it('should show only the newest of two notices', () => {
    const store = createNoticeStore()
    render(<Notices store={store} />)
    act(() => {
      store.show({ title: 'One' })
      store.show({ title: 'Two' })
    })
    expect(screen.queryByText('One')).toBeNull()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('should announce destructive notices assertively and the others politely', () => {
    const store = createNoticeStore()
    render(<Notices store={store} />)
    act(() => {
      store.show({
        title: 'Save Error',
        description: 'Could not save teams.',
        variant: 'destructive',
      })
    })
    const item = screen.getByRole('listitem')
    expect(item.getAttribute('data-variant')).toBe('destructive')
    expect(document.querySelector('[aria-live="assertive"]')).not.toBeNull()

    act(() => {
      store.show({ title: 'Content Saved!' })
    })
    expect(document.querySelector('[aria-live="polite"]')).not.toBeNull()
    expect(screen.getByRole('region').getAttribute('aria-label')).toMatch(/Notifications/)
  })

  it('should dismiss with the close button and run an action', () => {
    const store = createNoticeStore()
    const onSelect = vi.fn()
    render(<Notices store={store} />)
    act(() => {
      store.show({
        title: 'Conflict',
        actions: [{ label: 'Reload', altText: 'Reload the page content', onSelect }],
      })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onSelect).toHaveBeenCalledOnce()
    expect(store.getSnapshot()).toEqual([])

    act(() => {
      store.show({ title: 'Closable' })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(store.getSnapshot()).toEqual([])
  })

  it('should dismiss when swiped past 50 px and stay when swiped less', () => {
    const store = createNoticeStore()
    render(<Notices store={store} />)
    act(() => {
      store.show({ title: 'Swipe me' })
    })
    swipe(screen.getByRole('listitem'), 40)
    expect(store.getSnapshot()).toHaveLength(1)
    swipe(screen.getByRole('listitem'), 60)
    expect(store.getSnapshot()).toEqual([])
  })

  it('should hold the timer while the pointer is over the notices', () => {
    const store = createNoticeStore()
    render(<Notices store={store} />)
    act(() => {
      store.show({ title: 'Hold' })
    })
    // Radix listens on the viewport's wrapper, the region around the list.
    const wrapper = screen.getByRole('region')
    fireEvent.pointerMove(wrapper)
    act(() => vi.advanceTimersByTime(10_000))
    expect(store.getSnapshot()).toHaveLength(1)
    fireEvent.pointerLeave(wrapper)
    act(() => vi.advanceTimersByTime(5000))
    expect(store.getSnapshot()).toEqual([])
  })
})
