import { describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { PUBLIC_BACKGROUND_KEYS, VITAL_KEYS } from '../entities/content-keys.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { createNoticeStore } from '../ui/notices/notice-store.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'
import { FORBIDDEN_SAVE_REASON } from './save-messages.ts'
import { createStoreSaving } from './store-saving.ts'

const home = (title: string): ContentDocuments['content'] => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, title },
})
const firstAlert = DEFAULT_CONTENT.alerts[0]
if (!firstAlert) throw new Error('the sample content has no alert')
const alerts = (title: string): ContentDocuments['alerts'] => [{ ...firstAlert, title }]

const h = contentStoreHarness(() => ({
  // Saving synchronously available, as these tests save right after creating the store.
  loadSaving: () => ({ createStoreSaving }),
}))
const { makeStore, flush } = h

describe('loading', () => {
  it('should read the 4 vital keys in one request at start and the 10 public background keys in one request at 1 s', async () => {
    const store = makeStore()
    store.start()
    await flush()
    expect(h.repository.reads()).toEqual([[...VITAL_KEYS]])

    await vi.advanceTimersByTimeAsync(999)
    expect(h.repository.reads()).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(1)
    expect(h.repository.reads()).toEqual([[...VITAL_KEYS], [...PUBLIC_BACKGROUND_KEYS]])
    expect(store.getLoadState()).toEqual({ vital: 'loaded', background: 'loaded', staff: 'idle' })

    await vi.advanceTimersByTimeAsync(60_000)
    expect(h.repository.reads()).toHaveLength(2)
  })

  it('should make no further request when started again', async () => {
    const store = makeStore()
    store.start()
    store.start()
    await vi.advanceTimersByTimeAsync(5000)
    store.start()
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.repository.reads()).toHaveLength(2)
  })

  it('should show the built-in default until a stored document arrives, and for keys not stored', async () => {
    h.repository = createMemoryRepository({
      content: home('Stored hero'),
      aboutContent: DEFAULT_CONTENT.aboutContent,
    })
    h.repository.storeAsSomeoneElse('content', home('Stored hero v2'))
    const store = makeStore()

    expect(store.get('content')).toBe(DEFAULT_CONTENT.content)
    store.start()
    await flush()
    expect(store.get('content').hero.title).toBe('Stored hero v2')
    expect(store.version('content')).toBe(2)
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    expect(store.version('alerts')).toBe(0)
    expect(store.version('aboutContent')).toBe(0)

    await vi.advanceTimersByTimeAsync(1000)
    expect(store.version('aboutContent')).toBe(1)
    expect(store.get('teams')).toBe(DEFAULT_CONTENT.teams)
  })

  it('should replace a refused part of a stored document by its default and log it once with key and path', async () => {
    const broken = [42, ...alerts('Kept alert')]
    h.repository = createMemoryRepository({ alerts: broken })
    const store = makeStore()
    store.start()
    await flush()

    expect(store.get('alerts').map((alert) => alert.title)).toEqual(['Kept alert'])
    const refusals = h.logs.warnings.filter((line) => line.includes('"alerts"'))
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toContain('alerts[0]')

    // The same document read again (a conflict reload) is not logged a second time.
    await store.save('alerts', alerts('x'))
    expect(h.logs.warnings.filter((line) => line.includes('"alerts"'))).toHaveLength(1)
  })

  it('should show the Supabase notice and log when vital content fails to load', async () => {
    h.repository.failReads = 'relation "website_content" does not exist'
    const store = makeStore()
    store.start()
    await flush()

    expect(h.notices.shown).toEqual([
      {
        title: 'Supabase',
        description: 'Could not load vital content. relation "website_content" does not exist',
        variant: 'destructive',
      },
    ])
    expect(h.logs.errors.join('\n')).toContain('Could not load vital content')
    expect(store.getLoadState().vital).toBe('failed')
    expect(store.get('content')).toBe(DEFAULT_CONTENT.content)
  })

  it('should only log when background content fails, keeping the defaults', async () => {
    const store = makeStore()
    store.start()
    await flush()
    h.repository.failReads = 'upstream timeout'
    await vi.advanceTimersByTimeAsync(1000)

    expect(h.notices.shown).toEqual([])
    expect(h.logs.errors.join('\n')).toContain(
      'Could not load background content: upstream timeout',
    )
    expect(store.getLoadState().background).toBe('failed')
    expect(store.get('teams')).toBe(DEFAULT_CONTENT.teams)
  })
})

