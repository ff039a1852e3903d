import { describe, expect, it } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { createPendingSaveBook } from './pending-save-book.ts'
import type { PendingSaveBookOptions } from './pending-save-book.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'

function book(options: Partial<PendingSaveBookOptions> = {}) {
  let ids = 0
  let clock = 1000
  return createPendingSaveBook({
    storage: createMemoryStorage(),
    isKnownKey: () => true,
    warn: () => undefined,
    newId: () => `pending-save-${++ids}`,
    now: () => clock++,
    ...options,
  })
}

describe('the pending save book', () => {
  it('should keep a staged pending save on the device before anything is sent', () => {
    const storage = createMemoryStorage()
    const pendingSaves = book({ storage })
    const pendingSave = pendingSaves.stage('alerts', ['a'], 3)
    expect(pendingSave).toMatchObject({
      key: 'alerts',
      baseVersion: 3,
      status: 'pending',
      revision: 1,
    })
    expect(
      JSON.parse(storage.items.get(`${PENDING_SAVE_PREFIX}${pendingSave.id}`) ?? '{}'),
    ).toEqual({
      id: pendingSave.id,
      key: 'alerts',
      value: ['a'],
      baseVersion: 3,
      savedAt: pendingSave.savedAt,
      attempts: 0,
      status: 'pending',
    })
  })

  it('should fold a second edit of a key into its pending save, keeping the version it started from', () => {
    const pendingSaves = book()
    const first = pendingSaves.stage('alerts', ['a'], 3)
    const second = pendingSaves.stage('alerts', ['b'], 4)
    expect(second).toMatchObject({ id: first.id, baseVersion: 3, revision: 2, value: ['b'] })
    expect([...pendingSaves.all()]).toHaveLength(1)
  })

  it('should not count a set-aside pending save as the live one', () => {
    const pendingSaves = book()
    const pendingSave = pendingSaves.stage('alerts', ['a'], 0)
    pendingSave.status = 'set-aside'
    expect(pendingSaves.active('alerts')).toBeUndefined()
    expect(pendingSaves.get(pendingSave.id)).toBe(pendingSave)
  })

  it('should forget a pending save in memory and on the device', () => {
    const storage = createMemoryStorage()
    const pendingSaves = book({ storage })
    pendingSaves.forget(pendingSaves.stage('alerts', ['a'], 0))
    expect([...pendingSaves.all()]).toEqual([])
    expect(storage.items.size).toBe(0)
    expect(pendingSaves.hasKept()).toBe(false)
  })

  it('should restore kept pending saves through the parser and set aside all but the newest of a key', () => {
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
