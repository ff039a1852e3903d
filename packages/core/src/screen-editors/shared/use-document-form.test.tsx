// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import type { MemoryStorage } from '../../../test-utils/memory-storage.ts'
import { createFormCopies, FORM_COPY_PREFIX, FormCopiesContext } from './form-copies.ts'
import { LeaveGuard, RestoreBanner } from './form-guards.tsx'
import { DEVICE_WRITE_MS, useDocumentForm } from './use-document-form.ts'
import type { DocumentFormOptions } from './use-document-form.ts'

type Doc = { title: string; items: string[] }

const STORED: Doc = { title: 'Opening day', items: ['Bring water'] }

let storage: MemoryStorage

beforeEach(() => {
  storage = createMemoryStorage()
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const options = (
  overrides: Partial<DocumentFormOptions<Doc, Doc>> = {},
): DocumentFormOptions<Doc, Doc> => ({
  id: 'doc',
  stored: STORED,
  toForm: (stored) => stored,
  normalize: (values) => ({ ...values, title: values.title.trim() }),
  check: (values) =>
    values.title.trim() === ''
      ? { ok: false, problems: 1 }
      : { ok: true, value: { ...values, title: values.title.trim() } },
  save: vi.fn(() => Promise.resolve()),
  ...overrides,
})

function withFormCopies(userId = 'user-1') {
  const copies = createFormCopies(storage, userId, () => 1_700_000_000_000)
  return ({ children }: { children: ReactNode }) => (
    <FormCopiesContext.Provider value={copies}>{children}</FormCopiesContext.Provider>
  )
}

const kept = (userId = 'user-1', id = 'doc') => {
  const raw = storage.getItem(`${FORM_COPY_PREFIX}${userId}:${id}`)
  return raw === null ? undefined : (JSON.parse(raw) as { draft: Doc; base: Doc })
}

describe('useDocumentForm', () => {
  it('should judge a change on the cleaned document, not on spaces alone', () => {
    const { result } = renderHook(() => useDocumentForm(options()))
    act(() => result.current.edit({ ...STORED, title: 'Opening day  ' }))
    const untouched = result.current.dirty
    act(() => result.current.edit((d) => ({ ...d, items: [...d.items, 'Sunscreen'] })))
    expect([untouched, result.current.dirty]).toEqual([false, true])
  })

  it('should save the checked document and start over from it', async () => {
    const save = vi.fn((_next: Doc) => Promise.resolve())
    const { result } = renderHook(() => useDocumentForm(options({ save })))
    act(() => result.current.edit({ ...STORED, title: ' Picture day ' }))
    let outcome: string | undefined
    await act(async () => {
      outcome = await result.current.save()
    })
    expect([outcome, save.mock.calls[0]?.[0], result.current.dirty, result.current.status]).toEqual(
      ['saved', { ...STORED, title: 'Picture day' }, false, { kind: 'saved' }],
    )
  })

  it('should not call a save only kept on the device saved', async () => {
    const save = vi.fn((_next: Doc) => Promise.resolve('kept'))
    const { result } = renderHook(() => useDocumentForm(options({ save })))
    act(() => result.current.edit({ ...STORED, title: 'Picture day' }))
    let outcome: string | undefined
    await act(async () => {
      outcome = await result.current.save()
    })
    expect([outcome, result.current.status]).toEqual(['kept', { kind: 'kept' }])
  })

  it('should refuse to save with problems and keep the values', async () => {
    const save = vi.fn((_next: Doc) => Promise.resolve())
    const { result } = renderHook(() => useDocumentForm(options({ save })))
    act(() => result.current.edit({ ...STORED, title: '   ' }))
    await act(async () => {
      await result.current.save()
    })
    expect([save.mock.calls.length, result.current.status, result.current.checked]).toEqual([
      0,
      { kind: 'invalid', count: 1 },
      true,
    ])
  })

  it('should count the problems only once a save found them, and count down as they are fixed', async () => {
    // One problem for a blank title, one for each blank item.
    const check: DocumentFormOptions<Doc, Doc>['check'] = (values) => {
      const problems =
        (values.title.trim() === '' ? 1 : 0) + values.items.filter((item) => !item.trim()).length
      return problems > 0 ? { ok: false, problems } : { ok: true, value: values }
    }
    const { result } = renderHook(() => useDocumentForm(options({ check })))
    act(() => result.current.edit({ title: ' ', items: ['', 'Sunscreen', ''] }))
    const before = result.current.problems
    await act(async () => {
      await result.current.save()
    })
    const found = result.current.problems
    act(() => result.current.edit((values) => ({ ...values, title: 'Picture day' })))
    const fewer = result.current.problems
    act(() => result.current.discard())
    expect([before, found, fewer, result.current.problems]).toEqual([0, 3, 2, 0])
  })

  it('should keep the values and say why when the save is refused', async () => {
    const save = vi.fn((_next: Doc) => Promise.reject(new Error('Offline.')))
    const { result } = renderHook(() => useDocumentForm(options({ save })))
    act(() => result.current.edit({ ...STORED, title: 'Picture day' }))
    await act(async () => {
      await result.current.save()
    })
    expect([result.current.status, result.current.values.title, result.current.dirty]).toEqual([
      { kind: 'failed', detail: 'Offline.' },
      'Picture day',
      true,
    ])
  })

  it('should take a newer stored document while there are no edits, and its other fields otherwise', () => {
    const { result, rerender } = renderHook(
      (props: { stored: Doc }) => useDocumentForm(options({ stored: props.stored })),
      { initialProps: { stored: STORED } },
    )
    rerender({ stored: { ...STORED, title: 'Theirs' } })
    const followed = result.current.values.title
    act(() => result.current.edit((d) => ({ ...d, items: ['Mine'] })))
    // The title was left alone here: it follows; the list edited here stays as typed.
    rerender({ stored: { ...STORED, title: 'Theirs again' } })
    expect([followed, result.current.values.title, result.current.values.items]).toEqual([
      'Theirs',
      'Theirs again',
      ['Mine'],
    ])
    expect(result.current.dirty).toBe(true)
    expect(result.current.base.title).toBe('Theirs again')
  })

  it('should keep a field edited here when the newer stored document changed it too', () => {
    const { result, rerender } = renderHook(
      (props: { stored: Doc }) => useDocumentForm(options({ stored: props.stored })),
      { initialProps: { stored: STORED } },
    )
    act(() => result.current.edit((d) => ({ ...d, title: 'Mine' })))
    rerender({ stored: { ...STORED, title: 'Theirs' } })
    expect(result.current.values.title).toBe('Mine')
    // Saving starts from the document the edit began on, so the store asks which to keep.
    expect(result.current.base).toBe(STORED)
    expect(result.current.changedElsewhere).toBe(true)
    // Discarding goes back to what is stored now.
    act(() => result.current.discard())
    expect([result.current.values.title, result.current.dirty]).toEqual(['Theirs', false])
    expect(result.current.changedElsewhere).toBe(false)
  })

  it('should keep the values on the device per user once typing pauses, and drop them when saved', async () => {
    const { result } = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    act(() => result.current.edit({ ...STORED, title: 'Picture day' }))
    const beforePause = kept()
    act(() => vi.advanceTimersByTime(DEVICE_WRITE_MS))
    const afterPause = kept()
    await act(async () => {
      await result.current.save()
    })
    expect([beforePause, afterPause?.draft.title, kept('user-2'), kept()]).toEqual([
      undefined,
      'Picture day',
      undefined,
      undefined,
    ])
  })

  it('should move the form copy kept on the device when the document takes another name', () => {
    const { result, rerender } = renderHook((id: string) => useDocumentForm(options({ id })), {
      wrapper: withFormCopies(),
      initialProps: 'new',
    })
    act(() => result.current.edit({ ...STORED, title: 'Typed while it was stored' }))
    act(() => vi.advanceTimersByTime(DEVICE_WRITE_MS))
    const underOldName = kept('user-1', 'new')?.draft.title
    rerender('post-1')
    act(() => vi.advanceTimersByTime(DEVICE_WRITE_MS))
    expect([
      underOldName,
      kept('user-1', 'new'),
      kept('user-1', 'post-1')?.draft.title,
      result.current.values.title,
    ]).toEqual([
      'Typed while it was stored',
      undefined,
      'Typed while it was stored',
      'Typed while it was stored',
    ])
  })

  it('should write the values at once when the screen goes away', () => {
    const { result, unmount } = renderHook(() => useDocumentForm(options()), {
      wrapper: withFormCopies(),
    })
    act(() => result.current.edit({ ...STORED, title: 'Left in a hurry' }))
    unmount()
    expect(kept()?.draft.title).toBe('Left in a hurry')
  })

  it('should offer a form copy back on return, and restore it when asked', () => {
    const first = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    act(() => first.result.current.edit({ ...STORED, title: 'Came back for it' }))
    first.unmount()
    const { result } = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    const offered = result.current.restoreOffer
    const before = result.current.values.title
    act(() => result.current.restore())
    expect([offered, before, result.current.values.title, result.current.dirty]).toEqual([
      { savedAt: 1_700_000_000_000, storedChangedSince: false },
      'Opening day',
      'Came back for it',
      true,
    ])
  })

  it('should say when the stored document changed since the values were kept', () => {
    const first = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    act(() => first.result.current.edit({ ...STORED, title: 'Mine' }))
    first.unmount()
    const { result } = renderHook(
      () => useDocumentForm(options({ stored: { ...STORED, items: ['Theirs'] } })),
      { wrapper: withFormCopies() },
    )
    expect(result.current.restoreOffer?.storedChangedSince).toBe(true)
  })

  it('should drop a form copy when declined, or when it is unreadable', () => {
    storage.setItem(
      `${FORM_COPY_PREFIX}user-1:doc`,
      JSON.stringify({ draft: { title: 5, items: 'no' }, base: STORED, savedAt: 1 }),
    )
    const broken = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    const brokenOffer = broken.result.current.restoreOffer
    broken.unmount()
    storage.setItem(
      `${FORM_COPY_PREFIX}user-1:doc`,
      JSON.stringify({ draft: { title: 'Mine', items: [] }, base: STORED, savedAt: 1 }),
    )
    const { result } = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    const offered = result.current.restoreOffer !== undefined
    act(() => result.current.declineRestore())
    expect([brokenOffer, offered, kept(), result.current.values.title]).toEqual([
      undefined,
      true,
      undefined,
      'Opening day',
    ])
  })

  it('should say the values are not kept when the device refuses it', () => {
    storage.failWrites = true
    const { result } = renderHook(() => useDocumentForm(options()), { wrapper: withFormCopies() })
    act(() => result.current.edit({ ...STORED, title: 'Nowhere to go' }))
    act(() => vi.advanceTimersByTime(DEVICE_WRITE_MS))
    expect(result.current.keptOnDevice).toBe(false)
  })
})

/** A screen with one form and a link away, under a data router as the apps have. */
function Screen() {
  const form = useDocumentForm(options())
  return (
    <>
      <RestoreBanner form={form} what="the notes" />
      <label>
        Title
        <input
          value={form.values.title}
          onChange={(event) => form.edit({ ...form.values, title: event.target.value })}
        />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <LeaveGuard form={form} what="the notes" />
    </>
  )
}

function showScreen() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Screen /> },
      {
        path: '/elsewhere',
        element: (
          <>
            <h1>Elsewhere</h1>
            <Link to="/form">Back</Link>
          </>
        ),
      },
    ],
    { initialEntries: ['/form'] },
  )
  const Copies = withFormCopies()
  render(
    <Copies>
      <RouterProvider router={router} />
    </Copies>,
  )
  return router
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

