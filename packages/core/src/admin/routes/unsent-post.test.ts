import { describe, expect, it } from 'vitest'

import type { PendingSave } from '../../content/store-types.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { unsentOf } from './unsent-post.ts'

const [first] = DEFAULT_CONTENT.newsPosts as [(typeof DEFAULT_CONTENT.newsPosts)[number]]
const stored = { ...first, published: true }

function kept(
  value: unknown,
  baseValue: unknown,
  key = `news/${first.id}`,
  status: PendingSave['status'] = 'pending',
): PendingSave {
  return {
    id: `${key}-1`,
    key,
    value,
    baseValue,
    baseVersion: 3,
    savedAt: 0,
    attempts: 1,
    status,
    nextRetryAt: undefined,
    sending: false,
  }
}

describe('unsentOf', () => {
  it('should say a post never stored is unsent whole', () => {
    expect(unsentOf([kept(stored, undefined)], `news/${first.id}`)).toBe('post')
  })

  it('should say a stored post changed here has unsent changes, and an unchanged one none', () => {
    expect(unsentOf([kept({ ...stored, title: 'Renamed' }, stored)], `news/${first.id}`)).toBe(
      'changes',
    )
    expect(unsentOf([kept(stored, stored)], `news/${first.id}`)).toBeUndefined()
  })

  it('should look only at saves of the post’s own key', () => {
    const pending = [kept({ ...stored, title: 'Renamed' }, stored, 'news/other')]
    expect(unsentOf(pending, `news/${first.id}`)).toBeUndefined()
    expect(unsentOf(pending, 'news/other')).toBe('changes')
    expect(unsentOf([], `news/${first.id}`)).toBeUndefined()
  })

  it('should leave out a save set aside for the stored version', () => {
    const pending = [kept({ ...stored, title: 'Renamed' }, stored, `news/${first.id}`, 'set-aside')]
    expect(unsentOf(pending, `news/${first.id}`)).toBeUndefined()
  })
})
