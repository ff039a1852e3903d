import { describe, expect, it, vi } from 'vitest'

import { createLiveConnection } from './live-connection.ts'

describe('the live connection', () => {
  it('should be unknown until live, and not lost when it never was live', () => {
    const connection = createLiveConnection()
    expect(connection.getSnapshot()).toBe('unknown')
    connection.report('connecting')
    connection.report('offline')
    connection.offline()
    expect(connection.getSnapshot()).toBe('unknown')
    expect(connection.getServerSnapshot()).toBe('unknown')
  })

  it('should be lost once a live connection drops, and live again when a channel joins', () => {
    const connection = createLiveConnection()
    const listener = vi.fn()
    connection.subscribe(listener)
    connection.report('live')
    expect(connection.getSnapshot()).toBe('live')
    connection.report('offline')
    expect(connection.getSnapshot()).toBe('lost')
    // Trying again, or the page hidden meanwhile, does not clear it: only a join does.
    connection.report('connecting')
    connection.report('paused')
    expect(connection.getSnapshot()).toBe('lost')
    connection.report('live')
    expect(connection.getSnapshot()).toBe('live')
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('should be lost when the browser goes offline', () => {
    const connection = createLiveConnection()
    connection.report('live')
    connection.offline()
    expect(connection.getSnapshot()).toBe('lost')
  })

  it('should forget it when the public pages are left', () => {
    const connection = createLiveConnection()
    connection.report('live')
    connection.report('offline')
    connection.report('idle')
    expect(connection.getSnapshot()).toBe('unknown')
    connection.report('offline')
    expect(connection.getSnapshot()).toBe('unknown')
  })

  it('should stop telling a listener that unsubscribed', () => {
    const connection = createLiveConnection()
    const listener = vi.fn()
    const unsubscribe = connection.subscribe(listener)
    unsubscribe()
    connection.report('live')
    expect(listener).not.toHaveBeenCalled()
  })
})
