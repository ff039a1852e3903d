import { describe, expect, it, vi } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { parseDocument } from '../entities/parse-document.ts'
import type { ContentRepository } from './content-repository.ts'
import { createContentStore } from './content-store.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'

/** A catalog whose schemas and defaults load at once, counting how often each is loaded. */
function countingCatalog() {
  const counter = { parser: 0, defaults: 0 }
  const catalog = createLazyEntitiesCatalog({
    parser: async () => {
      counter.parser++
      return parseDocument
    },
    defaults: async () => {
      counter.defaults++
      return DEFAULT_CONTENT
    },
  })
  return { catalog, counter }
}

/** A promise released by hand. */
function gate<T>() {
  let release: (value: T) => void = () => {}
  const promise = new Promise<T>((resolve) => (release = resolve))
  return { promise, release }
}

const quiet = { warn: () => {}, error: () => {} }
// No test waits a fixed time and then looks for what did not happen: each waits for what the
// store did (a load state, a version, a loader asked for), after which the rest cannot change.
const until = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 5 })
const loaded = { vital: 'loaded', background: 'loaded', staff: 'idle' }
const nothingStored: ContentRepository = {
  read: async () => [],
  save: async () => ({ version: 1 }),
}

describe('lazy entities catalog', () => {
  it('should refuse to parse before the schemas are loaded', () => {
    const { catalog } = countingCatalog()
    expect(() => catalog.parse('alerts', [])).toThrow(/before prepare/)
  })

  it('should know no built-in document until they are loaded, then every one', async () => {
    const { catalog, counter } = countingCatalog()
    expect(catalog.defaultFor('teams')).toBeUndefined()
    await Promise.all([catalog.loadDefaults?.(), catalog.loadDefaults?.()])
    expect(counter.defaults).toBe(1)
    expect(catalog.defaultFor('teams')).toBe(DEFAULT_CONTENT.teams)
  })

  it('should show the baseline until the schemas arrive, then the stored, validated document', async () => {
    const parser = gate<typeof parseDocument>()
    let schemasAsked = false
    const catalog = createLazyEntitiesCatalog({
      parser: () => {
        schemasAsked = true
        return parser.promise
      },
      defaults: async () => DEFAULT_CONTENT,
    })
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
      logger: quiet,
      baseline: { alerts: DEFAULT_CONTENT.alerts },
    })
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    store.start()
    // The read is in (a stored row asks for the schemas to parse it), the schemas are not.
    await until(() => expect(schemasAsked).toBe(true))
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    parser.release(parseDocument)
    await until(() => expect(store.version('alerts')).toBe(3))
    expect(store.get('alerts').map((a) => a.title)).toEqual(['Stored alert']) // the malformed entry dropped
    store.dispose()
  })

  it('should show a prerendered page its own documents without loading the built-in ones', async () => {
    const { catalog, counter } = countingCatalog()
    const shown: Partial<ContentDocuments> = { legacyStats: [], quickLinks: [] }
    const store = createContentStore({
      repository: nothingStored,
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      baseline: shown,
    })
    expect(store.ready('legacyStats')).toBe(true)
    expect(store.get('legacyStats')).toBe(shown.legacyStats)
    expect(store.getBaseline('quickLinks')).toBe(shown.quickLinks)
    // A key the page did not bring has nothing to show until the built-in documents load.
    expect(store.ready('teams')).toBe(false)
    expect(store.get('teams')).toBeUndefined()
    expect(counter.defaults).toBe(0)
    store.dispose()
  })

  it('should try the built-in documents again when their code could not load (offline)', async () => {
    let tries = 0
    const catalog = createLazyEntitiesCatalog({
      parser: async () => parseDocument,
      defaults: () => {
        tries += 1
        return tries === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : Promise.resolve(DEFAULT_CONTENT)
      },
    })
    const store = createContentStore({
      repository: nothingStored,
      catalog,
      storage: null,
      events: null,
      logger: quiet,
    })
    await expect(store.whenReady('teams')).rejects.toThrow(/dynamically imported/)
    // Back online, the page that needs them asks again, and gets them.
    await store.whenReady('teams')
    expect(store.get('teams')).toBe(DEFAULT_CONTENT.teams)
    expect(tries).toBe(2)
  })

  it('should load the built-in documents once when a page needs one, and tell subscribers', async () => {
    const defaults = gate<ContentDocuments>()
    const catalog = createLazyEntitiesCatalog({
      parser: async () => parseDocument,
      defaults: () => defaults.promise,
    })
    const store = createContentStore({
      repository: nothingStored,
      catalog,
      storage: null,
      events: null,
      logger: quiet,
    })
    let told = 0
    store.subscribe(() => told++)
    const first = store.whenReady('teams')
    expect(store.whenReady('staff')).toBe(first) // one load for every key
    expect(store.ready('teams')).toBe(false)
    defaults.release(DEFAULT_CONTENT)
    await first
    expect(store.ready('teams')).toBe(true)
    expect(store.get('teams')).toBe(DEFAULT_CONTENT.teams)
    expect(told).toBeGreaterThan(0)
    await expect(store.whenReady('teams')).resolves.toBeUndefined()
    store.dispose()
  })

  it('should keep showing the page’s documents when a read finds a key not stored, until the built-in one is in', async () => {
    const defaults = gate<ContentDocuments>()
    const catalog = createLazyEntitiesCatalog({
      parser: async () => parseDocument,
      defaults: () => defaults.promise,
    })
    const built = [{ ...DEFAULT_CONTENT.alerts[0]!, id: 'stored-at-build', title: 'Since deleted' }]
    const store = createContentStore({
      repository: nothingStored,
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      backgroundDelayMs: 0,
      baseline: { alerts: built },
    })
    store.start()
    // The read says nothing is stored: the page's document stays until the default arrives…
    await until(() => expect(store.getLoadState().vital).toBe('loaded'))
    expect(store.get('alerts')).toBe(built)
    defaults.release(DEFAULT_CONTENT)
    // …then the built-in document replaces it.
    await until(() => expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts))
    store.dispose()
  })

  it('should not load the built-in documents when a read finds the page’s built-in ones still not stored', async () => {
    const { catalog, counter } = countingCatalog()
    const shown = { quickLinks: DEFAULT_CONTENT.quickLinks, alerts: DEFAULT_CONTENT.alerts }
    const store = createContentStore({
      repository: nothingStored,
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      backgroundDelayMs: 0,
      baseline: shown,
      builtInBaseline: ['quickLinks', 'alerts'],
    })
    store.start()
    await until(() => expect(store.getLoadState()).toEqual(loaded))
    expect(store.get('quickLinks')).toBe(shown.quickLinks)
    expect(store.get('alerts')).toBe(shown.alerts)
    expect(counter.defaults).toBe(0)
    store.dispose()
  })

  it('should take rows of the versions the page was built from as the page holds them, loading neither schemas nor built-in documents', async () => {
    const { catalog, counter } = countingCatalog()
    // What the build parsed and put in the page; the read answers the same rows, raw.
    const built = {
      alerts: [{ ...DEFAULT_CONTENT.alerts[0]!, id: 'stored', title: 'Stored at build' }],
      legacyStats: DEFAULT_CONTENT.legacyStats,
    }
    const rows = [
      { key: 'alerts', value: structuredClone(built.alerts), version: 7, updatedAt: '' },
      { key: 'legacyStats', value: structuredClone(built.legacyStats), version: 2, updatedAt: '' },
    ]
    const store = createContentStore({
      repository: {
        read: async (keys) => rows.filter((row) => (keys as string[]).includes(row.key)),
        save: async () => ({ version: 1 }),
      },
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      baseline: built,
      baselineVersions: { alerts: 7, legacyStats: 2 },
    })
    store.start()
    await until(() => expect(store.getLoadState().vital).toBe('loaded'))
    expect(store.get('alerts')).toBe(built.alerts) // the page's own document: nothing re-renders
    expect(store.version('alerts')).toBe(7)
    expect(store.version('legacyStats')).toBe(2)
    expect(counter).toEqual({ parser: 0, defaults: 0 })
    store.dispose()
  })

  it('should parse a row stored since the build (another version), and one the page had from the built-in documents', async () => {
    const { catalog, counter } = countingCatalog()
    const built = [{ ...DEFAULT_CONTENT.alerts[0]!, id: 'stored', title: 'Stored at build' }]
    const newer = [{ ...built[0]!, title: 'Saved since', extra: 'not in the schema' }]
    const rows = [
      { key: 'alerts', value: newer, version: 8, updatedAt: '' },
      { key: 'legacyStats', value: DEFAULT_CONTENT.legacyStats, version: 1, updatedAt: '' },
    ]
    const store = createContentStore({
      repository: {
        read: async (keys) => rows.filter((row) => (keys as string[]).includes(row.key)),
        save: async () => ({ version: 1 }),
      },
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      baseline: { alerts: built, legacyStats: DEFAULT_CONTENT.legacyStats },
      // legacyStats was the built-in document at build time: a stored row of it is new here.
      builtInBaseline: ['legacyStats'],
      baselineVersions: { alerts: 7, legacyStats: 1 },
    })
    store.start()
    await until(() => expect(store.getLoadState().vital).toBe('loaded'))
    expect(counter.parser).toBe(1)
    expect(store.get('alerts').map((a) => a.title)).toEqual(['Saved since'])
    expect(store.get('alerts')[0]).not.toHaveProperty('extra') // parsed, not taken as it came
    expect(store.version('alerts')).toBe(8)
    expect(store.get('legacyStats')).not.toBe(DEFAULT_CONTENT.legacyStats) // parsed too
    store.dispose()
  })

  it('should parse documents the page does not show only once the page has started, and those it shows at once', async () => {
    const { catalog, counter } = countingCatalog()
    const started = gate<void>()
    let waitingForStart = false
    const built = [{ ...DEFAULT_CONTENT.alerts[0]!, id: 'stored', title: 'Stored at build' }]
    let rows: { key: string; value: unknown; version: number; updatedAt: string }[] = [
      { key: 'teams', value: DEFAULT_CONTENT.teams, version: 4, updatedAt: '' },
    ]
    const store = createContentStore({
      repository: {
        read: async (keys) => rows.filter((row) => (keys as string[]).includes(row.key)),
        save: async () => ({ version: 1 }),
      },
      catalog,
      storage: null,
      events: null,
      logger: quiet,
      backgroundDelayMs: 0,
      baseline: { alerts: built },
      baselineVersions: { alerts: 7 },
      untilStarted: () => {
        waitingForStart = true
        return started.promise
      },
    })
    store.start()
    // Teams (not on this page) is read but waits for the start, and so do the schemas.
    await until(() => expect(waitingForStart).toBe(true))
    expect(counter.parser).toBe(0)
    expect(store.getLoadState().background).toBe('loading')
    started.release()
    await until(() => expect(store.getLoadState().background).toBe('loaded'))
    expect(counter.parser).toBe(1)
    expect(store.version('teams')).toBe(4)
    store.dispose()

    // An alert saved since the build is on the page: parsed without waiting.
    const { catalog: second, counter: secondCounter } = countingCatalog()
    rows = [
      { key: 'alerts', value: [{ ...built[0]!, title: 'Saved since' }], version: 8, updatedAt: '' },
    ]
    const never = new Promise<void>(() => {})
    const other = createContentStore({
      repository: {
        read: async (keys) => rows.filter((row) => (keys as string[]).includes(row.key)),
        save: async () => ({ version: 1 }),
      },
      catalog: second,
      storage: null,
      events: null,
      logger: quiet,
      baseline: { alerts: built },
      baselineVersions: { alerts: 7 },
      untilStarted: () => never,
    })
    other.start()
    await until(() => expect(other.getLoadState().vital).toBe('loaded'))
    expect(secondCounter.parser).toBe(1)
    expect(other.get('alerts').map((a) => a.title)).toEqual(['Saved since'])
    other.dispose()
  })

  it('should never load the schemas when nothing is stored and no pending save is kept', async () => {
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
      baseline: { alerts: DEFAULT_CONTENT.alerts },
    })
    store.start()
    await until(() => expect(store.getLoadState()).toEqual(loaded))
    expect(reads).toBe(2) // vital and background keys were both read
    expect(counter.parser).toBe(0)
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    store.dispose()
  })

  it('should load the schemas at start when a pending save from an earlier visit is kept', async () => {
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
    // The saving half loads on demand; the failed save is then kept on the device.
    await until(() => expect(storage.items.size).toBe(1))
    first.dispose()

    const second = createContentStore({ repository: offline, catalog, storage, events: null })
    second.start()
    await until(() => {
      expect(counter.parser).toBe(1)
      expect(second.get('legacyStats')).toEqual([])
    })
    second.dispose()
  })
})
