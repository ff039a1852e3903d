// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../../test-utils/memory-repository.ts'
import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import { recordLogs } from '../../../test-utils/notices.ts'
import { ContentProvider, useContent } from '../../content/content-provider.tsx'
import type { ContentRepository } from '../../content/content-repository.ts'
import { createStoreSaving } from '../../content/store-saving.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { EditableText } from '../editable.tsx'
import {
  currentEditState,
  EDIT_COMMAND_EVENT,
  EDIT_STATE_EVENT,
  isTypingTarget,
  sendEditCommand,
} from './edit-commands.ts'
import type { EditState } from './edit-commands.ts'
import { EditingProvider } from './editing-provider.tsx'

const STORED_TITLE = DEFAULT_CONTENT.content.hero.title

function HeroTitle() {
  const home = useContent('content')
  return (
    <EditableText as="p" contentKey="content" path={['hero', 'title']} value={home.hero.title} />
  )
}

let repository: MemoryRepository

/** The home page's title in the editor, as staff, with undo recorded in the page's scope. */
async function renderEditor({ recordUndo = true } = {}) {
  const page = (
    <ContentProvider
      repository={repository as unknown as ContentRepository}
      storage={createMemoryStorage()}
      logger={recordLogs().logger}
      loadSaving={() => ({ createStoreSaving })}
      signedIn
      isStaff
    >
      <EditingProvider undoScope={recordUndo ? '/' : undefined}>
        <HeroTitle />
      </EditingProvider>
      <button type="button">elsewhere</button>
    </ContentProvider>
  )
  // The built-in documents load on demand: the page suspends until they are in.
  await act(async () => {
    render(page)
    await vi.advanceTimersByTimeAsync(0)
  })
}

const field = () => screen.getByRole('textbox', { name: 'Edit hero title' })
const storedTitle = () =>
  (repository.rows.get('content')?.value as typeof DEFAULT_CONTENT.content | undefined)?.hero.title

/** Types `text` into the title and leaves the field, as the editor commits it. */
async function typeTitle(text: string) {
  fireEvent.focus(field())
  field().textContent = text
  fireEvent.blur(field())
  await act(() => vi.advanceTimersByTimeAsync(0))
}

/** What the desktop renderer does on the Edit menu's Undo or Redo, from a focused button. */
async function menuCommand(command: 'undo' | 'redo') {
  screen.getByRole('button', { name: 'elsewhere' }).focus()
  let taken = false
  act(() => {
    taken = sendEditCommand(command)
  })
  await act(() => vi.advanceTimersByTimeAsync(0))
  return taken
}

beforeEach(() => {
  vi.useFakeTimers()
  repository = createMemoryRepository()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('edit commands', () => {
  it('should undo the last edit and save the document from before it', async () => {
    await renderEditor()
    await typeTitle('Opening day')
    expect(storedTitle()).toBe('Opening day')

    expect(await menuCommand('undo')).toBe(true)
    expect(field().textContent).toBe(STORED_TITLE)
    expect(storedTitle()).toBe(STORED_TITLE)
    expect(repository.rows.get('content')?.version).toBe(2)
  })

  it('should redo the step just undone', async () => {
    await renderEditor()
    await typeTitle('Opening day')
    await menuCommand('undo')

    expect(await menuCommand('redo')).toBe(true)
    expect(field().textContent).toBe('Opening day')
    expect(storedTitle()).toBe('Opening day')
  })

  it('should leave the command to the browser when there is nothing to undo or redo', async () => {
    await renderEditor()
    expect(await menuCommand('undo')).toBe(false)
    await typeTitle('Opening day')
    expect(await menuCommand('redo')).toBe(false)
    expect(repository.saves()).toHaveLength(1)
  })

  it('should leave the command to a field being typed in, so its own undo runs', async () => {
    await renderEditor()
    await typeTitle('Opening day')
    field().focus()
    let taken = true
    act(() => {
      taken = sendEditCommand('undo')
    })
    expect(taken).toBe(false)
    expect(storedTitle()).toBe('Opening day')
  })

  it('should take no command once the editor is gone, or when edits are not recorded', async () => {
    await renderEditor({ recordUndo: false })
    await typeTitle('Opening day')
    expect(await menuCommand('undo')).toBe(false)
    cleanup()
    expect(sendEditCommand('undo')).toBe(false)
  })

  it('should ignore an event that names no command it knows', async () => {
    await renderEditor()
    await typeTitle('Opening day')
    const event = new CustomEvent(EDIT_COMMAND_EVENT, { detail: 'delete', cancelable: true })
    expect(window.dispatchEvent(event)).toBe(true)
    expect(storedTitle()).toBe('Opening day')
  })
})

describe('edit state', () => {
  it('should announce when there is a step to undo, then to redo, and nothing once the editor is gone', async () => {
    const states: EditState[] = []
    const record = (event: Event) => states.push((event as CustomEvent<EditState>).detail)
    window.addEventListener(EDIT_STATE_EVENT, record)
    try {
      await renderEditor()
      await typeTitle('Opening day')
      expect(currentEditState()).toEqual({ canUndo: true, canRedo: false })
      await menuCommand('undo')
      expect(currentEditState()).toEqual({ canUndo: false, canRedo: true })
      cleanup()
      expect(states.at(-1)).toEqual({ canUndo: false, canRedo: false })
      expect(states).toContainEqual({ canUndo: true, canRedo: false })
    } finally {
      window.removeEventListener(EDIT_STATE_EVENT, record)
    }
  })
})

describe('isTypingTarget', () => {
  it('should tell fields that take typing from other controls', () => {
    render(
      <div>
        <input aria-label="name" />
        <input aria-label="agree" type="checkbox" />
        <input aria-label="fixed" readOnly />
        <textarea aria-label="notes" />
        <div contentEditable="plaintext-only" suppressContentEditableWarning>
          <span>inside</span>
        </div>
        <button type="button">go</button>
      </div>,
    )
    const typing = [
      screen.getByLabelText('name'),
      screen.getByLabelText('notes'),
      screen.getByText('inside'),
    ]
    const other = [
      screen.getByLabelText('agree'),
      screen.getByLabelText('fixed'),
      screen.getByRole('button'),
      null,
    ]
    expect(typing.map(isTypingTarget)).toEqual([true, true, true])
    expect(other.map(isTypingTarget)).toEqual([false, false, false, false])
  })
})