describe('<LeaveGuard/> and <RestoreBanner/>', () => {
  it('should let a move away go through when nothing changed', async () => {
    const router = showScreen()
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(router.state.location.pathname).toBe('/elsewhere')
  })

  it('should ask before leaving unsaved changes, and stay when asked to', async () => {
    const router = showScreen()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Half typed' } })
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' })
    await click(screen.getByRole('button', { name: 'Stay on this page' }))
    expect([
      dialog.textContent?.includes('kept on this device'),
      router.state.location.pathname,
      (screen.getByLabelText('Title') as HTMLInputElement).value,
      screen.queryByRole('dialog'),
    ]).toEqual([true, '/form', 'Half typed', null])
  })

  it('should leave keeping the values, and offer it back on return', async () => {
    const router = showScreen()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Half typed' } })
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    await click(screen.getByRole('button', { name: 'Leave and keep my changes' }))
    const left = router.state.location.pathname
    await click(screen.getByRole('link', { name: 'Back' }))
    const offer = screen.getByRole('region', { name: 'Unsaved changes on this device' })
    await click(screen.getByRole('button', { name: 'Restore my changes' }))
    expect([
      left,
      offer.textContent?.includes('You have unsaved changes to the notes'),
      (screen.getByLabelText('Title') as HTMLInputElement).value,
    ]).toEqual(['/elsewhere', true, 'Half typed'])
  })

  it('should discard the changes and leave when asked to', async () => {
    const router = showScreen()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Not wanted' } })
    await click(screen.getByRole('link', { name: 'Elsewhere' }))
    await click(screen.getByRole('button', { name: 'Discard changes and leave' }))
    const left = router.state.location.pathname
    await click(screen.getByRole('link', { name: 'Back' }))
    expect([
      left,
      kept(),
      screen.queryByRole('region', { name: 'Unsaved changes on this device' }),
      (screen.getByLabelText('Title') as HTMLInputElement).value,
    ]).toEqual(['/elsewhere', undefined, null, 'Opening day'])
  })
})
