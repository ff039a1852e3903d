import { describe, expect, it } from 'vitest'

import { CONTENT_NAMES, contentName } from './content-names.ts'
import { saveErrorMessage, tooLargeDetail, conflictNoticeText } from '../content/save-messages.ts'

describe('contentName', () => {
  it('should name every content key from the one table', () => {
    expect(contentName('fieldsContent')).toBe('Field status')
  })

  it('should never give back a key it does not know', () => {
    expect([contentName('someNewKey'), contentName('toString')]).toEqual([
      'this content',
      'this content',
    ])
  })
})

describe('messages about saves', () => {
  it('should name content in the club’s words in every failure and conflict', () => {
    const texts = (Object.keys(CONTENT_NAMES) as (keyof typeof CONTENT_NAMES)[]).flatMap((key) => [
      saveErrorMessage([key]),
      tooLargeDetail(key, { kind: 'items', items: 2001, path: '$.fields', limit: 2000 }),
      conflictNoticeText(key).title,
    ])
    const leaks = texts.filter((text) =>
      Object.keys(CONTENT_NAMES)
        // The Home page's key is also an ordinary word ("About page content", spec §8).
        .filter((key) => key !== 'content')
        .some((key) => new RegExp(`\\b${key}\\b`).test(text)),
    )
    // Case counts: "Alerts" is the name, `alerts` the key.
    expect(leaks).toEqual([])
  })

  it('should say where in the content a list is too long', () => {
    expect(
      tooLargeDetail('fieldsContent', { kind: 'items', items: 201, path: '$.fields', limit: 200 }),
    ).toContain('201 items in the fields list in Field status')
  })

  it('should name the list as the screens label it when the document is known', () => {
    const teams = { 'select-13u': { name: 'Big Train 13U', roster: [] } }
    const limit = {
      kind: 'items',
      items: 2001,
      path: '$."select-13u".roster',
      limit: 2000,
    } as const
    const detail = tooLargeDetail('teams', limit, teams)
    expect(detail).toContain('2,001 items in the “Big Train 13U › Roster” list in Teams & rosters')
    expect(detail).not.toContain('select-13u')
  })
})
