// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode, Suspense, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { recordLogs } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { createNoticeStore } from '../ui/notices/notice-store.ts'
import type { ContentRepository } from './content-repository.ts'
import {
  ContentProvider,
  obtainContentStore,
  useCanSaveContent,
  useContent,
  usePendingSaves,
  useSaveContent,
  useSaveState,
  whenContentSettled,
} from './content-provider.tsx'
import { createContentStore } from './content-store.ts'
import { createLazyEntitiesCatalog } from './lazy-entities-catalog.ts'
import { createStoreSaving } from './store-saving.ts'

const firstAlert = DEFAULT_CONTENT.alerts[0]!

function HeroTitle() {
  return <h1>{useContent('content').hero.title}</h1>
}

function AlertEditor() {
  const alerts = useContent('alerts')
  const save = useSaveContent()
  const state = useSaveState()
  const canSave = useCanSaveContent()
  const pending = usePendingSaves()
  return (
    <div>
      <p>alert: {alerts[0]?.title}</p>
      <p>state: {state.status}</p>
      <p>can save: {String(canSave)}</p>
      <p>pending: {pending.items.map((item) => `${item.key}/${item.status}`).join(',')}</p>
      <button onClick={() => void save('alerts', [{ ...firstAlert, title: 'Edited' }])}>
        save
      </button>
      <button onClick={() => pending.items[0] && pending.discard(pending.items[0].id)}>
        discard
      </button>
    </div>
  )
}

