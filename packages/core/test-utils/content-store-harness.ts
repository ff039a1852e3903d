import { afterEach, beforeEach, vi } from 'vitest'

import type { ContentDocuments } from '../src/entities/content-keys.ts'
import { createContentStore } from '../src/content/content-store.ts'
import type { ContentStoreOptions } from '../src/content/content-store.ts'
import type { ContentStore } from '../src/content/store-types.ts'
import { entitiesCatalog } from '../src/content/entities-catalog.ts'
import { createMemoryRepository } from './memory-repository.ts'
import type { MemoryRepository } from './memory-repository.ts'
import { createMemoryStorage } from './memory-storage.ts'
import type { MemoryStorage } from './memory-storage.ts'
import { recordLogs, recordNotices } from './notices.ts'

type Options = Partial<ContentStoreOptions<ContentDocuments>>

/** What a content-store test works with; every field is new for each test. */
export type ContentStoreHarness = {
  /** The stored documents (replace it before `makeStore` to start from other ones). */
  repository: MemoryRepository
  /** The device's localStorage (replace it before `makeStore` to start with kept saves). */
  storage: MemoryStorage
  notices: ReturnType<typeof recordNotices>
  logs: ReturnType<typeof recordLogs>
  /** A store over the fields above, disposed after the test; `options` win over the file's. */
  makeStore(options?: Options): ContentStore<ContentDocuments>
  /** Lets settled promises run their callbacks without moving the (fake) clock. */
  flush(): Promise<unknown>
}

/**
 * The set-up every content-store test file shares: fake timers, an in-memory repository and
 * storage, recorded notices and logs, and stores that are disposed after each test. Call it
 * at the top of a test file; `defaults` (evaluated for each store) are the file's own options.
 *
 * @example
 * const h = contentStoreHarness(() => ({ events: null }))
 * it('should …', () => { const store = h.makeStore(); h.repository.latencyMs = 500 })
 */
export function contentStoreHarness(defaults: () => Options = () => ({})): ContentStoreHarness {
  const stores: ContentStore<ContentDocuments>[] = []
  const harness: ContentStoreHarness = {
    repository: createMemoryRepository(),
    storage: createMemoryStorage(),
    notices: recordNotices(),
    logs: recordLogs(),
    makeStore(options = {}) {
      const store = createContentStore<ContentDocuments>({
        repository: harness.repository,
        catalog: entitiesCatalog,
        storage: harness.storage,
        notify: harness.notices.notify,
        logger: harness.logs.logger,
        events: null,
        ...defaults(),
        ...options,
      })
      stores.push(store)
      return store
    },
    flush: () => vi.advanceTimersByTimeAsync(0),
  }
  beforeEach(() => {
    vi.useFakeTimers()
    harness.repository = createMemoryRepository()
    harness.storage = createMemoryStorage()
    harness.notices = recordNotices()
    harness.logs = recordLogs()
  })
  afterEach(() => {
    for (const store of stores.splice(0)) store.dispose()
    vi.useRealTimers()
  })
  return harness
}
