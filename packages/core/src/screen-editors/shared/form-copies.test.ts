import { describe, expect, it } from 'vitest'

import { createMemoryStorage, keptPendingSave } from '../../../test-utils/memory-storage.ts'
import { createPendingSaveStorage } from '../../content/pending-saves.ts'
import { createFormCopies } from './form-copies.ts'

// The form screens' copies and the store's pending saves share one store on the device
// (content/device-copies.ts, whose own tests cover the naming and the move from earlier names):
// here, both users find what an earlier build kept, after the move.

describe('device copies after an update', () => {
  it('should give the store’s pending saves and the form copies back after the move', () => {
    const storage = createMemoryStorage({
      'club-site:pending-save:v1:p1': JSON.stringify(keptPendingSave('p1')),
      'club-site:form-draft:v1:user-1:alerts': JSON.stringify({
        draft: { title: 'typed before the update' },
        base: { title: '' },
        savedAt: 5,
      }),
    })
    const warnings: string[] = []
    const pending = createPendingSaveStorage(storage, {
      isKnownKey: () => true,
      warn: (message) => warnings.push(message),
    })
    expect(pending.list()).toMatchObject([{ id: 'p1', value: [{ title: 'pending p1' }] }])
    expect(warnings).toEqual([])
    const copies = createFormCopies(storage, 'user-1')
    expect(copies.read('alerts')).toEqual({
      values: { title: 'typed before the update' },
      base: { title: '' },
      savedAt: 5,
    })
    expect([...storage.items.keys()].sort()).toEqual([
      'club-site:unsaved:form:v1:user-1:alerts',
      'club-site:unsaved:save:v1:p1',
    ])
  })
})