let logs: ReturnType<typeof recordLogs>
beforeEach(() => {
  vi.useFakeTimers()
  logs = recordLogs()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const asRepository = (repository: ReturnType<typeof createMemoryRepository>) =>
  repository as unknown as ContentRepository

/**
 * A store whose built-in documents load on demand, from `defaults`. The prerendered page
 * brought its own home document; a teams page will need the defaults.
 */
function storeWithLazyDefaults(defaults: () => Promise<typeof DEFAULT_CONTENT>) {
  return createContentStore({
    repository: asRepository(createMemoryRepository()),
    catalog: createLazyEntitiesCatalog({ defaults }),
    storage: null,
    events: null,
    logger: logs.logger,
    baseline: { content: DEFAULT_CONTENT.content },
  })
}

function TeamCount() {
  return <p>teams: {Object.keys(useContent('teams')).length}</p>
}

describe('ContentProvider', () => {
  it('should make exactly two content requests per app start, even under StrictMode and remounts', async () => {
    const repository = createMemoryRepository()
    const storage = createMemoryStorage()
    function App() {
      const [page, setPage] = useState(0)
      return (
        <ContentProvider
          key={page}
          repository={asRepository(repository)}
          builtIn={DEFAULT_CONTENT}
          storage={storage}
          logger={logs.logger}
          signedIn={false}
          isStaff={false}
        >
          <HeroTitle />
          <AlertEditor />
          <button onClick={() => setPage(page + 1)}>next page</button>
        </ContentProvider>
      )
    }
    render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
    await act(() => vi.advanceTimersByTimeAsync(0))
    fireEvent.click(screen.getByText('next page'))
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(repository.reads()).toHaveLength(2)
    expect(screen.getByRole('heading').textContent).toBe(DEFAULT_CONTENT.content.hero.title)
  })

  it('should ignore edits without staff rights and save them with them', async () => {
    const repository = createMemoryRepository()
    const notices = createNoticeStore()
    const props = {
      repository: asRepository(repository),
      builtIn: DEFAULT_CONTENT,
      storage: createMemoryStorage(),
      notices,
      logger: logs.logger,
      // Saving synchronously available: the test saves right after access is granted.
      loadSaving: () => ({ createStoreSaving }),
    }
    const { rerender } = render(
      <ContentProvider {...props} signedIn isStaff={false}>
        <AlertEditor />
      </ContentProvider>,
    )
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('can save: false')).toBeTruthy()
    fireEvent.click(screen.getByText('save'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText(`alert: ${firstAlert.title}`)).toBeTruthy()
    expect(repository.saves()).toEqual([])

    rerender(
      <ContentProvider {...props} signedIn isStaff>
        <AlertEditor />
      </ContentProvider>,
    )
    await act(() => vi.advanceTimersByTimeAsync(0))
    fireEvent.click(screen.getByText('save'))
    expect(screen.getByText('alert: Edited')).toBeTruthy()
    expect(screen.getByText('state: saving')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1200))
    expect(screen.getByText('state: saved')).toBeTruthy()
    expect(notices.getSnapshot()[0]?.title).toBe('Content Saved!')
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(screen.getByText('state: idle')).toBeTruthy()
    expect(repository.rows.get('alerts')?.version).toBe(1)
  })

  it('should list a failed save as pending and drop it on discard', async () => {
    const repository = createMemoryRepository()
    repository.offline = true
    const store = obtainContentStore(asRepository(repository), {
      storage: createMemoryStorage(),
      logger: logs.logger,
      loadSaving: () => ({ createStoreSaving }),
      builtIn: DEFAULT_CONTENT,
    })
    expect(obtainContentStore(asRepository(repository))).toBe(store)
    render(
      <ContentProvider store={store} signedIn isStaff>
        <AlertEditor />
      </ContentProvider>,
    )
    await act(() => vi.advanceTimersByTimeAsync(0))
    fireEvent.click(screen.getByText('save'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('pending: alerts/pending')).toBeTruthy()
    fireEvent.click(screen.getByText('discard'))
    expect(screen.getByText('pending:')).toBeTruthy()
    expect(screen.getByText(`alert: ${firstAlert.title}`)).toBeTruthy()
    store.dispose()
  })

  it('should suspend a page whose documents the baseline lacks until the built-in ones load', async () => {
    vi.useRealTimers()
    let release: (documents: typeof DEFAULT_CONTENT) => void = () => {}
    const store = storeWithLazyDefaults(() => new Promise((resolve) => (release = resolve)))
    // Awaited, so that React retries the suspended page inside the test's act scope.
    await act(async () => {
      render(
        <ContentProvider store={store} signedIn={false} isStaff={false}>
          <HeroTitle />
          <Suspense fallback={<p>loading the page</p>}>
            <TeamCount />
          </Suspense>
        </ContentProvider>,
      )
    })
    expect(screen.getByRole('heading').textContent).toBe(DEFAULT_CONTENT.content.hero.title)
    expect(screen.getByText('loading the page')).toBeTruthy()
    await act(async () => {
      release(DEFAULT_CONTENT)
      await store.whenReady('teams')
    })
    expect(
      await screen.findByText(`teams: ${Object.keys(DEFAULT_CONTENT.teams).length}`),
    ).toBeTruthy()
    store.dispose()
  })

  it('should read the built-in documents in the render React replays once they arrive', async () => {
    vi.useRealTimers()
    // They arrive at once: React replays the render that waited instead of starting over.
    const store = storeWithLazyDefaults(() => Promise.resolve(DEFAULT_CONTENT))
    const reactErrors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await act(async () => {
        render(
          <ContentProvider store={store} signedIn={false} isStaff={false}>
            <TeamCount />
          </ContentProvider>,
        )
      })
      expect(
        await screen.findByText(`teams: ${Object.keys(DEFAULT_CONTENT.teams).length}`),
      ).toBeTruthy()
      // React says when a replayed render skips a read the first one suspended on.
      expect(reactErrors.mock.calls.map((call) => String(call[0]))).toEqual([])
    } finally {
      reactErrors.mockRestore()
      store.dispose()
    }
  })

  it('should resolve whenContentSettled only once the read carrying the key has answered', async () => {
    const store = obtainContentStore(asRepository(createMemoryRepository()), {
      storage: null,
      logger: logs.logger,
      builtIn: DEFAULT_CONTENT,
    })
    let settled = false
    void whenContentSettled(store, ['teams']).then(() => (settled = true))
    store.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getLoadState().vital).toBe('loaded')
    expect(settled).toBe(false) // teams come with the background read, a second later
    await vi.advanceTimersByTimeAsync(2000)
    expect(store.getLoadState().background).toBe('loaded')
    expect(settled).toBe(true)
    await expect(whenContentSettled(store, ['alerts'])).resolves.toBeUndefined()

    // A staff-only document is read only when the signed-in area asks for it.
    let staffSettled = false
    void whenContentSettled(store, ['adminProfile']).then(() => (staffSettled = true))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(staffSettled).toBe(false)
    void store.loadStaffContent()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getLoadState().staff).toBe('loaded')
    expect(staffSettled).toBe(true)
    store.dispose()
  })

  it('should hydrate prerendered defaults without a mismatch when stored content came first, then show it', async () => {
    const stored = { ...DEFAULT_CONTENT.content, hero: { ...DEFAULT_CONTENT.content.hero } }
    stored.hero.title = 'Stored before hydrating'
    const prerenderStore = obtainContentStore(asRepository(createMemoryRepository()), {
      storage: null,
      logger: logs.logger,
      builtIn: DEFAULT_CONTENT,
    })
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <ContentProvider store={prerenderStore} signedIn={false} isStaff={false}>
        <HeroTitle />
      </ContentProvider>,
    )
    document.body.append(container)
    expect(container.textContent).toBe(DEFAULT_CONTENT.content.hero.title)

    // The browser's store has read the stored document before React hydrates the page. It
    // has no built-in documents: the page brought the one it was built from.
    const store = obtainContentStore(asRepository(createMemoryRepository({ content: stored })), {
      storage: createMemoryStorage(),
      logger: logs.logger,
      baseline: { content: DEFAULT_CONTENT.content },
    })
    store.start()
    await vi.waitFor(() => expect(store.get('content').hero.title).toBe('Stored before hydrating'))

    const recoverable: unknown[] = []
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(
        container,
        <ContentProvider store={store} signedIn={false} isStaff={false}>
          <HeroTitle />
        </ContentProvider>,
        { onRecoverableError: (error) => recoverable.push(error) },
      )
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(recoverable).toEqual([])
    expect(container.textContent).toBe('Stored before hydrating')
    act(() => root?.unmount())
    container.remove()
    store.dispose()
    prerenderStore.dispose()
  })
})
