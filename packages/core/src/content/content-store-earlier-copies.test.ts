import { describe, expect, it, vi } from 'vitest'

import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'
import { LEGACY_PREFIXES } from './device-copies.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'

// A device updated from an earlier build holds its kept saves under that build's names: the
// store must see them at start (before anyone signs in) and show them again.

const h = contentStoreHarness()

describe('saves kept by an earlier build', () => {
  it('should be shown again at start and kept under this build’s name', async () => {
    const firstAlert = DEFAULT_CONTENT.alerts[0]
    const record = {
      id: 'kept-before',
      key: 'alerts',
      value: [{ ...firstAlert, title: 'Typed before the update' }],
      baseVersion: 0,
      savedAt: 1,
      attempts: 1,
      status: 'pending',
    }
    h.storage = createMemoryStorage({
      [`${LEGACY_PREFIXES.save}kept-before`]: JSON.stringify(record),
    })
    const store = h.makeStore({ catalog: createLazyEntitiesCatalog() })
    store.start()
    await vi.waitFor(async () => {
      await h.flush()
      expect(store.getPendingSaves()).toMatchObject([{ id: 'kept-before', status: 'pending' }])
    })
    expect(store.get('alerts')[0]?.title).toBe('Typed before the update')
    expect([...h.storage.items.keys()]).toEqual([`${PENDING_SAVE_PREFIX}kept-before`])
  })
})
