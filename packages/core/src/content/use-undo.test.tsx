// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import type { MemoryRepository } from '../../test-utils/memory-repository.ts'
import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import { recordLogs } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentRepository } from './content-repository.ts'
import { ContentProvider, useContent } from './content-provider.tsx'
import { useUndo } from './use-undo.ts'

const firstAlert = DEFAULT_CONTENT.alerts[0]!

function AlertTitleEditor({ scope }: { scope?: string }) {
  const alerts = useContent('alerts')
  const { edit, undo, redo, canUndo, canRedo } = useUndo(scope)
  return (
    <div>
      <p>alert: {alerts[0]?.title}</p>
      <button
        onClick={() => void edit('alerts', [{ ...firstAlert, title: 'Edited' }], { path: 'title' })}
      >
        edit
      </button>
      <button disabled={!canUndo} onClick={() => void undo()}>
        undo
      </button>
      <button disabled={!canRedo} onClick={() => void redo()}>
        redo
      </button>
    </div>
  )
}

let repository: MemoryRepository

function renderEditor(scopes: (string | undefined)[] = [undefined]) {
  render(
    <ContentProvider
      repository={repository as unknown as ContentRepository}
      builtIn={DEFAULT_CONTENT}
      storage={createMemoryStorage()}
      logger={recordLogs().logger}
      signedIn
      isStaff
    >
      {scopes.map((scope, index) => (
        <AlertTitleEditor key={index} scope={scope} />
      ))}
    </ContentProvider>,
  )
}

const button = (name: string, index = 0) =>
  screen.getAllByRole('button', { name })[index] as HTMLButtonElement

beforeEach(() => {
  vi.useFakeTimers()
  repository = createMemoryRepository()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useUndo', () => {
  it('should enable undo after an edit and save the previous document on undo', async () => {
    renderEditor()
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(button('undo').disabled).toBe(true)

    fireEvent.click(button('edit'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(button('undo').disabled).toBe(false)

    fireEvent.click(button('undo'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText(`alert: ${firstAlert.title}`)).toBeTruthy()
    expect(button('redo').disabled).toBe(false)
    // The edit and its undo were each saved (the saving half loads on demand).
    await vi.waitFor(() => expect(repository.rows.get('alerts')?.version).toBe(2))
  })

  it('should keep separate histories per scope', async () => {
    renderEditor(['/', '/fields'])
    await act(() => vi.advanceTimersByTimeAsync(0))
    fireEvent.click(button('edit', 0))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(button('undo', 0).disabled).toBe(false)
    expect(button('undo', 1).disabled).toBe(true)
  })
})
