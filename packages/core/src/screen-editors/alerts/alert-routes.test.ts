import { describe, expect, it } from 'vitest'

import { defaultAlertRoutes } from './alert-routes.ts'

describe('defaultAlertRoutes', () => {
  it('should offer home first', () => {
    expect(defaultAlertRoutes()[0]).toEqual({ path: '/', label: 'Home' })
  })

  it('should offer the facilities page under its path', () => {
    expect(defaultAlertRoutes()).toContainEqual({ path: '/fields', label: 'Fields & Status' })
  })

  it('should offer a redirecting entry at the page it shows', () => {
    const paths = defaultAlertRoutes().map((route) => route.path)
    expect([paths.includes('/programs/dmv-prospects'), paths.includes('/dmv')]).toEqual([
      true,
      false,
    ])
  })

  it('should offer each page once', () => {
    const paths = defaultAlertRoutes().map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
  })
})
