// @vitest-environment jsdom
import * as Dialog from '@radix-ui/react-dialog'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ModalContent } from './modal-content.tsx'
import { createNoticeStore } from './notices/notice-store.ts'
import { Notices } from './notices/notices.tsx'

afterEach(cleanup)

function Modal({
  name,
  onOpenChange,
  onEscapeKeyDown,
  children,
}: {
  name: string
  onOpenChange?: (open: boolean) => void
  onEscapeKeyDown?: (event: KeyboardEvent) => void
  children?: ReactNode
}) {
  const [open, setOpen] = useState(true)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next)
        setOpen(next)
      }}
    >
      <Dialog.Portal>
        <ModalContent aria-describedby={undefined} onEscapeKeyDown={onEscapeKeyDown}>
          <Dialog.Title>{name}</Dialog.Title>
          <input aria-label={`Field in ${name}`} />
          {children}
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const escape = (label: string) => fireEvent.keyDown(screen.getByLabelText(label), { key: 'Escape' })

describe('<ModalContent/>', () => {
  it('should close on the first Escape when a notice arrived after it opened, and keep the notice', () => {
    const store = createNoticeStore()
    const onOpenChange = vi.fn()
    render(
      <>
        <Notices store={store} />
        <Modal name="Preview" onOpenChange={onOpenChange} />
      </>,
    )
    act(() => {
      store.show({ title: 'Content Saved!' })
    })
    escape('Field in Preview')
    expect(screen.queryByRole('dialog', { name: 'Preview' })).toBeNull()
    expect(onOpenChange).toHaveBeenCalledTimes(1)
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.getByText('Content Saved!')).toBeTruthy()
    store.dispose()
  })

  it('should close once on Escape when it is the newest layer', () => {
    const onOpenChange = vi.fn()
    render(<Modal name="Preview" onOpenChange={onOpenChange} />)
    escape('Field in Preview')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onOpenChange).toHaveBeenCalledTimes(1)
  })

  it('should stay open when its own Escape handler prevents the close', () => {
    render(<Modal name="Leave?" onEscapeKeyDown={(event) => event.preventDefault()} />)
    escape('Field in Leave?')
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeTruthy()
  })

  it('should close only the inner of two dialogs, notice or not', () => {
    const store = createNoticeStore()
    render(
      <>
        <Notices store={store} />
        <Modal name="Outer">
          <Modal name="Inner" />
        </Modal>
      </>,
    )
    escape('Field in Inner')
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy()
    store.dispose()
  })

  it('should leave a notice to its own Escape when no dialog is open', () => {
    const store = createNoticeStore()
    render(
      <>
        <Notices store={store} />
        <input aria-label="Page field" />
      </>,
    )
    act(() => {
      store.show({ title: 'Content Saved!' })
    })
    escape('Page field')
    expect(screen.queryByText('Content Saved!')).toBeNull()
    store.dispose()
  })
})