describe('saving', () => {
  it('should ignore a save without a staff session', async () => {
    const store = makeStore()
    store.start()
    await flush()

    await expect(store.save('alerts', alerts('Nope'))).resolves.toBe('ignored')
    expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
    expect(h.repository.saves()).toEqual([])
    expect(store.getSaveState().status).toBe('idle')
    expect(h.storage.items.size).toBe(0)
  })

  it('should update the view at once, show saving for 1.2 s, then the confirmation for 3 s', async () => {
    const noticeStore = createNoticeStore()
    const store = makeStore({ canSave: true, notify: noticeStore.show })
    store.start()
    await flush()

    const outcome = store.save('alerts', alerts('Rain delay'))
    expect(store.get('alerts')[0]?.title).toBe('Rain delay')
    expect(store.getSaveState()).toEqual({ status: 'saving', keys: ['alerts'] })
    await expect(outcome).resolves.toBe('stored')
    expect(h.repository.rows.get('alerts')?.version).toBe(1)

    await vi.advanceTimersByTimeAsync(1199)
    expect(store.getSaveState().status).toBe('saving')
    expect(noticeStore.getSnapshot()).toEqual([])

    await vi.advanceTimersByTimeAsync(1)
    expect(store.getSaveState()).toEqual({ status: 'saved', keys: ['alerts'] })
    expect(noticeStore.getSnapshot().map((n) => [n.title, n.description, n.duration])).toEqual([
      ['Content Saved!', 'Your changes are now live across the site.', 3000],
    ])

    await vi.advanceTimersByTimeAsync(2999)
    expect(store.getSaveState().status).toBe('saved')
    expect(noticeStore.getSnapshot()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(store.getSaveState()).toEqual({ status: 'idle', keys: [] })
    expect(noticeStore.getSnapshot()).toEqual([])
    expect(h.storage.items.size).toBe(0)
  })

  it('should keep saving until persistence settles when it takes longer than 1.2 s', async () => {
    h.repository.latencyMs = 2000
    const store = makeStore({ canSave: true })
    store.start()
    await vi.advanceTimersByTimeAsync(3000)

    void store.save('alerts', alerts('Slow'))
    await vi.advanceTimersByTimeAsync(1500)
    expect(store.getSaveState().status).toBe('saving')
    expect(h.notices.shown).toEqual([])
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getSaveState().status).toBe('saved')
    expect(h.notices.shown.map((n) => n.title)).toEqual(['Content Saved!'])
  })

  it('should restart the 1.2 s saving window with each save of a burst and confirm once', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()

    void store.save('alerts', alerts('One'))
    await vi.advanceTimersByTimeAsync(1000)
    void store.save('content', home('Two'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.getSaveState()).toEqual({ status: 'saving', keys: ['alerts', 'content'] })
    await vi.advanceTimersByTimeAsync(200)
    expect(store.getSaveState().status).toBe('saved')
    expect(h.notices.shown.map((n) => n.title)).toEqual(['Content Saved!'])
  })

  it('should send a second edit of a key after the first lands, based on its version', async () => {
    h.repository.latencyMs = 100
    const store = makeStore({ canSave: true })
    store.start()
    await vi.advanceTimersByTimeAsync(2000)

    const first = store.save('alerts', alerts('First'))
    const second = store.save('alerts', alerts('Second'))
    const third = store.save('alerts', alerts('Third'))
    expect(store.get('alerts')[0]?.title).toBe('Third')
    await vi.advanceTimersByTimeAsync(300)

    await expect(Promise.all([first, second, third])).resolves.toEqual([
      'stored',
      'stored',
      'stored',
    ])
    // The middle edit was superseded before it was sent: two requests, no self-conflict.
    expect(h.repository.saves()).toEqual([
      { key: 'alerts', baseVersion: 0 },
      { key: 'alerts', baseVersion: 1 },
    ])
    expect((h.repository.rows.get('alerts')?.value as { title: string }[])[0]?.title).toBe('Third')
    expect(store.getPendingSaves()).toEqual([])
  })
})

