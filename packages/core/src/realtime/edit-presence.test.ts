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

describe('othersIn, fields', () => {
  it('should give the field each other editor is in, cut to its longest, from any of their tabs', () => {
    const long = 'x'.repeat(200)
    const state = {
      'j:tab1': [{ ...jordan, since: 10 }],
      'j:tab2': [{ ...jordan, since: 30, field: '  Title \n of the post ' }],
      'p:tab1': [{ ...pat, since: 20, field: long }],
      'q:tab1': [{ id: 'q', name: 'Quinn', since: 40, field: 12 }],
    }
    expect(othersIn(state, 'me')).toEqual([
      { ...jordan, since: 10, field: 'Title of the post' },
      { ...pat, since: 20, field: 'x'.repeat(80) },
      { id: 'q', name: 'Quinn', email: '', initials: '?', since: 40 },
    ])
  })
})

describe('editChannelTopic', () => {
  it('should be a staff channel per page', () => {
    expect(editChannelTopic('/fields')).toBe('staff:edit:/fields')
  })
})
