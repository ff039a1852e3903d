import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../test-utils/memory-repository.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import type { ContentCatalog } from './catalog.ts'
import { createContentLoader } from './content-loading.ts'
import type { ContentLoader } from './content-loading.ts'
import { createStoreScheduler } from './store-scheduler.ts'
import type { StoreScheduler } from './store-scheduler.ts'
import { createStoreState } from './store-state.ts'
import type { StoreState } from './store-state.ts'

type Docs = { hero: string; teams: string }

let repository: MemoryRepository
let scheduler: StoreScheduler
let state: StoreState
let loader: ContentLoader
let notices: ReturnType<typeof recordNotices>
let prepare: ReturnType<typeof vi.fn<() => Promise<void>>>

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  repository = createMemoryRepository()
  scheduler = createStoreScheduler()
  notices = recordNotices()
  prepare = vi.fn(() => Promise.resolve())
  const catalog: ContentCatalog<Docs> = {
    vitalKeys: ['hero'],
    backgroundKeys: ['teams'],
    defaultFor: (key) => `default ${key}`,
    parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
    prepare,
  }
  const logger = recordLogs().logger
  state = createStoreState({
    catalog,
    logger,
    activePendingSave: () => undefined,
    snapshotPending: () => [],
  })
  loader = createContentLoader({
    repository,
    catalog,
    state,
    scheduler,
    logger,
    notify: notices.notify,
    backgroundDelayMs: 1000,
    vitalRetryMs: [5000, 15_000],
  })
})

afterEach(() => {
  scheduler.dispose()
  vi.useRealTimers()
})

describe('the content loader', () => {
  it('should read the vital keys at once and the background keys after the delay', async () => {
    loader.start()
    await flush()
    expect(repository.reads()).toEqual([['hero']])
    await vi.advanceTimersByTimeAsync(1000)
    expect(repository.reads()).toEqual([['hero'], ['teams']])
    expect(state.getLoadState()).toEqual({ vital: 'loaded', background: 'loaded', staff: 'idle' })
  })

  it('should not load the parser when nothing is stored', async () => {
    loader.start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(prepare).not.toHaveBeenCalled()
  })

  it('should load the parser once before applying stored rows', async () => {
    repository.storeAsSomeoneElse('hero', 'Stored hero')
    repository.storeAsSomeoneElse('teams', 'Stored teams')
    loader.start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(prepare).toHaveBeenCalledOnce()
    expect(state.view('hero')).toBe('Stored hero')
    expect(state.view('teams')).toBe('Stored teams')
  })

  it('should retry a failed vital read on its schedule, the last wait repeating', async () => {
    repository.failReads = 'down'
    loader.start()
    await flush()
    expect(notices.shown.map((notice) => notice.title)).toEqual(['Supabase'])
    const vitalReads = () => repository.reads().filter((keys) => keys[0] === 'hero').length
    await vi.advanceTimersByTimeAsync(5000)
    expect(vitalReads()).toBe(2)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(vitalReads()).toBe(3)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(vitalReads()).toBe(4)
    // The notice is shown once, not at every retry.
    expect(notices.shown).toHaveLength(1)
  })

  it('should read the vital keys again at once when back online after a failure', async () => {
    repository.failReads = 'down'
    loader.start()
    await flush()
    repository.failReads = undefined
    loader.onOnline()
    await flush()
    expect(state.getLoadState().vital).toBe('loaded')
  })

  it('should ignore coming back online when the vital read did not fail', async () => {
    loader.start()
    await flush()
    loader.onOnline()
    await flush()
    expect(repository.reads()).toEqual([['hero']])
  })
})