describe('failed saves', () => {
  it.each([
    ['alerts', 'Could not save Alerts.'],
    ['aboutContent', 'Could not save About page content.'],
    ['teams', 'Could not save team data.'],
    ['programsContent', 'Could not save program data.'],
    ['programCards', 'Could not save program data.'],
  ] as const)('should keep the local change of %s and say %j', async (key, message) => {
    const store = makeStore({ canSave: true })
    store.start()
    await vi.advanceTimersByTimeAsync(1000)
    h.repository.offline = true
    const document = structuredClone(DEFAULT_CONTENT[key])

    await expect(store.save(key, document)).resolves.toBe('kept')
    expect(store.get(key)).toBe(document)
    expect(h.notices.shown).toContainEqual({
      title: 'Save Error',
      description: message,
      variant: 'destructive',
    })
    await vi.advanceTimersByTimeAsync(1200)
    expect(store.getSaveState()).toEqual({ status: 'error', keys: [key] })
    expect(h.notices.shown.map((n) => n.title)).not.toContain('Content Saved!')
  })

  it('should say "Could not save some content." when several keys of a batch fail', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.offline = true

    const outcomes = await store.saveMany([
      { key: 'alerts', document: alerts('A') },
      { key: 'content', document: home('B') },
    ])
    expect(outcomes).toEqual(['kept', 'kept'])
    expect(h.notices.shown.at(-1)).toEqual({
      title: 'Save Error',
      description: 'Could not save some content.',
      variant: 'destructive',
    })
  })

  it('should group failures of different keys within the short window, but not later ones', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.forbidden = true

    await store.save('alerts', alerts('A'))
    await vi.advanceTimersByTimeAsync(500)
    await store.save('content', home('B'))
    // Refused for lack of rights: the spec's words, then why, and that nothing is lost.
    const why = ` ${FORBIDDEN_SAVE_REASON} Your change is kept on this device.`
    expect(h.notices.shown.at(-1)?.description).toBe(`Could not save some content.${why}`)

    await vi.advanceTimersByTimeAsync(10_000)
    await store.save('legacyStats', [])
    expect(h.notices.shown.at(-1)?.description).toBe(`Could not save Legacy stats.${why}`)
  })

  it('should retry an unavailable save with exponential backoff until it is stored', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.offline = true

    await store.save('alerts', alerts('Eventually'))
    const attemptsAt = (ms: number) =>
      vi.advanceTimersByTimeAsync(ms).then(() => h.repository.saves().length)
    expect(h.repository.saves()).toHaveLength(1)
    expect(await attemptsAt(999)).toBe(1)
    expect(await attemptsAt(1)).toBe(2) // 1 s after the first failure
    expect(await attemptsAt(1999)).toBe(2)
    expect(await attemptsAt(1)).toBe(3) // then 2 s
    expect(await attemptsAt(3999)).toBe(3)
    expect(await attemptsAt(1)).toBe(4) // then 4 s
    expect(store.getPendingSaves()[0]).toMatchObject({ status: 'pending', attempts: 4 })
    expect(store.getPendingSaves()[0]?.nextRetryAt).toBe(Date.now() + 8000)

    h.repository.offline = false
    const shownBefore = h.notices.shown.length
    expect(await attemptsAt(8000)).toBe(5)
    expect(store.getPendingSaves()).toEqual([])
    expect(h.storage.items.size).toBe(0)
    expect(h.repository.rows.get('alerts')?.version).toBe(1)
    // A kept save that goes through later is confirmed too; its failures were not re-announced.
    expect(h.notices.shown.slice(shownBefore).map((n) => n.title)).toEqual(['Content Saved!'])
  })

  it('should cap the backoff at the maximum wait', async () => {
    const store = makeStore({ canSave: true, retryMaxMs: 5000 })
    store.start()
    await flush()
    h.repository.offline = true
    await store.save('alerts', alerts('Capped'))
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000) // attempts 2, 3, 4
    expect(h.repository.saves()).toHaveLength(4)
    await vi.advanceTimersByTimeAsync(4999)
    expect(h.repository.saves()).toHaveLength(4)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.repository.saves()).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.repository.saves()).toHaveLength(6)
  })

  it('should retry at once when the browser comes back online', async () => {
    const events = new EventTarget()
    const store = makeStore({ canSave: true, events })
    store.start()
    await flush()
    h.repository.offline = true
    await store.save('alerts', alerts('Online'))
    expect(h.repository.saves()).toHaveLength(1)

    h.repository.offline = false
    events.dispatchEvent(new Event('online'))
    await flush()
    expect(h.repository.saves()).toHaveLength(2)
    expect(store.getPendingSaves()).toEqual([])
  })

  it('should keep a refused save for the editor without retrying it on its own', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.forbidden = true
    await store.save('alerts', alerts('Refused'))
    await vi.advanceTimersByTimeAsync(120_000)
    expect(h.repository.saves()).toHaveLength(1)
    const [pending] = store.getPendingSaves()
    expect(pending).toMatchObject({ status: 'failed', errorKind: 'forbidden', key: 'alerts' })

    h.repository.forbidden = false
    await expect(store.retryNow(pending!.id)).resolves.toBe('stored')
    expect(store.getPendingSaves()).toEqual([])
  })

  it('should send saves that were refused for lack of rights once access is granted again', async () => {
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.forbidden = true
    await store.save('alerts', alerts('Later'))
    store.setAccess(false)
    h.repository.forbidden = false
    store.setAccess(true)
    await flush()
    expect(h.repository.saves()).toHaveLength(2)
    expect(store.getPendingSaves()).toEqual([])
  })

  it('should drop the local change on discard and show the stored document again', async () => {
    h.repository = createMemoryRepository({ alerts: alerts('Stored') })
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.offline = true
    await store.save('alerts', alerts('Pending save'))
    expect(store.get('alerts')[0]?.title).toBe('Pending save')

    store.discard(store.getPendingSaves()[0]!.id)
    expect(store.get('alerts')[0]?.title).toBe('Stored')
    expect(store.getPendingSaves()).toEqual([])
    expect(h.storage.items.size).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(h.repository.saves()).toHaveLength(1)
  })
})

