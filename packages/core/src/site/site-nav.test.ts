import { describe, expect, it } from 'vitest'

import {
  FOOTER_NAV,
  HEADER_NAV,
  NAV_ITEMS,
  isCurrentPage,
  isCoveredPage,
  isInSection,
  isNavGroup,
} from './site-nav.ts'

const paths = (entries: typeof HEADER_NAV) =>
  entries.flatMap((entry) => (isNavGroup(entry) ? entry.items : [entry])).map((item) => item.to)

describe('site navigation', () => {
  it('should list the spec’s main navigation in its order', () => {
    expect(NAV_ITEMS.map((item) => item.to)).toEqual([
      '/',
      '/about',
      '/programs',
      '/teams',
      '/dmv',
      '/camps-events',
      '/alumni',
      '/fields',
      '/schedule',
      '/live-updates',
      '/rules',
      '/weather-policy',
      '/news-and-updates',
      '/contact',
      '/donate',
      '/sponsors',
    ])
  })

  it('should reach every main navigation entry from the wide header (home is the logo) and the footer', () => {
    const header = paths(HEADER_NAV)
    const footer = paths(FOOTER_NAV)
    for (const item of NAV_ITEMS) {
      if (item.to !== '/') expect(header).toContain(item.to)
      expect(footer).toContain(item.to)
    }
  })

  it('should mark a page current only on its own path, a redirect’s target included', () => {
    const dmv = NAV_ITEMS.find((item) => item.to === '/dmv')
    const programs = NAV_ITEMS.find((item) => item.to === '/programs')
    const home = NAV_ITEMS.find((item) => item.to === '/')
    if (!dmv || !programs || !home) throw new Error('missing entries')
    expect(isCurrentPage(programs, '/programs')).toBe(true)
    expect(isCurrentPage(programs, '/programs/')).toBe(true)
    expect(isCurrentPage(programs, '/programs/tee-ball')).toBe(false)
    expect(isCurrentPage(dmv, '/programs/dmv-prospects')).toBe(true)
    expect(isCurrentPage(home, '/')).toBe(true)
    expect(isCurrentPage(home, '/about')).toBe(false)
  })

  it('should count the pages below an entry as its section, and only those', () => {
    const programs = NAV_ITEMS.find((item) => item.to === '/programs')
    const dmv = NAV_ITEMS.find((item) => item.to === '/dmv')
    const home = NAV_ITEMS.find((item) => item.to === '/')
    if (!dmv || !programs || !home) throw new Error('missing entries')
    expect(isInSection(programs, '/programs/big-train/10u')).toBe(true)
    expect(isInSection(programs, '/programs-archive')).toBe(false)
    expect(isInSection(dmv, '/dmv/2027')).toBe(true)
    expect(isInSection(home, '/about')).toBe(false)
  })

  it("should count a team's page, at each of its addresses, as one of Teams & Rosters", () => {
    const teams = NAV_ITEMS.find((item) => item.to === '/teams')
    if (!teams) throw new Error('missing Teams & Rosters')
    for (const path of ['/team/select-13u', '/dmv/2027', '/programs/big-train/10u'])
      expect(isCoveredPage(teams, path), path).toBe(true)
    for (const path of ['/teams', '/programs/big-train', '/team', '/about'])
      expect(isCoveredPage(teams, path), path).toBe(false)
  })
})
