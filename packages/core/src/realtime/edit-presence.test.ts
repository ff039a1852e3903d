import { describe, expect, it } from 'vitest'

import { editChannelTopic, othersIn } from './edit-presence.ts'

const jordan = { id: 'j', name: 'Jordan', email: 'j@example.org', initials: 'J' }
const pat = { id: 'p', name: 'Pat', email: 'p@example.org', initials: 'P' }

describe('othersIn', () => {
  it('should list the others once each, earliest first, without me', () => {
    const state = {
      'j:tab1': [{ ...jordan, since: 30, presence_ref: 'a' }],
      'j:tab2': [{ ...jordan, since: 10, presence_ref: 'b' }],
      'p:tab1': [{ ...pat, since: 20, presence_ref: 'c' }],
      'me:tab1': [{ id: 'me', name: 'Me', since: 1, presence_ref: 'd' }],
    }
    expect(othersIn(state, 'me')).toEqual([
      { ...jordan, since: 10 },
      { ...pat, since: 20 },
    ])
  })

  it('should skip entries that are not editors', () => {
    const state = { x: [null, 'text', { id: 'q' }, { name: 'No id' }], y: [{ ...pat, since: 'x' }] }
    expect(othersIn(state, 'me')).toEqual([{ ...pat, since: 0 }])
  })
})

describe('editChannelTopic', () => {
  it('should be a staff channel per page', () => {
    expect(editChannelTopic('/fields')).toBe('staff:edit:/fields')
  })
})