describe('saves kept on the device', () => {
  it('should show a failed save again after a reload and store it once the backend is back', async () => {
    const first = makeStore({ canSave: true })
    first.start()
    await flush()
    h.repository.offline = true
    await first.save('alerts', alerts('Survives reload'))
    first.dispose()
    expect([...h.storage.items.keys()][0]).toMatch(new RegExp(`^${PENDING_SAVE_PREFIX}`))

    // A reload: a new store over the same storage, signed in again a moment later.
    const second = makeStore()
    expect(second.get('alerts')[0]?.title).toBe('Survives reload')
    expect(second.getPendingSaves()).toMatchObject([
      { key: 'alerts', status: 'pending', attempts: 1 },
    ])
    h.repository.offline = false
    second.start()
    await flush()
    expect(second.get('alerts')[0]?.title).toBe('Survives reload')
    expect(h.repository.saves()).toHaveLength(1)

    second.setAccess(true)
    await flush()
    expect(h.repository.saves()).toHaveLength(2)
    expect((h.repository.rows.get('alerts')?.value as { title: string }[])[0]?.title).toBe(
      'Survives reload',
    )
    expect(second.getPendingSaves()).toEqual([])
    expect(h.storage.items.size).toBe(0)
  })

  it('should skip corrupt or foreign entries without failing and keep the valid ones', async () => {
    const valid = {
      id: 'ok',
      key: 'alerts',
      value: alerts('Valid pending save'),
      baseVersion: 0,
      savedAt: 1,
      attempts: 1,
      status: 'pending',
    }
    h.storage = createMemoryStorage({
      [`${PENDING_SAVE_PREFIX}ok`]: JSON.stringify(valid),
      [`${PENDING_SAVE_PREFIX}not-json`]: '{oops',
      [`${PENDING_SAVE_PREFIX}wrong-shape`]: JSON.stringify({ id: 'wrong-shape', key: 'alerts' }),
      [`${PENDING_SAVE_PREFIX}unknown`]: JSON.stringify({
        ...valid,
        id: 'unknown',
        key: 'noSuchKey',
      }),
      [`${PENDING_SAVE_PREFIX}renamed`]: JSON.stringify({ ...valid, id: 'other' }),
      [`${PENDING_SAVE_PREFIX}bad-value`]: JSON.stringify({
        ...valid,
        id: 'bad-value',
        key: 'content',
        value: 42,
      }),
      'unrelated-app-key': 'whatever',
    })
    const store = makeStore()

    expect(
      store
        .getPendingSaves()
        .map((p) => p.id)
        .sort(),
    ).toEqual(['bad-value', 'ok'])
    expect(store.get('alerts')[0]?.title).toBe('Valid pending save')
    // A pending save whose value does not fit its schema shows the default instead of crashing.
    expect(store.get('content')).toEqual(DEFAULT_CONTENT.content)
    expect(h.logs.warnings.filter((line) => line.includes('Ignored a'))).toHaveLength(4)
  })

  it('should keep working in memory when the device storage is full', async () => {
    h.storage.failWrites = true
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.offline = true
    await expect(store.save('alerts', alerts('Memory only'))).resolves.toBe('kept')
    expect(store.get('alerts')[0]?.title).toBe('Memory only')
    expect(h.logs.warnings.join('\n')).toContain('Could not keep the pending save of alerts')
    h.repository.offline = false
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.getPendingSaves()).toEqual([])
  })
})

