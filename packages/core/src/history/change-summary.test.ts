import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { summarizeChanges, versionSummaries } from './change-summary.ts'

const home = DEFAULT_CONTENT.content
const post = (id: string, title: string) => ({ id, slug: id, title })

describe('summarizeChanges', () => {
  it('should say a first version is the first, and an unchanged one has no changes', () => {
    expect(summarizeChanges('content', undefined, home)).toBe('First saved version')
    expect(summarizeChanges('content', home, structuredClone(home))).toBe('No changes')
  })

  it('should name a changed field by where it is', () => {
    const after = { ...home, hero: { ...home.hero, title: 'Play ball' } }
    expect(summarizeChanges('content', home, after)).toBe('Changed hero title')
  })

  it('should name two changed fields and count the rest', () => {
    const two = { ...home, hero: { ...home.hero, title: 'A', subtitle: 'B' } }
    expect(summarizeChanges('content', home, two)).toBe('Changed hero title and hero subtitle')
    const four = {
      ...home,
      hero: { ...home.hero, title: 'A', subtitle: 'B', buttonText: 'C', imageAlt: 'D' },
    }
    expect(summarizeChanges('content', home, four)).toBe(
      'Changed hero title, hero subtitle and 2 more fields',
    )
  })

  it('should count posts added to a list document, with the field change first', () => {
    const before = { hero: { title: 'Old' }, posts: [] }
    const after = { hero: { title: 'New' }, posts: [post('a', 'A'), post('b', 'B')] }
    expect(summarizeChanges('content', before, after)).toBe('Changed hero title; added 2 posts')
    expect(summarizeChanges('newsPosts', [post('a', 'Opening day')], [])).toBe(
      'Removed news post “Opening day”',
    )
    expect(summarizeChanges('newsPosts', [], [post('a', 'A'), post('b', 'B')])).toBe(
      'Added 2 news posts',
    )
  })

  it('should name an item edited in several places once, and count several', () => {
    const before = [post('a', 'Rain delay'), post('b', 'Picture day')]
    const one = [{ ...before[0]!, title: 'Rain out', slug: 'rain-out' }, before[1]!]
    expect(summarizeChanges('alerts', before, one)).toBe('Edited alert “Rain out”')
    const both = [
      { ...before[0]!, title: 'X' },
      { ...before[1]!, title: 'Y' },
    ]
    expect(summarizeChanges('alerts', before, both)).toBe('Edited 2 alerts')
  })

  it('should call a team a team and its roster players', () => {
    const teams = DEFAULT_CONTENT.teams
    const [slug, team] = Object.entries(teams)[0]!
    const player = team.roster[0]!
    const renamed = {
      ...teams,
      [slug]: { ...team, roster: [{ ...player, name: 'Sam Ortiz' }, ...team.roster.slice(1)] },
    }
    expect(summarizeChanges('teams', teams, renamed)).toBe('Edited player “Sam Ortiz”')
    const added = { ...teams, 'new-team': { ...team, id: 'new-team', name: '9U Comets' } }
    expect(summarizeChanges('teams', teams, added)).toBe('Added team “9U Comets”')
  })

  it('should say a list was reordered', () => {
    const before = [post('a', 'A'), post('b', 'B'), post('c', 'C')]
    expect(summarizeChanges('quickLinks', before, [before[2]!, before[0]!, before[1]!])).toBe(
      'Reordered quick links',
    )
  })

  it('should name three parts at most and count the others', () => {
    const before = {
      a: 'x',
      list: [post('1', 'One')],
      other: [post('2', 'Two')],
      more: [post('3', 'T')],
    }
    const after = { a: 'y', list: [], other: [], more: [] }
    expect(summarizeChanges(undefined, before, after)).toBe(
      'Changed a; removed list item “One”; removed other item “Two”; and 1 more change',
    )
  })
})

describe('versionSummaries', () => {
  const docs = new Map<number, unknown>([
    [4, [post('a', 'A')]],
    [5, [post('a', 'A'), post('b', 'B')]],
    [6, [post('a', 'A2'), post('b', 'B')]],
  ])

  it('should summarize each version against the one listed after it, and the oldest ever as the first', () => {
    const shown = versionSummaries('alerts', [6, 5, 4], docs, false)
    expect([...shown]).toEqual([
      [6, 'Edited alert “A2”'],
      [5, 'Added alert “B”'],
      [4, 'First saved version'],
    ])
  })

  it('should compare the oldest listed with the version before it when older ones exist', () => {
    expect([...versionSummaries('alerts', [6, 5], docs, true)]).toEqual([
      [6, 'Edited alert “A2”'],
      [5, 'Added alert “B”'],
    ])
    // Version 3 not read: no summary rather than a wrong one.
    expect([...versionSummaries('alerts', [6, 5, 4], docs, true)].map(([v]) => v)).toEqual([6, 5])
  })
})
