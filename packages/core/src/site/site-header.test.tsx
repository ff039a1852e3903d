// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { SiteHeader } from './site-header.tsx'

const routes = [{ path: '*', element: <SiteHeader /> }]

// React's act() outside Testing Library; the open menu is a (dev-only) attribute mismatch React
// reports and, by design, leaves in place.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

afterEach(() => {
  document.body.innerHTML = ''
})

/** The header prerendered at `path`, in the document, not yet started. */
function prerendered(path: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />,
  )
  document.body.append(container)
  return container
}

describe('the phone menu', () => {
  it('should stay open when it was opened before the app started, and close on navigating', async () => {
    const container = prerendered('/schedule')
    const menu = container.querySelector('details.site-menu') as HTMLDetailsElement
    // The visitor taps Menu before the JavaScript has started (a <details> opens by itself).
    menu.open = true
    const router = createMemoryRouter(routes, { initialEntries: ['/schedule'] })
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={router} />)
    })
    expect(menu.open).toBe(true)

    // Escape works on it from then on, as on a menu opened after start-up.
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    })
    expect(menu.open).toBe(false)

    menu.open = true
    await act(async () => {
      await router.navigate('/live-updates')
    })
    expect(menu.open).toBe(false)
  })
})