describe('conflicts', () => {
  async function conflicted() {
    h.repository = createMemoryRepository({ alerts: alerts('Original') })
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    h.repository.storeAsSomeoneElse('alerts', alerts('Theirs'))
    const outcome = await store.save('alerts', alerts('Mine'))
    return { store, outcome }
  }

  it('should not retry a save both changed the same field of, and wait for a choice per field', async () => {
    const { store, outcome } = await conflicted()
    expect(outcome).toBe('conflict')
    expect(store.getPendingSaves()).toMatchObject([
      {
        status: 'conflict',
        currentVersion: 2,
        conflicts: [{ path: [0, 'title'], base: 'Original', mine: 'Mine', theirs: 'Theirs' }],
      },
    ])
    // The dialog asks; no notice speaks over it.
    expect(h.notices.shown.map((n) => n.title)).not.toContain(
      'Alerts: a newer version was saved first',
    )
    expect(store.get('alerts')[0]?.title).toBe('Mine')

    await vi.advanceTimersByTimeAsync(300_000)
    expect(h.repository.saves()).toHaveLength(1)
  })

  it('should take the stored version on reload and keep the pending save recoverable until discarded', async () => {
    const { store } = await conflicted()
    await store.reload(store.getPendingSaves()[0]!.id)
    await flush()

    expect(store.get('alerts')[0]?.title).toBe('Theirs')
    expect(store.version('alerts')).toBe(2)
    const [kept] = store.getPendingSaves()
    expect(kept).toMatchObject({ status: 'set-aside', key: 'alerts' })
    expect((kept?.value as { title: string }[])[0]?.title).toBe('Mine')

    // It survives a reload of the page too.
    const afterReload = makeStore()
    expect(afterReload.getPendingSaves()).toMatchObject([{ status: 'set-aside' }])
    expect(afterReload.get('alerts')).toBe(DEFAULT_CONTENT.alerts)

    store.discard(kept!.id)
    expect(store.getPendingSaves()).toEqual([])
    expect(h.storage.items.size).toBe(0)
    expect(h.repository.saves()).toHaveLength(1)
  })

  it('should overwrite naming the current stored version', async () => {
    const { store } = await conflicted()
    await store.overwrite(store.getPendingSaves()[0]!.id)
    await flush()

    expect(h.repository.saves().at(-1)).toEqual({ key: 'alerts', baseVersion: 2 })
    expect(h.repository.rows.get('alerts')?.version).toBe(3)
    expect(store.getPendingSaves()).toEqual([])
    expect(store.version('alerts')).toBe(3)
    await vi.advanceTimersByTimeAsync(1200)
    expect(h.notices.shown.at(-1)?.title).toBe('Content Saved!')
  })

  it('should offer Reload and Overwrite in a notice for a pending save kept by an older build', async () => {
    h.repository = createMemoryRepository({ alerts: alerts('Original') })
    h.storage.setItem(
      `${PENDING_SAVE_PREFIX}old`,
      JSON.stringify({
        id: 'old',
        key: 'alerts',
        value: alerts('Mine'),
        baseVersion: 1,
        savedAt: 1,
        attempts: 0,
        status: 'pending',
      }),
    )
    h.repository.storeAsSomeoneElse('alerts', alerts('Theirs'))
    const store = makeStore({ canSave: true })
    store.start()
    await flush()
    const notice = h.notices.shown.at(-1)
    expect(notice).toMatchObject({
      title: 'Alerts: a newer version was saved first',
      duration: null,
    })
    expect(notice?.actions?.map((action) => action.label)).toEqual(['Reload', 'Overwrite'])
    expect(store.getPendingSaves()).toMatchObject([{ status: 'conflict', currentVersion: 2 }])
    expect(store.getPendingSaves()[0]?.conflicts).toBeUndefined()
  })

  it('should restore a set-aside pending save over the stored version', async () => {
    const { store } = await conflicted()
    const id = store.getPendingSaves()[0]!.id
    await store.reload(id)
    await expect(store.overwrite(id)).resolves.toBe('stored')
    expect(store.get('alerts')[0]?.title).toBe('Mine')
    expect((h.repository.rows.get('alerts')?.value as { title: string }[])[0]?.title).toBe('Mine')
  })

  it('should treat a conflict with its own already-stored pending save as stored', async () => {
    h.repository = createMemoryRepository({ alerts: alerts('Original') })
    // The tab closed after the request landed but before it heard back.
    h.storage.setItem(
      `${PENDING_SAVE_PREFIX}landed`,
      JSON.stringify({
        id: 'landed',
        key: 'alerts',
        value: alerts('Landed'),
        baseVersion: 1,
        savedAt: 1,
        attempts: 0,
        status: 'pending',
      }),
    )
    h.repository.storeAsSomeoneElse('alerts', alerts('Landed'))
    const store = makeStore({ canSave: true })
    store.start()
    await flush()

    expect(store.getPendingSaves()).toEqual([])
    expect(store.version('alerts')).toBe(2)
    expect(h.notices.shown.map((n) => n.title)).not.toContain(
      'Alerts: a newer version was saved first',
    )
  })
})
