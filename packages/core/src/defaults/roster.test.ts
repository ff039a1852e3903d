import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from './default-content.ts'
import { SAMPLE_ROSTER } from '../club/club-facts.ts'
import { placeholderRoster, sizeBandFor } from './roster.ts'

const inches = (height: string) => {
  const match = /^(\d+)'(\d+)"$/.exec(height)
  if (!match) throw new Error(`not a height: ${height}`)
  return Number(match[1]) * 12 + Number(match[2])
}

describe('placeholder rosters', () => {
  it('should keep the spec sample weights, 150–189 lbs, for the DMV Prospects classes', () => {
    for (const year of [2026, 2027, 2028]) {
      const roster = DEFAULT_CONTENT.teams[`dmv-prospects-${year}`]?.roster ?? []
      expect(roster).toHaveLength(SAMPLE_ROSTER.size)
      for (const player of roster) {
        expect(player.weight).toBeGreaterThanOrEqual(150)
        expect(player.weight).toBeLessThanOrEqual(189)
        expect(player.highSchool).toBe('TBA')
      }
    }
  })

  it('should give every team heights and weights inside the band for its age', () => {
    for (const team of Object.values(DEFAULT_CONTENT.teams)) {
      for (const player of team.roster) {
        const band = sizeBandFor(player.gradYear ?? 0)
        expect(player.weight).toBeGreaterThanOrEqual(band.minWeight)
        expect(player.weight).toBeLessThanOrEqual(band.maxWeight)
        expect(inches(player.height)).toBeGreaterThanOrEqual(band.minInches)
        expect(inches(player.height)).toBeLessThanOrEqual(band.maxInches)
      }
    }
  })

  it('should make 10U players smaller than high-school players, with no high school listed', () => {
    const tenU = DEFAULT_CONTENT.teams['big-train-10u']?.roster ?? []
    expect(tenU).toHaveLength(SAMPLE_ROSTER.size)
    for (const player of tenU) {
      expect(player.weight).toBeLessThanOrEqual(90)
      expect(inches(player.height)).toBeLessThanOrEqual(58)
      expect(player.highSchool).toBe('')
    }
  })

  it('should grow the size bands with age', () => {
    const bands = [2034, 2032, 2031, 2030, 2027].map(sizeBandFor)
    for (let i = 1; i < bands.length; i++) {
      expect(bands[i]!.minWeight).toBeGreaterThan(bands[i - 1]!.minWeight)
      expect(bands[i]!.maxInches).toBeGreaterThan(bands[i - 1]!.maxInches)
    }
  })

  it('should make taller players of a team heavier on average', () => {
    const roster = placeholderRoster('select-14u', 2030)
    const sorted = [...roster].sort((a, b) => inches(a.height) - inches(b.height))
    const mean = (list: typeof roster) =>
      list.reduce((sum, player) => sum + (player.weight ?? 0), 0) / list.length
    expect(mean(sorted.slice(-5))).toBeGreaterThan(mean(sorted.slice(0, 5)))
  })
})
