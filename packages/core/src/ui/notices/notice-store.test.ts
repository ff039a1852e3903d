import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createNoticeStore, NOTICE_DURATION_MS } from './notice-store.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

const titles = (store: ReturnType<typeof createNoticeStore>) =>
  store.getSnapshot().map((notice) => notice.title)

describe('notice store', () => {
  it('should dismiss a notice by itself after 5000 ms, not before', () => {
    const store = createNoticeStore()
    store.show({ title: 'Welcome back!', description: 'You have successfully logged in.' })
    expect(NOTICE_DURATION_MS).toBe(5000)

    vi.advanceTimersByTime(4999)
    expect(titles(store)).toEqual(['Welcome back!'])
    vi.advanceTimersByTime(1)
    expect(titles(store)).toEqual([])
  })

  it('should show at most one notice, the newest replacing the current', () => {
    const store = createNoticeStore()
    store.show({ title: 'First' })
    vi.advanceTimersByTime(4000)
    store.show({ title: 'Second', variant: 'destructive' })
    expect(titles(store)).toEqual(['Second'])
    expect(store.getSnapshot()[0]?.variant).toBe('destructive')

    // The replaced notice's timer must not take the new one down with it.
    vi.advanceTimersByTime(1000)
    expect(titles(store)).toEqual(['Second'])
    vi.advanceTimersByTime(4000)
    expect(titles(store)).toEqual([])
  })

  it('should honour a shorter duration and keep a notice without one until dismissed', () => {
    const store = createNoticeStore()
    store.show({ title: 'Content Saved!', duration: 3000 })
    vi.advanceTimersByTime(3000)
    expect(titles(store)).toEqual([])

    const id = store.show({ title: 'Someone else saved alerts', duration: null })
    vi.advanceTimersByTime(600_000)
    expect(titles(store)).toEqual(['Someone else saved alerts'])
    store.dismiss(id)
    expect(titles(store)).toEqual([])
  })

  it('should pause the timer while paused and resume with the time that was left', () => {
    const store = createNoticeStore()
    const id = store.show({ title: 'Hover me' })
    vi.advanceTimersByTime(2000)
    store.pause(id)
    vi.advanceTimersByTime(60_000)
    expect(titles(store)).toEqual(['Hover me'])
    store.resume(id)
    vi.advanceTimersByTime(2999)
    expect(titles(store)).toEqual(['Hover me'])
    vi.advanceTimersByTime(1)
    expect(titles(store)).toEqual([])
  })

  it('should keep a notice shown while held until released, then give it its whole time', () => {
    const store = createNoticeStore()
    // Nothing can show notices yet (the renderer's code is loading).
    const release = store.hold()
    store.show({ title: 'Content Saved!', duration: 3000 })
    vi.advanceTimersByTime(60_000)
    expect(titles(store)).toEqual(['Content Saved!'])
    release()
    release() // a second call changes nothing
    vi.advanceTimersByTime(2999)
    expect(titles(store)).toEqual(['Content Saved!'])
    vi.advanceTimersByTime(1)
    expect(titles(store)).toEqual([])
    // Released, a notice runs its time at once.
    store.show({ title: 'Later', duration: 1000 })
    vi.advanceTimersByTime(1000)
    expect(titles(store)).toEqual([])
  })

  it('should hold a notice already running for the time that was left', () => {
    const store = createNoticeStore()
    store.show({ title: 'Running', duration: 3000 })
    vi.advanceTimersByTime(1000)
    const release = store.hold()
    vi.advanceTimersByTime(10_000)
    expect(titles(store)).toEqual(['Running'])
    release()
    vi.advanceTimersByTime(1999)
    expect(titles(store)).toEqual(['Running'])
    vi.advanceTimersByTime(1)
    expect(titles(store)).toEqual([])
  })

  it('should ignore dismissing a notice that is no longer shown', () => {
    const store = createNoticeStore()
    const old = store.show({ title: 'Old' })
    store.show({ title: 'New' })
    store.dismiss(old)
    expect(titles(store)).toEqual(['New'])
    store.dismiss()
    expect(titles(store)).toEqual([])
  })

  it('should keep the same snapshot until something changes and tell subscribers when it does', () => {
    const store = createNoticeStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    const empty = store.getSnapshot()
    expect(store.getSnapshot()).toBe(empty)
    store.show({ title: 'Hi' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.getSnapshot()).not.toBe(empty)
    unsubscribe()
    vi.advanceTimersByTime(NOTICE_DURATION_MS)
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
