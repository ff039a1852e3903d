import { describe, expect, it } from 'vitest'

import type { Alert } from '../../entities/alert.ts'
import { replaces, retire, statusRetirements } from './status-retirement.ts'

const NOW = new Date('2026-12-06T22:00:00Z')
const TWELVE = '/programs/big-train/12u'

function status(id: string, startDate: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    alert_category: 'status',
    status_type: 'game-on',
    type: 'weather',
    title: id,
    message: '',
    startDate,
    endDate: '2026-12-07T04:59:59.999Z',
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

const siteOn = status('Games on', '2026-12-06T15:00:00Z', { isPinned: true })
const teamOn = status('12U on', '2026-12-06T16:00:00Z', { targetPage: TWELVE, isPinned: true })
const tenOn = status('10U on', '2026-12-06T16:00:00Z', { targetPage: '/programs/big-train/10u' })
const teamOff = status('12U off', '2026-12-06T21:00:00Z', {
  status_type: 'game-off',
  targetPage: TWELVE,
})

describe('statusRetirements', () => {
  it('should offer to retire the older status for the same page, not the site-wide one nor another team’s', () => {
    const stored = [siteOn, teamOn, tenOn]
    const found = statusRetirements([...stored, teamOff], stored, NOW)
    expect(found.map(({ old, by }) => [old.id, by.id])).toEqual([['12U on', '12U off']])
  })

  it('should offer every older status to a new site-wide one', () => {
    const stored = [siteOn, teamOn, tenOn]
    const allOff = status('All off', '2026-12-06T21:30:00Z', { status_type: 'game-off' })
    const found = statusRetirements([...stored, allOff], stored, NOW)
    expect(found.map(({ old }) => old.id)).toEqual(['Games on', '12U on', '10U on'])
  })

  it('should ask nothing when no status is posted or changed, nor for a general alert', () => {
    const stored = [siteOn, teamOn, teamOff]
    expect(statusRetirements(stored, stored, NOW)).toEqual([])
    const general = { ...teamOff, id: 'news', alert_category: 'general' as const }
    expect(statusRetirements([siteOn, general], [siteOn], NOW)).toEqual([])
  })

  it('should leave alone statuses already off or ended, and wait for one that starts later', () => {
    const stored = [{ ...teamOn, isActive: false }]
    expect(statusRetirements([...stored, teamOff], stored, NOW)).toEqual([])
    const yesterday = status('old', '2026-12-05T16:00:00Z', {
      targetPage: TWELVE,
      endDate: '2026-12-06T04:59:59.999Z',
    })
    expect(statusRetirements([yesterday, teamOff], [yesterday], NOW)).toEqual([])
    const tomorrow = { ...teamOff, startDate: '2026-12-07T15:00:00Z' }
    expect(statusRetirements([teamOn, tomorrow], [teamOn], NOW)).toEqual([])
  })

  it('should replace only statuses limited to pages among its own', () => {
    const both = status('both', '2026-12-06T21:00:00Z', {
      targetPage: TWELVE,
      morePages: ['/teams'],
    })
    expect(replaces(both, teamOn)).toBe(true)
    expect(replaces(teamOff, { ...teamOn, morePages: ['/teams'] })).toBe(false)
    expect(replaces(teamOff, siteOn)).toBe(false)
    // An older one never replaces a newer one.
    expect(replaces(teamOn, teamOff)).toBe(false)
  })

  it('should turn the retired alerts off and keep them in the list', () => {
    const values = [siteOn, teamOn, teamOff]
    const after = retire(values, [{ old: teamOn, by: teamOff }])
    expect(after.map((alert) => [alert.id, alert.isActive])).toEqual([
      ['Games on', true],
      ['12U on', false],
      ['12U off', true],
    ])
  })
})
