import { describe, expect, it } from 'vitest'

import type { PendingSave } from '../../content/store-types.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { unsentOf } from './unsent-post.ts'

const [first, second] = DEFAULT_CONTENT.newsPosts as [
  (typeof DEFAULT_CONTENT.newsPosts)[number],
  (typeof DEFAULT_CONTENT.newsPosts)[number],
]

function kept(
  value: unknown,
  baseValue: unknown,
  key = 'newsPosts',
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
  const added = { ...first, id: 'news-added', slug: 'added' }

  it('should say a post the stored document lacks is unsent whole', () => {
    const pending = [kept([added, first, second], [first, second])]
    expect(unsentOf(pending, 'newsPosts', 'news-added')).toBe('post')
  })

  it('should say a stored post changed here has unsent changes, and an untouched one none', () => {
    const pending = [kept([{ ...first, title: 'Renamed' }, second], [first, second])]
    expect(unsentOf(pending, 'newsPosts', first.id)).toBe('changes')
    expect(unsentOf(pending, 'newsPosts', second.id)).toBeUndefined()
  })

  it('should look only at saves of the document the post is in', () => {
    const pending = [kept([added], [], 'newsDrafts')]
    expect(unsentOf(pending, 'newsPosts', 'news-added')).toBeUndefined()
    expect(unsentOf(pending, 'newsDrafts', 'news-added')).toBe('post')
    expect(unsentOf([], 'newsPosts', first.id)).toBeUndefined()
  })

  it('should leave out a save set aside for the stored version', () => {
    const pending = [kept([added, first], [first], 'newsPosts', 'set-aside')]
    expect(unsentOf(pending, 'newsPosts', 'news-added')).toBeUndefined()
  })

  it('should treat a save kept by an older build, without its base, as changes', () => {
    expect(unsentOf([kept([first], undefined)], 'newsPosts', first.id)).toBe('changes')
  })
})
