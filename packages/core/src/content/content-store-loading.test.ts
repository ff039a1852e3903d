import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../test-utils/memory-repository.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { VITAL_KEYS } from '../entities/content-keys.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { createContentStore, VITAL_RETRY_MS } from './content-store.ts'
import type { ContentStore, ContentStoreOptions } from './content-store.ts'
import { entitiesCatalog } from './entities-catalog.ts'

// What a page shows before and after its reads answer: the baseline its HTML was built
// from, then what is stored now; and how a failed vital read recovers by itself.

const home = (title: string): ContentDocuments['content'] => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, title },
})

let repository: MemoryRepository
let notices: ReturnType<typeof recordNotices>
let logs: ReturnType<typeof recordLogs>
const stores: ContentStore<ContentDocuments>[] = []
const events = new EventTarget()

function makeStore(options: Partial<ContentStoreOptions<ContentDocuments>> = {}) {
  const store = createContentStore<ContentDocuments>({
    repository,
    catalog: entitiesCatalog,
    storage: null,
    notify: notices.notify,
    logger: logs.logger,
    events,
    ...options,
  })
  stores.push(store)
  return store
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  repository = createMemoryRepository()
  notices = recordNotices()
  logs = recordLogs()
})

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose()
  vi.useRealTimers()
})

describe('the baseline a prerendered page was built from', () => {
  it('should be what hydration renders and what shows until the read answers', async () => {
    const built = home('Stored when the site was built')
    repository.latencyMs = 500
    repository.storeAsSomeoneElse('content', home('Stored since'))
    const store = makeStore({ baseline: { content: built } })

    expect(store.getBaseline('content')).toBe(built)
    expect(store.getBaseline('alerts')).toBe(DEFAULT_CONTENT.alerts)
    store.start()
    await vi.advanceTimersByTimeAsync(499)
    expect(store.get('content')).toBe(built)

    await vi.advanceTimersByTimeAsync(1)
    expect(store.get('content').hero.title).toBe('Stored since')
    // Hydration still renders what the HTML shows.
    expect(store.getBaseline('content')).toBe(built)
  })

  it('should fall back to the default once the read says the key is no longer stored', async () => {
    const store = makeStore({ baseline: { content: home('Removed since the build') } })
    store.start()
    await flush()
    expect(store.get('content')).toBe(DEFAULT_CONTENT.content)
  })

  it('should ignore keys that are not content keys', () => {
    const store = makeStore({
      baseline: { nope: home('x') } as unknown as Partial<ContentDocuments>,
    })
    expect(store.get('content')).toBe(DEFAULT_CONTENT.content)
  })
})

describe('a failed vital read', () => {
  it('should be noticed once, then read again by itself until it answers', async () => {
    repository.failReads = 'Failed to fetch'
    repository.storeAsSomeoneElse('content', home('Back online'))
    const store = makeStore()
    store.start()
    await flush()
    expect(notices.shown).toHaveLength(1)
    expect(store.getLoadState().vital).toBe('failed')

    const [first = 0, second = 0] = VITAL_RETRY_MS
    await vi.advanceTimersByTimeAsync(first)
    expect(repository.reads().filter((keys) => keys[0] === VITAL_KEYS[0])).toHaveLength(2)
    expect(notices.shown).toHaveLength(1)
    expect(logs.errors.filter((line) => line.includes('vital content'))).toHaveLength(1)

    repository.failReads = undefined
    await vi.advanceTimersByTimeAsync(second)
    expect(store.getLoadState().vital).toBe('loaded')
    expect(store.get('content').hero.title).toBe('Back online')

    await vi.advanceTimersByTimeAsync(120_000)
    expect(repository.reads().filter((keys) => keys[0] === VITAL_KEYS[0])).toHaveLength(3)
  })

  it('should be read again at once when the browser comes back online', async () => {
    repository.failReads = 'Failed to fetch'
    const store = makeStore()
    store.start()
    await flush()
    repository.failReads = undefined
    repository.storeAsSomeoneElse('content', home('Online again'))

    events.dispatchEvent(new Event('online'))
    await flush()
    expect(store.getLoadState().vital).toBe('loaded')
    expect(store.get('content').hero.title).toBe('Online again')
  })
})
