import { describe, expect, it, vi } from 'vitest'

import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { parseDocument } from '../entities/parse-document.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'
import { createStoreSaving } from './store-saving.ts'

// applyRemote: a document stored elsewhere (a Realtime change, a re-read of the shown keys)
// taken without a save.

const firstAlert = DEFAULT_CONTENT.alerts[0]
if (!firstAlert) throw new Error('the sample content has no alert')
const alerts = (title: string): ContentDocuments['alerts'] => [{ ...firstAlert, title }]

const h = contentStoreHarness(() => ({ loadSaving: () => ({ createStoreSaving }) }))

async function startedWithAlerts(title = 'Stored') {
  h.repository = createMemoryRepository({ alerts: alerts(title) })
  const store = h.makeStore({ canSave: true })
  store.start()
  await h.flush()
  return store
}

describe('applyRemote', () => {
  it('should show a newer version at once and tell subscribers', async () => {
    const store = await startedWithAlerts()
    const listener = vi.fn()
    store.subscribe(listener)

    await expect(store.applyRemote('alerts', alerts('Rain delay'), 2)).resolves.toBe(true)

    expect(store.get('alerts')[0]?.title).toBe('Rain delay')
    expect(store.version('alerts')).toBe(2)
    expect(listener).toHaveBeenCalledTimes(1)
    // Nothing was sent: the document is already stored.
    expect(h.repository.saves()).toEqual([])
  })

  it('should ignore the version it holds and older ones', async () => {
    const store = await startedWithAlerts()
    await store.applyRemote('alerts', alerts('Newer'), 3)
    const listener = vi.fn()
    store.subscribe(listener)

    await expect(store.applyRemote('alerts', alerts('Same version'), 3)).resolves.toBe(false)
    await expect(store.applyRemote('alerts', alerts('Older'), 2)).resolves.toBe(false)

    expect(store.get('alerts')[0]?.title).toBe('Newer')
    expect(store.version('alerts')).toBe(3)
    expect(listener).not.toHaveBeenCalled()
  })

  it('should read the document through the catalog, as a read does', async () => {
    const store = await startedWithAlerts()
    const damaged = [{ ...firstAlert, title: 'Kept', type: 'not-a-type' }]

    await store.applyRemote('alerts', damaged, 2)

    // The refused part falls back to its default; the rest is kept, and it is logged once.
    expect(store.get('alerts')[0]?.title).toBe('Kept')
    expect(store.get('alerts')[0]?.type).toBe(firstAlert.type)
    expect(h.logs.warnings.filter((line) => line.includes('"alerts"'))).toHaveLength(1)
  })

  it('should wait for a catalog that loads its parser on demand', async () => {
    let release: () => void = () => {}
    const parserLoaded = new Promise<void>((resolve) => (release = resolve))
    const catalog = createLazyEntitiesCatalog({
      parser: () => parserLoaded.then(() => parseDocument),
      builtIn: DEFAULT_CONTENT,
    })
    const store = h.makeStore({ catalog })

    const applied = store.applyRemote('alerts', alerts('After the parser'), 1)
    await h.flush()
    expect(store.version('alerts')).toBe(0)

    release()
    await expect(applied).resolves.toBe(true)
    expect(store.get('alerts')[0]?.title).toBe('After the parser')
  })

  it('should keep the document it holds when the same one arrives under a new version', async () => {
    const store = await startedWithAlerts()
    const shown = store.get('alerts')
    const listener = vi.fn()
    store.subscribe(listener)

    await expect(store.applyRemote('alerts', alerts('Stored'), 2)).resolves.toBe(true)

    // Same identity: React's snapshot does not change, so nothing re-renders for it.
    expect(store.get('alerts')).toBe(shown)
    expect(store.version('alerts')).toBe(2)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('should leave every other key as it was', async () => {
    const store = await startedWithAlerts()
    const before = Object.fromEntries(
      (['content', 'newsPosts', 'legacyStats'] as const).map((key) => [key, store.get(key)]),
    )

    await store.applyRemote('alerts', alerts('Only alerts'), 2)

    for (const [key, value] of Object.entries(before)) {
      expect(store.get(key as keyof ContentDocuments)).toBe(value)
    }
  })

  it('should not be undone by a read that answers with an older version', async () => {
    h.repository = createMemoryRepository({ fieldsContent: DEFAULT_CONTENT.fieldsContent })
    h.repository.latencyMs = 200
    const store = h.makeStore()
    store.start()
    // The background read is under way with version 1 when version 2 arrives.
    await vi.advanceTimersByTimeAsync(1100)
    const mainText = 'Every field is open.'
    await store.applyRemote('fieldsContent', { ...DEFAULT_CONTENT.fieldsContent, mainText }, 2)
    await vi.advanceTimersByTimeAsync(200)

    expect(store.getLoadState().background).toBe('loaded')
    expect(store.get('fieldsContent').mainText).toBe(mainText)
    expect(store.version('fieldsContent')).toBe(2)
  })

  it('should keep showing a pending save over it, and let it be stored over it', async () => {
    const store = await startedWithAlerts()
    h.repository.offline = true
    await store.save('alerts', alerts('Mine, not stored yet'))
    expect(store.getPendingSaves()).toMatchObject([{ key: 'alerts', baseVersion: 1 }])

    h.repository.offline = false
    const theirs = h.repository.storeAsSomeoneElse('alerts', alerts('Theirs'))
    await store.applyRemote('alerts', alerts('Theirs'), theirs)

    expect(store.get('alerts')[0]?.title).toBe('Mine, not stored yet')
    expect(store.version('alerts')).toBe(2)
    // Keeping mine now names the version just taken, so it is stored without a conflict.
    const id = store.getPendingSaves()[0]!.id
    await expect(store.overwrite(id)).resolves.toBe('stored')
    expect(h.repository.saves().at(-1)).toEqual({ key: 'alerts', baseVersion: 2 })
  })

  it('should ignore unknown keys and a disposed store', async () => {
    const store = await startedWithAlerts()
    const unknownKey = 'notAKey' as keyof ContentDocuments
    await expect(store.applyRemote(unknownKey, {}, 1)).resolves.toBe(false)

    store.dispose()
    await expect(store.applyRemote('alerts', alerts('Too late'), 9)).resolves.toBe(false)
    expect(store.version('alerts')).toBe(1)
  })
})
