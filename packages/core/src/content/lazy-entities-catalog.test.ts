import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { parseDocument } from '../entities/parse-document.ts'
import { createContentStore } from './content-store.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'

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
})
