// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  EARLY_LINKS_SCRIPT,
  LEAVING_PROPERTY,
  PAGE_INTERACTIVE_ATTRIBUTE,
  isPageBeingLeft,
} from './early-links.ts'

// The script runs in the page's head, before any other script; here it runs once in
// jsdom's window, and a listener on an element stands in for React's root.

const appSaw: string[] = []
const root = document.createElement('div')
const keepJsdomFromNavigating = (event: Event) => event.preventDefault()

beforeAll(() => {
  window.eval(EARLY_LINKS_SCRIPT)
  document.body.append(root)
  root.addEventListener('click', (event) => {
    appSaw.push((event.target as HTMLElement).getAttribute('href') ?? '')
  })
  window.addEventListener('click', keepJsdomFromNavigating)
})

afterAll(() => window.removeEventListener('click', keepJsdomFromNavigating))

beforeEach(() => {
  appSaw.length = 0
  root.replaceChildren()
  document.documentElement.removeAttribute(PAGE_INTERACTIVE_ATTRIBUTE)
  delete (window as unknown as Record<string, unknown>)[LEAVING_PROPERTY]
})

function click(attributes: Record<string, string>, init: MouseEventInit = {}) {
  const link = document.createElement('a')
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value)
  link.textContent = 'link'
  root.append(link)
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }))
}

describe('a click on a link before the page is interactive', () => {
  it('should be left to the browser, unseen by the app, and mark the page as being left', () => {
    click({ href: '/fields#field-status' })
    expect(appSaw).toEqual([])
    expect(isPageBeingLeft()).toBe(true)
  })

  it('should not mark the page as left for a link within the same page', () => {
    click({ href: `${location.pathname}#main` })
    expect(isPageBeingLeft()).toBe(false)
  })

  it('should leave modified clicks, other windows, downloads and other sites alone', () => {
    click({ href: '/fields' }, { ctrlKey: true })
    click({ href: '/fields', target: '_blank' })
    click({ href: '/fields', download: '' })
    click({ href: 'https://other.example/fields' })
    expect(appSaw).toEqual(['/fields', '/fields', '/fields', 'https://other.example/fields'])
    expect(isPageBeingLeft()).toBe(false)
  })
})

describe('a click on a link once the page is interactive', () => {
  it('should reach the app, which then navigates', () => {
    document.documentElement.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
    click({ href: '/fields#field-status' })
    expect(appSaw).toEqual(['/fields#field-status'])
    expect(isPageBeingLeft()).toBe(false)
  })
})
