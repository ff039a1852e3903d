import { describe, expect, it } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { parseDocument } from '../entities/parse-document.ts'
import { createContentStore } from './content-store.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'

/** A catalog whose schemas load at once, counting how often they are loaded. */
function countingCatalog() {
  const counter = { loads: 0 }
  const catalog = createLazyEntitiesCatalog(async () => {
    counter.loads++
    return parseDocument
  })
  return { catalog, counter }
}

const quiet = { warn: () => {}, error: () => {} }

describe('lazy entities catalog', () => {
  it('should refuse to parse before the schemas are loaded', () => {
    const catalog = createLazyEntitiesCatalog(async () => parseDocument)
    expect(() => catalog.parse('alerts', [])).toThrow(/before prepare/)
  })

  it('should show defaults until the schemas arrive, then the stored, validated document', async () => {
    let release: (parser: typeof parseDocument) => void = () => {}
    const loaded = new Promise<typeof parseDocument>((resolve) => (release = resolve))
    const catalog = createLazyEntitiesCatalog(() => loaded)
    const stored = [
      { ...DEFAULT_CONTENT.alerts[0]!, id: 'only-stored', title: 'Stored alert' },
      { broken: true },
    ]
    const store = createContentStore({
      repository: {
        read: async (keys) =>
          keys.includes('alerts')
            ? [{ key: 'alerts', value: stored, version: 3, updatedAt: '' }]
            : [],
        save: async () => ({ version: 1 }),
      },
      catalog,
      storage: null,
      events: null,
      logger: { warn: () => {}, error: () => {} },
    })
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    store.start()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts) // the read is in, the schemas are not
    release(parseDocument)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(store.get('alerts').map((a) => a.title)).toEqual(['Stored alert']) // the malformed entry dropped
    expect(store.version('alerts')).toBe(3)
    store.dispose()
  })

  it('should never load the schemas when nothing is stored and no draft is kept', async () => {
    const { catalog, counter } = countingCatalog()
    let reads = 0
    const store = createContentStore({
      repository: {
        read: async () => {
          reads++
          return []
        },
        save: async () => ({ version: 1 }),
      },
      catalog,
      storage: null,
      events: null,
      backgroundDelayMs: 0,
      logger: quiet,
    })
    store.start()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads).toBe(2) // vital and background keys were both read
    expect(counter.loads).toBe(0)
    expect(store.getLoadState()).toEqual({ vital: 'loaded', background: 'loaded' })
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    store.dispose()
  })

  it('should load the schemas at start when a draft from an earlier visit is kept', async () => {
    const { catalog, counter } = countingCatalog()
    const storage = createMemoryStorage()
    const offline = {
      read: async () => [],
      save: async (): Promise<{ version: number }> => {
        throw new TypeError('Failed to fetch')
      },
    }
    const first = createContentStore({
      repository: offline,
      catalog,
      storage,
      events: null,
      logger: quiet,
    })
    first.setAccess(true)
    void first.save('legacyStats', [])
    await new Promise((resolve) => setTimeout(resolve, 10))
    first.dispose()
    expect(storage.items.size).toBe(1)

    const second = createContentStore({ repository: offline, catalog, storage, events: null })
    second.start()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(counter.loads).toBe(1)
    expect(second.get('legacyStats')).toEqual([])
    second.dispose()
  })
})
