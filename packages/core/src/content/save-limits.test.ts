import { describe, expect, it, vi } from 'vitest'

import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { MAX_DOCUMENT_BYTES, MAX_LIST_ITEMS } from '../entities/document-limits.ts'
import { ContentError } from './content-repository.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'
import { createStoreSaving } from './store-saving.ts'

const firstAlert = DEFAULT_CONTENT.alerts[0]!
/** More alerts than any stored list may hold. */
const tooManyAlerts = (): ContentDocuments['alerts'] =>
  Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => ({ ...firstAlert, id: `alert-${i}` }))
/** A home document over the size limit, by one long hero title. */
const hugeHome = (): ContentDocuments['content'] => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, title: 'x'.repeat(MAX_DOCUMENT_BYTES) },
})

const h = contentStoreHarness(() => ({
  storage: createMemoryStorage(),
  canSave: true,
  // Saving synchronously available, as these tests save right after creating the store.
  loadSaving: () => ({ createStoreSaving }),
}))

function makeStore(options: Parameters<typeof h.makeStore>[0] = {}) {
  const store = h.makeStore(options)
  store.start()
  return store
}

describe('saving a document over the database limits', () => {
  it('should refuse a list longer than 2,000 items before sending it, keep it, and say where', async () => {
    const store = makeStore()
    await vi.advanceTimersByTimeAsync(0)

    await expect(store.save('alerts', tooManyAlerts())).resolves.toBe('kept')

    expect(h.repository.saves()).toEqual([])
    expect(store.get('alerts')).toHaveLength(MAX_LIST_ITEMS + 1)
    expect(h.notices.shown).toEqual([
      {
        title: 'Save Error',
        description:
          'Could not save Alerts. A list in it is too long for the site: 2,001 items in Alerts, and the limit is 2,000. Remove some items, then save again.',
        variant: 'destructive',
      },
    ])
    expect(store.getPendingSaves()).toMatchObject([
      {
        key: 'alerts',
        status: 'failed',
        errorKind: 'too-large',
        lastError: 'Content "alerts" has a list of 2001 items at $ (the limit is 2000).',
      },
    ])
  })

  it('should refuse a document over 1 MiB before sending it, naming its size', async () => {
    const store = makeStore()
    await vi.advanceTimersByTimeAsync(0)

    await expect(store.save('content', hugeHome())).resolves.toBe('kept')

    expect(h.repository.saves()).toEqual([])
    const [notice] = h.notices.shown
    expect(notice?.description).toMatch(
      /^Could not save Home page\. It is too large for the site: 1,0\d\d,\d{3} bytes, and the limit is 1,048,576\./,
    )
    expect(notice?.variant).toBe('destructive')
    expect(store.get('content').hero.title).toHaveLength(MAX_DOCUMENT_BYTES)
  })

  it('should never retry a too-large save on its own, but send it when the editor asks', async () => {
    const store = makeStore()
    await vi.advanceTimersByTimeAsync(0)
    await store.save('alerts', tooManyAlerts())

    await vi.advanceTimersByTimeAsync(10 * 60_000)
    store.setAccess(false)
    store.setAccess(true)
    await vi.advanceTimersByTimeAsync(60_000)
    const [pending] = store.getPendingSaves()
    expect(pending).toMatchObject({ attempts: 1, status: 'failed', nextRetryAt: undefined })
    expect(h.notices.shown).toHaveLength(1)

    // Asked again, it is judged again (still too long: refused again, still not sent).
    await expect(store.retryNow(pending!.id)).resolves.toBe('kept')
    expect(store.getPendingSaves()[0]).toMatchObject({ attempts: 2, status: 'failed' })
    expect(h.repository.saves()).toEqual([])
  })

  it('should store the next, smaller version of the same key', async () => {
    const store = makeStore()
    await vi.advanceTimersByTimeAsync(0)
    await store.save('alerts', tooManyAlerts())

    await expect(store.save('alerts', [firstAlert])).resolves.toBe('stored')
    expect(store.getPendingSaves()).toEqual([])
    expect(h.repository.rows.get('alerts')?.value).toEqual([firstAlert])
  })

  it('should map a refusal by the database (HTTP 413) the same way, without retrying it', async () => {
    const refusing = {
      read: h.repository.read,
      save: vi.fn(() =>
        Promise.reject(
          new ContentError({
            kind: 'too-large',
            status: 413,
            code: 'PT413',
            message: 'Content "teams" is too large: 1048577 bytes (the limit is 1048576).',
            limit: { kind: 'bytes', bytes: 1_048_577, limit: 1_048_576 },
          }),
        ),
      ),
    }
    const store = makeStore({ repository: refusing })
    await vi.advanceTimersByTimeAsync(0)

    await expect(store.save('teams', DEFAULT_CONTENT.teams)).resolves.toBe('kept')
    await vi.advanceTimersByTimeAsync(10 * 60_000)

    expect(refusing.save).toHaveBeenCalledTimes(1)
    expect(h.notices.shown.map((notice) => notice.description)).toEqual([
      'Could not save team data. It is too large for the site: 1,048,577 bytes, and the limit is 1,048,576. Make it smaller, then save again.',
    ])
    expect(store.getPendingSaves()).toMatchObject([{ status: 'failed', errorKind: 'too-large' }])
  })

  it('should keep a too-large pending save through a reload of the page', async () => {
    const storage = createMemoryStorage()
    const first = makeStore({ storage })
    await vi.advanceTimersByTimeAsync(0)
    await first.save('alerts', tooManyAlerts())
    first.dispose()

    const again = makeStore({ storage })
    const [kept] = again.getPendingSaves()
    expect(kept).toMatchObject({ status: 'failed', errorKind: 'too-large' })
    // The whole pending save is kept; the page shows what the schema lets it show.
    expect(kept?.value).toHaveLength(MAX_LIST_ITEMS + 1)
    expect(again.get('alerts').length).toBeGreaterThan(0)
    expect([...storage.items.keys()].every((key) => key.startsWith(PENDING_SAVE_PREFIX))).toBe(true)
  })
})
