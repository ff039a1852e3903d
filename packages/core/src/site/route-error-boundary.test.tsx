// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { RouteErrorBoundary } from './route-error-boundary.tsx'

const CHUNK_ERROR =
  'Failed to fetch dynamically imported module: https://x.test/assets/schedule.route-B7O_Lqz2.js'

const failing = { now: true }
function Page() {
  if (failing.now) throw new TypeError(CHUNK_ERROR)
  return <h1>Schedules</h1>
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  failing.now = true
})

describe('RouteErrorBoundary', () => {
  it('should show the branded error page, never the error’s message or a file name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { container } = render(
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Rain delay' })).toBeTruthy()
    expect(container.textContent).not.toMatch(/dynamically|assets|\.js|Details/)
  })

  it('should say the device is offline, and try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { container } = render(
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'You’re offline' })).toBeTruthy()
    expect(container.textContent).not.toMatch(/dynamically|assets|\.js/)
    failing.now = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(screen.getByRole('heading', { name: 'Schedules' })).toBeTruthy()
  })
})
