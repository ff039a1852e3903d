import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../test-utils/memory-repository.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import type { ContentCatalog } from './catalog.ts'
import { createContentLoader } from './content-loading.ts'
import type { ContentLoader, ContentLoaderOptions } from './content-loading.ts'
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

/** A loader over this file's state and scheduler, with `options` over the plain ones. */
function loaderWith(options: Partial<ContentLoaderOptions<Docs>>) {
  return createContentLoader<Docs>({
    repository,
    catalog: {
      vitalKeys: ['hero'],
      backgroundKeys: ['teams'],
      defaultFor: (key) => `default ${key}`,
      parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
    },
    state,
    scheduler,
    logger: recordLogs().logger,
    notify: notices.notify,
    backgroundDelayMs: 1000,
    vitalRetryMs: [5000],
    ...options,
  })
}

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

describe('the content loader, keeping to the page opened first (issue 35 §3)', () => {
  type PageDocs = { hero: string; alerts: string; teams: string; clinics: string; about: string }
  let pageLoader: ContentLoader
  let pageState: StoreState
  let logs: ReturnType<typeof recordLogs>

  beforeEach(() => {
    logs = recordLogs()
    const catalog: ContentCatalog<PageDocs> = {
      vitalKeys: ['hero', 'alerts'],
      backgroundKeys: ['teams', 'clinics', 'about'],
      defaultFor: (key) => `default ${key}`,
      parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
    }
    pageState = createStoreState({
      catalog,
      logger: logs.logger,
      activePendingSave: () => undefined,
      snapshotPending: () => [],
    })
    pageLoader = createContentLoader({
      repository,
      catalog,
      state: pageState,
      scheduler,
      logger: logs.logger,
      notify: notices.notify,
      backgroundDelayMs: 1000,
      vitalRetryMs: [5000],
    })
  })

  it('should read at start only the vital and background keys the page shows', async () => {
    pageLoader.start(['alerts', 'teams'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(repository.reads()).toEqual([['alerts'], ['teams']])
    expect(pageLoader.keyStatus('teams')).toBe('loaded')
    expect(pageLoader.keyStatus('clinics')).toBe('idle')
    expect(pageLoader.keyStatus('hero')).toBe('idle')
  })

  it('should count the keys of both reads as asked from the start', async () => {
    pageLoader.start(['alerts', 'teams'])
    expect(pageLoader.keyStatus('teams')).toBe('loading')
    // A page asking for a key its background read is due to carry waits for that read.
    let settled = false
    void pageLoader.ensure(['teams']).then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(500)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(500)
    expect(settled).toBe(true)
    expect(repository.reads()).toEqual([['alerts'], ['teams']])
  })

  it('should read a later page’s unread documents once, in one request, and show what is stored', async () => {
    repository.storeAsSomeoneElse('clinics', 'Stored clinics')
    pageLoader.start(['alerts', 'teams'])
    await vi.advanceTimersByTimeAsync(1000)
    await pageLoader.ensure(['teams', 'clinics', 'hero'])
    expect(repository.reads()).toEqual([['alerts'], ['teams'], ['clinics', 'hero']])
    expect(pageState.view('clinics')).toBe('Stored clinics')
    expect(pageLoader.keyStatus('hero')).toBe('loaded')
    await pageLoader.ensure(['clinics', 'hero'])
    expect(repository.reads()).toHaveLength(3)
  })

  it('should log a later page’s failed read without a notice, and read it again when asked again', async () => {
    pageLoader.start(['alerts'])
    await flush()
    repository.failReads = 'down'
    await pageLoader.ensure(['about'])
    expect(pageLoader.keyStatus('about')).toBe('failed')
    expect(logs.errors.join('\n')).toContain('Could not load background content: down')
    expect(notices.shown).toEqual([])
    repository.failReads = undefined
    await pageLoader.ensure(['about'])
    expect(pageLoader.keyStatus('about')).toBe('loaded')
    expect(repository.reads().filter((keys) => keys.includes('about'))).toHaveLength(2)
  })

  it('should read every key at start when no page is named (the signed-in area)', async () => {
    pageLoader.start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(repository.reads()).toEqual([
      ['hero', 'alerts'],
      ['teams', 'clinics', 'about'],
    ])
  })
})

describe('the content loader, with the documents the page was built from', () => {
  it('should not download again a document the page holds at its stored version, and keep showing it', async () => {
    const logs = recordLogs()
    repository.storeAsSomeoneElse('hero', 'Built hero')
    repository.storeAsSomeoneElse('teams', 'Teams v1')
    repository.storeAsSomeoneElse('teams', 'Teams v2')
    const catalog: ContentCatalog<Docs> = {
      vitalKeys: ['hero'],
      backgroundKeys: ['teams'],
      defaultFor: (key) => `default ${key}`,
      parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
    }
    const built = createStoreState({
      catalog,
      baseline: { hero: 'Built hero', teams: 'Teams v1' },
      baselineVersions: { hero: 1, teams: 1 },
      logger: logs.logger,
      activePendingSave: () => undefined,
      snapshotPending: () => [],
    })
    const builtLoader = createContentLoader({
      repository,
      catalog,
      state: built,
      scheduler,
      logger: logs.logger,
      notify: notices.notify,
      backgroundDelayMs: 1000,
      vitalRetryMs: [5000],
    })
    const answered: string[] = []
    const read = repository.read.bind(repository)
    repository.read = async (keys, held) => {
      const rows = await read(keys, held)
      answered.push(...rows.map((row) => `${row.key}@${row.version}`))
      return rows
    }
    builtLoader.start()
    await vi.advanceTimersByTimeAsync(1000)
    // The hero is held at version 1 (left out); the teams changed since the build (v2, read whole).
    expect(answered).toEqual(['teams@2'])
    expect(built.view('hero')).toBe('Built hero')
    expect(built.version('hero')).toBe(1)
    expect(built.view('teams')).toBe('Teams v2')
    expect(builtLoader.keyStatus('hero')).toBe('loaded')
  })
  it('should take the background read in once the page has started, not during hydration', async () => {
    // Nothing stored: an answer with nothing to parse, which nothing else holds back.
    let started!: () => void
    const untilStarted = new Promise<void>((resolve) => (started = resolve))
    const startedLoader = loaderWith({ untilStarted: () => untilStarted })
    startedLoader.start()
    await vi.advanceTimersByTimeAsync(1000)
    // Read, not taken in: the page is still starting.
    expect(repository.reads()).toEqual([['hero'], ['teams']])
    expect(state.getLoadState().background).toBe('loading')
    expect(startedLoader.keyStatus('teams')).toBe('loading')
    started()
    await flush()
    expect(state.getLoadState().background).toBe('loaded')
    expect(startedLoader.keyStatus('teams')).toBe('loaded')
    expect(state.view('teams')).toBe('default teams')
  })

  describe('a document with a public form (public-forms.ts)', () => {
    /** A loader over a backend answering `teams` whole to staff, as visitors see it otherwise. */
    function withSession() {
      const session = { staff: false }
      const row = (key: string) =>
        key === 'teams'
          ? session.staff
            ? { key, value: 'Sam Rivera', version: 4, updatedAt: '' }
            : { key, value: 'Sam R.', version: 4, updatedAt: '', form: 'public' as const }
          : undefined
      const staffLoader = loaderWith({
        repository: {
          read: (keys) =>
            Promise.resolve(keys.flatMap((key) => row(key) ?? []).filter((found) => !!found)),
        },
      })
      return { session, staffLoader }
    }

    it('should keep the whole one a staff read brought over a visitor read that answers later', async () => {
      const { session, staffLoader } = withSession()
      staffLoader.start()
      session.staff = true
      await staffLoader.loadStaff()
      expect(state.view('teams')).toBe('Sam Rivera')
      // The visitor's background read, made before the session, answers now.
      session.staff = false
      await vi.advanceTimersByTimeAsync(1000)
      expect(state.getLoadState().background).toBe('loaded')
      expect(state.view('teams')).toBe('Sam Rivera')
      expect(state.form('teams')).toBeUndefined()
    })

    it('should read the whole one for staff after a visitor read brought the public one', async () => {
      const { session, staffLoader } = withSession()
      staffLoader.start()
      await vi.advanceTimersByTimeAsync(1000)
      expect(state.view('teams')).toBe('Sam R.')
      expect(state.form('teams')).toBe('public')
      session.staff = true
      await staffLoader.loadStaff()
      expect(state.view('teams')).toBe('Sam Rivera')
      expect(state.form('teams')).toBeUndefined()
    })
  })
})

describe('the content loader and items (a team page’s team)', () => {
  type ItemDocs = Docs & { [key: `team/${string}`]: string }
  /** A loader whose catalog names `team/<id>` items, over a repository holding one. */
  function itemLoader() {
    repository = createMemoryRepository({ 'team/a': 'team a', 'team/b': 'team b' })
    const catalog: ContentCatalog<ItemDocs> = {
      vitalKeys: ['hero'],
      backgroundKeys: ['teams'],
      isItemKey: (key) => key.startsWith('team/'),
      defaultFor: () => undefined,
      parse: (_key, raw) => ({ value: raw as string, rejections: [] }),
    }
    const itemState = createStoreState({
      catalog,
      logger: recordLogs().logger,
      activePendingSave: () => undefined,
      snapshotPending: () => [],
    })
    const itemLoader = createContentLoader<ItemDocs>({
      repository,
      catalog,
      state: itemState,
      scheduler,
      logger: recordLogs().logger,
      notify: notices.notify,
      backgroundDelayMs: 1000,
      vitalRetryMs: [5000],
    })
    return { loader: itemLoader, state: itemState }
  }

  it('should read the first page’s own item with the background read, and no other', async () => {
    const items = itemLoader()
    items.loader.start(['hero', 'team/a'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(repository.reads()).toEqual([['hero'], ['team/a']])
    expect(items.state.view('team/a')).toBe('team a')
    expect(items.loader.keyStatus('team/a')).toBe('loaded')
    expect(items.loader.keyStatus('team/b')).toBe('idle')
  })

  it('should read a later page’s item when it opens, once', async () => {
    const items = itemLoader()
    items.loader.start(['hero'])
    await vi.advanceTimersByTimeAsync(1000)
    await items.loader.ensure(['team/b'])
    await items.loader.ensure(['team/b'])
    expect(repository.reads()).toEqual([['hero'], ['team/b']])
    expect(items.state.view('team/b')).toBe('team b')
  })
})
