import { describe, expect, it } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { createDraftBook } from './draft-book.ts'
import type { DraftBookOptions } from './draft-book.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'

function book(options: Partial<DraftBookOptions> = {}) {
  let ids = 0
  let clock = 1000
  return createDraftBook({
    storage: createMemoryStorage(),
    isKnownKey: () => true,
    warn: () => undefined,
    newId: () => `draft-${++ids}`,
    now: () => clock++,
    ...options,
  })
}

describe('the draft book', () => {
  it('should keep a staged draft on the device before anything is sent', () => {
    const storage = createMemoryStorage()
    const drafts = book({ storage })
    const draft = drafts.stage('alerts', ['a'], 3)
    expect(draft).toMatchObject({ key: 'alerts', baseVersion: 3, status: 'pending', revision: 1 })
    expect(JSON.parse(storage.items.get(`${PENDING_SAVE_PREFIX}${draft.id}`) ?? '{}')).toEqual({
      id: draft.id,
      key: 'alerts',
      value: ['a'],
      baseVersion: 3,
      savedAt: draft.savedAt,
      attempts: 0,
      status: 'pending',
    })
  })

  it('should fold a second edit of a key into its draft, keeping the version it started from', () => {
    const drafts = book()
    const first = drafts.stage('alerts', ['a'], 3)
    const second = drafts.stage('alerts', ['b'], 4)
    expect(second).toMatchObject({ id: first.id, baseVersion: 3, revision: 2, value: ['b'] })
    expect([...drafts.all()]).toHaveLength(1)
  })

  it('should not count a set-aside draft as the live one', () => {
    const drafts = book()
    const draft = drafts.stage('alerts', ['a'], 0)
    draft.status = 'set-aside'
    expect(drafts.active('alerts')).toBeUndefined()
    expect(drafts.get(draft.id)).toBe(draft)
  })

  it('should forget a draft in memory and on the device', () => {
    const storage = createMemoryStorage()
    const drafts = book({ storage })
    drafts.forget(drafts.stage('alerts', ['a'], 0))
    expect([...drafts.all()]).toEqual([])
    expect(storage.items.size).toBe(0)
    expect(drafts.hasKept()).toBe(false)
  })

  it('should restore kept drafts through the parser and set aside all but the newest of a key', () => {
    const storage = createMemoryStorage()
    const firstTab = book({ storage, newId: () => 'older', now: () => 1 })
    firstTab.stage('alerts', ['older'], 0)
    const secondTab = book({ storage, newId: () => 'newer', now: () => 2 })
    secondTab.stage('alerts', ['newer'], 0)

    const reloaded = book({ storage })
    expect(reloaded.hasKept()).toBe(true)
    const keys = reloaded.restore((_key, raw) => ({ parsed: raw }))
    expect(keys).toEqual(['alerts'])
    expect(reloaded.active('alerts')).toMatchObject({
      id: 'newer',
      viewValue: { parsed: ['newer'] },
    })
    expect(reloaded.get('older')?.status).toBe('set-aside')
    expect(JSON.parse(storage.items.get(`${PENDING_SAVE_PREFIX}older`) ?? '{}').status).toBe(
      'set-aside',
    )
  })
})
