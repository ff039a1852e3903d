import { describe, expect, it } from 'vitest'

import { pageOf } from '../../alerts/alert-visibility.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { publicPaths } from '../../site/route-registry.ts'
import { alertRoutes, defaultAlertRoutes } from './alert-routes.ts'

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

describe('alertRoutes', () => {
  const routes = alertRoutes({
    teams: DEFAULT_CONTENT.teams,
    programsContent: DEFAULT_CONTENT.programsContent,
    clinics: DEFAULT_CONTENT.clinics,
    newsPosts: DEFAULT_CONTENT.newsPosts,
  })

  it('should offer every page the route registry knows, each once', () => {
    const pages = new Set(routes.map((route) => pageOf(route.path)))
    expect(pages.size).toBe(routes.length)
    for (const path of publicPaths({
      teams: DEFAULT_CONTENT.teams,
      programsContent: DEFAULT_CONTENT.programsContent,
      clinics: DEFAULT_CONTENT.clinics,
      newsPosts: DEFAULT_CONTENT.newsPosts,
    })) {
      expect(pages.has(pageOf(path)), path).toBe(true)
    }
  })

  it('should name teams, programs and events as the site does, grouped, site pages first', () => {
    expect(routes).toContainEqual({
      path: '/programs/big-train/12u',
      label: 'Big Train 12U',
      group: 'Teams',
    })
    expect(routes.find((route) => route.path === '/programs/big-train')?.group).toBe('Programs')
    const clinic = DEFAULT_CONTENT.clinics[0]
    expect(routes).toContainEqual({
      path: `/camps-events/${clinic?.slug}`,
      label: clinic?.title,
      group: 'Events',
    })
    expect(routes[0]).toEqual({ path: '/', label: 'Home', group: 'Site pages' })
    const groups = routes.map((route) => route.group)
    expect(groups.slice(0, defaultAlertRoutes().length).every((g) => g === 'Site pages')).toBe(true)
    // Within a group by name, numbers in order: "Big Train 10U" before "Big Train 12U".
    const teams = routes.filter((route) => route.group === 'Teams').map((route) => route.label)
    expect(teams.indexOf('Big Train 10U')).toBeLessThan(teams.indexOf('Big Train 12U'))
    expect(teams.indexOf('Big Train 12U')).toBeLessThan(teams.indexOf('Big Train 14U'))
  })
})
