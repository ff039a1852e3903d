import { describe, expect, it } from 'vitest'

import { fieldPlace } from './field-names.ts'

describe('fieldPlace', () => {
  it('should name fields as the screens label them, never as paths', () => {
    const alerts = [{ title: 'Rain' }, { title: 'Tryouts' }]
    expect(fieldPlace('alerts', [1, 'title'], alerts)).toBe('Alert 2 › Title')
    expect(fieldPlace('aboutContent', ['sections', 0, 'title'], {})).toBe('Section 1 › Title')
    expect(fieldPlace('content', ['hero', 'subtitle'], {})).toBe('Hero › Subtitle')
    expect(fieldPlace('alerts', [0, 'isPinned'], alerts)).toBe('Alert 1 › Pinned')
  })

  it('should name a team by its name and a player by its place', () => {
    const teams = { 'select-13u': { name: 'Big Train 13U', roster: [{}, {}, { name: 'Sam' }] } }
    expect(fieldPlace('teams', ['select-13u', 'roster', 2, 'name'], teams)).toBe(
      'Big Train 13U › Player 3 › Name',
    )
  })
})
