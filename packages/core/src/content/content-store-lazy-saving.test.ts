import { describe, expect, it, vi } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import type { SavingModule } from './content-store.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'
import { createStoreSaving } from './store-saving.ts'

// The saving half loads on demand (visitors never save): these tests hold its loader back
// to check what happens before it arrives, and that visitors never ask for it.

const firstAlert = DEFAULT_CONTENT.alerts[0]
if (!firstAlert) throw new Error('the sample content has no alert')
const alerts = (title: string): ContentDocuments['alerts'] => [{ ...firstAlert, title }]

/** A loader the test releases by hand, counting how often it was asked. */
function heldLoader() {
  let release: (module: SavingModule) => void = () => undefined
  const promise = new Promise<SavingModule>((resolve) => {
    release = resolve
  })
  const loader = {
    calls: 0,
    load: () => {
      loader.calls += 1
      return promise
    },
    release: () => release({ createStoreSaving }),
  }
  return loader
}

const h = contentStoreHarness()
const { makeStore, flush } = h

describe('the saving half, loaded on demand', () => {
  it('should never load it for a visitor with nothing kept on the device', async () => {
    const loader = heldLoader()
    const store = makeStore({ loadSaving: loader.load, catalog: createLazyEntitiesCatalog() })
    store.start()
    await vi.advanceTimersByTimeAsync(5000)
    expect(store.getPendingSaves()).toEqual([])
    await flush()
    expect(store.getSaveState()).toEqual({ status: 'idle', keys: [] })
    await expect(store.save('alerts', alerts('No rights'))).resolves.toBe('ignored')
    expect(loader.calls).toBe(0)
  })

  it('should load it when access is granted, once', async () => {
    const loader = heldLoader()
    const store = makeStore({ loadSaving: loader.load })
    store.start()
    store.setAccess(true)
    expect(store.canSave()).toBe(true)
    void store.save('alerts', alerts('One'))
    expect(loader.calls).toBe(1)
    loader.release()
    await flush()
    expect(store.get('alerts')[0]?.title).toBe('One')
  })

  it('should apply saves made before it loaded, in order, and resolve them', async () => {
    const loader = heldLoader()
    const store = makeStore({ loadSaving: loader.load, canSave: true })
    store.start()
    const first = store.save('alerts', alerts('First'))
    const second = store.save('alerts', alerts('Second'))
    const many = store.saveMany([{ key: 'alerts', document: alerts('Third') }])
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    loader.release()
    await flush()
    expect(store.get('alerts')[0]?.title).toBe('Third')
    await vi.advanceTimersByTimeAsync(1200)
    await expect(Promise.all([first, second, many])).resolves.toEqual([
      'stored',
      'stored',
      ['stored'],
    ])
    expect(h.repository.rows.get('alerts')?.value).toEqual(alerts('Third'))
  })

  it('should load it at start when the device keeps saves, and show them once parsed', async () => {
    const record = {
      id: 'kept',
      key: 'alerts',
      value: alerts('Kept pending save'),
      baseVersion: 0,
      savedAt: 1,
      attempts: 1,
      status: 'pending',
    }
    h.storage = createMemoryStorage({ [`${PENDING_SAVE_PREFIX}kept`]: JSON.stringify(record) })
    const loader = heldLoader()
    const store = makeStore({ loadSaving: loader.load, catalog: createLazyEntitiesCatalog() })
    expect(loader.calls).toBe(0)
    store.start()
    expect(loader.calls).toBe(1)
    loader.release()
    await vi.waitFor(async () => {
      await flush()
      expect(store.getPendingSaves()).toMatchObject([{ id: 'kept', status: 'pending' }])
    })
    expect(store.get('alerts')[0]?.title).toBe('Kept pending save')
  })

  it('should settle waiting saves as ignored when disposed before it loaded', async () => {
    const loader = heldLoader()
    const store = makeStore({ loadSaving: loader.load, canSave: true })
    const outcome = store.save('alerts', alerts('Too late'))
    store.dispose()
    await expect(outcome).resolves.toBe('ignored')
    loader.release()
    await flush()
    expect(h.repository.saves()).toEqual([])
  })

  it('should try again after a failed load and log it', async () => {
    let calls = 0
    const store = makeStore({
      canSave: true,
      loadSaving: () => {
        calls += 1
        return calls === 1
          ? Promise.reject(new Error('chunk failed'))
          : Promise.resolve({ createStoreSaving })
      },
    })
    void store.save('alerts', alerts('Queued'))
    await flush()
    expect(h.logs.errors.length).toBe(1)
    const outcome = store.save('alerts', alerts('Retried'))
    await flush()
    expect(store.get('alerts')[0]?.title).toBe('Retried')
    await vi.advanceTimersByTimeAsync(1200)
    await expect(outcome).resolves.toBe('stored')
  })
})
