// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../../test-utils/memory-repository.ts'
import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import { recordLogs } from '../../../test-utils/notices.ts'
import { ContentProvider, useContent } from '../../content/content-provider.tsx'
import { useUndo } from '../../content/use-undo.ts'
import type { ContentRepository } from '../../content/content-repository.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { useEditCommands } from './edit-commands.ts'
import { editCommandFor, UndoControls } from './undo-controls.tsx'

const SCOPE = '/admin/edit/fields'
const firstAlert = DEFAULT_CONTENT.alerts[0]!

/** A page editor of the scope: an edit button, its title, and the editor's command listener. */
function Page() {
  const alerts = useContent('alerts')
  const { edit, ...history } = useUndo(SCOPE)
  useEditCommands(history)
  return (
    <>
      <p>alert: {alerts[0]?.title}</p>
      <button onClick={() => void edit('alerts', [{ ...firstAlert, title: 'Edited' }])}>
        edit
      </button>
      <input aria-label="A field" />
    </>
  )
}

let repository: MemoryRepository

function renderControls() {
  render(
    <ContentProvider
      repository={repository as unknown as ContentRepository}
      builtIn={DEFAULT_CONTENT}
      storage={createMemoryStorage()}
      logger={recordLogs().logger}
      signedIn
      isStaff
    >
      <UndoControls scope={SCOPE} />
      <Page />
    </ContentProvider>,
  )
}

const undo = () => screen.getByRole('button', { name: /^Undo/ })
const redo = () => screen.getByRole('button', { name: /^Redo/ })
const title = () => screen.getByText(/^alert: /).textContent

async function settle() {
  await act(() => vi.advanceTimersByTimeAsync(0))
}

/** The saving half of the store loads on demand (a real import), so views are waited for. */
async function expectTitle(text: string) {
  await settle()
  await vi.waitFor(() => expect(title()).toBe(`alert: ${text}`))
}

async function editOnce() {
  fireEvent.click(screen.getByRole('button', { name: 'edit' }))
  await expectTitle('Edited')
}

beforeEach(() => {
  vi.useFakeTimers()
  repository = createMemoryRepository()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('editCommandFor', () => {
  const key = (key: string, mods: Partial<KeyboardEvent> = {}) =>
    editCommandFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods })

  it('should read Ctrl or Cmd+Z as undo and with Shift as redo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo')
    expect(key('z', { metaKey: true })).toBe('undo')
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo')
    expect(key('y', { ctrlKey: true })).toBe('redo')
  })

  it('should leave other keys alone', () => {
    expect(key('z')).toBeUndefined()
    expect(key('z', { ctrlKey: true, altKey: true })).toBeUndefined()
    expect(key('y', { metaKey: true })).toBeUndefined()
  })
})

describe('<UndoControls/>', () => {
  it('should undo and redo with its buttons, staying focusable when there is nothing to do', async () => {
    renderControls()
    await settle()
    expect(undo().getAttribute('aria-disabled')).toBe('true')
    expect(undo().textContent).toBe('Undo (nothing to undo)')

    await editOnce()
    expect(undo().getAttribute('aria-disabled')).toBe('false')
    fireEvent.click(undo())
    await expectTitle(firstAlert.title)
    expect(undo().getAttribute('aria-disabled')).toBe('true')

    fireEvent.click(redo())
    await expectTitle('Edited')
    // The edit, its undo and its redo were each saved.
    await vi.waitFor(() => expect(repository.rows.get('alerts')?.version).toBe(3))
  })

  it('should undo and redo from the keyboard outside a text field', async () => {
    renderControls()
    await settle()
    await editOnce()
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    await expectTitle(firstAlert.title)
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true })
    await expectTitle('Edited')
  })

  it('should leave the keys to a text field that has the focus', async () => {
    renderControls()
    await settle()
    await editOnce()
    const field = screen.getByRole('textbox', { name: 'A field' })
    field.focus()
    const event = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true })
    window.dispatchEvent(event)
    await expectTitle('Edited')
    expect(event.defaultPrevented).toBe(false)
  })
})
