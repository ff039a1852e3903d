import { describe, expect, it, vi } from 'vitest'

import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { VITAL_KEYS } from '../entities/content-keys.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { VITAL_RETRY_MS } from './content-loading.ts'

// What a page shows before and after its reads answer: the baseline its HTML was built
// from, then what is stored now; and how a failed vital read recovers by itself.

const home = (title: string): ContentDocuments['content'] => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, title },
})

const events = new EventTarget()

const h = contentStoreHarness(() => ({ storage: null, events }))
const { makeStore, flush } = h

describe('the baseline a prerendered page was built from', () => {
  it('should be what hydration renders and what shows until the read answers', async () => {
    const built = home('Stored when the site was built')
    h.repository.latencyMs = 500
    h.repository.storeAsSomeoneElse('content', home('Stored since'))
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
    h.repository.failReads = 'Failed to fetch'
    h.repository.storeAsSomeoneElse('content', home('Back online'))
    const store = makeStore()
    store.start()
    await flush()
    expect(h.notices.shown).toHaveLength(1)
    expect(store.getLoadState().vital).toBe('failed')

    const [first = 0, second = 0] = VITAL_RETRY_MS
    await vi.advanceTimersByTimeAsync(first)
    expect(h.repository.reads().filter((keys) => keys[0] === VITAL_KEYS[0])).toHaveLength(2)
    expect(h.notices.shown).toHaveLength(1)
    expect(h.logs.errors.filter((line) => line.includes('vital content'))).toHaveLength(1)

    h.repository.failReads = undefined
    await vi.advanceTimersByTimeAsync(second)
    expect(store.getLoadState().vital).toBe('loaded')
    expect(store.get('content').hero.title).toBe('Back online')

    await vi.advanceTimersByTimeAsync(120_000)
    expect(h.repository.reads().filter((keys) => keys[0] === VITAL_KEYS[0])).toHaveLength(3)
  })

  it('should be read again at once when the browser comes back online', async () => {
    h.repository.failReads = 'Failed to fetch'
    const store = makeStore()
    store.start()
    await flush()
    h.repository.failReads = undefined
    h.repository.storeAsSomeoneElse('content', home('Online again'))

    events.dispatchEvent(new Event('online'))
    await flush()
    expect(store.getLoadState().vital).toBe('loaded')
    expect(store.get('content').hero.title).toBe('Online again')
  })
})
