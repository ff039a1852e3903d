// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useCallback } from 'react'
import { Link, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { GuardedBrowserRouter, useHeldMove, useNavigationGuard } from './navigation-guard.tsx'
import type { ShouldHold } from './navigation-guard.tsx'

/** A form screen that holds moves to another path while `dirty.current` is true. */
const dirty = { current: true }
function FormScreen() {
  const guard = useNavigationGuard()
  if (!guard) throw new Error('no navigation guard')
  const shouldHold = useCallback<ShouldHold>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && dirty.current,
    [],
  )
  const held = useHeldMove(guard, shouldHold)
  return (
    <>
      <h1>Form</h1>
      <Link to="/settings">Settings</Link>
      {held.waiting && (
        <div role="dialog" aria-label="Leave?">
          <button type="button" onClick={held.stay}>
            Stay
          </button>
          <button type="button" onClick={held.proceed}>
            Leave
          </button>
        </div>
      )}
    </>
  )
}

function renderApp() {
  render(
    <GuardedBrowserRouter>
      <Routes>
        <Route path="/form" element={<FormScreen />} />
        <Route path="/settings" element={<h1>Settings</h1>} />
      </Routes>
    </GuardedBrowserRouter>,
  )
}

/** Resolves after the browser has delivered the pending popstate (jsdom fires it in a task). */
const popped = () =>
  new Promise<void>((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  )

beforeEach(() => {
  dirty.current = true
  window.history.replaceState(null, '', '/form')
})
afterEach(cleanup)

describe('GuardedBrowserRouter', () => {
  it('should hold a link while the form asks to, and stay on Stay', async () => {
    renderApp()
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeTruthy()
    expect(window.location.pathname).toBe('/form')

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Form' })).toBeTruthy()
    expect(window.location.pathname).toBe('/form')
  })

  it('should make the held move on Leave', async () => {
    renderApp()
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(window.location.pathname).toBe('/settings')
  })

  it('should let a move through when the form has nothing unsaved', async () => {
    dirty.current = false
    renderApp()
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('should undo Back while the form holds it, and go back on Leave', async () => {
    // Two entries as the router leaves them (its index in the state), so that Back has somewhere to go.
    window.history.replaceState({ usr: null, key: 'a', idx: 0 }, '', '/settings')
    window.history.pushState({ usr: null, key: 'b', idx: 1 }, '', '/form')
    renderApp()
    expect(screen.getByRole('heading', { name: 'Form' })).toBeTruthy()

    // Back: the address changes first; the guard takes it back to /form and asks.
    await act(async () => {
      const back = popped()
      window.history.back()
      await back
      await popped()
    })
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeTruthy()
    expect(window.location.pathname).toBe('/form')
    expect(screen.getByRole('heading', { name: 'Form' })).toBeTruthy()

    await act(async () => {
      const back = popped()
      fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
      await back
    })
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(window.location.pathname).toBe('/settings')
  })
})
