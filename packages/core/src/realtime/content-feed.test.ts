import { describe, expect, it } from 'vitest'

import { contentChangeFrom } from './content-feed.ts'

const keys = new Set(['alerts', 'fieldsContent'])
const row = {
  key: 'alerts',
  value: [{ title: 'Game on' }],
  version: 4,
  updated_by: '00000000-0000-4000-8000-000000000001',
  updated_at: '2026-05-01T12:00:00Z',
  base_version: null,
}

describe('contentChangeFrom', () => {
  it('should read a change of a followed key', () => {
    expect(contentChangeFrom(row, keys)).toEqual({
      key: 'alerts',
      value: [{ title: 'Game on' }],
      version: 4,
      updatedBy: '00000000-0000-4000-8000-000000000001',
      updatedAt: '2026-05-01T12:00:00Z',
    })
  })

  it('should read a save of a public form as a save of its document, in that form', () => {
    expect(contentChangeFrom({ ...row, key: 'publicTeams' }, new Set(['teams']))).toMatchObject({
      key: 'teams',
      version: 4,
      form: 'public',
    })
    expect(contentChangeFrom({ ...row, key: 'publicTeams' }, keys)).toBeUndefined()
  })

  it('should keep a change whose document Realtime left out, for a read', () => {
    const { value: _value, ...withoutValue } = row
    expect(contentChangeFrom(withoutValue, keys)).toMatchObject({ key: 'alerts', value: undefined })
  })

  it.each([
    ['another key', { ...row, key: 'teams' }],
    ['an unknown key', { ...row, key: 'secrets' }],
    ['no version', { ...row, version: null }],
    ['version 0', { ...row, version: 0 }],
    ['a fractional version', { ...row, version: 1.5 }],
    ['no row', null],
    ['a string', 'alerts'],
  ])('should ignore %s', (_label, record) => {
    expect(contentChangeFrom(record, keys)).toBeUndefined()
  })
})
