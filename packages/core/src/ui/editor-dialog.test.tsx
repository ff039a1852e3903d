// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ConfirmDialog } from './editor-dialog.tsx'

afterEach(cleanup)

describe('ConfirmDialog', () => {
  it('should bring its own styles, focus Cancel first, and answer each button', () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(
      <ConfirmDialog
        open
        title="Delete “Rain delay”?"
        description="It disappears from every page."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Delete “Rain delay”?' })
    // Its stylesheet is hoisted into the head with it, whatever screen asks (ui/ is below them).
    // (vitest turns CSS into empty strings, so the element is what can be seen here.)
    expect(document.head.querySelector('style[data-href="club-editor-dialog"]')).not.toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    expect(dialog.textContent).toContain('It disappears from every page.')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})
