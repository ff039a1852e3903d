import * as Dialog from '@radix-ui/react-dialog'
import { forwardRef, useRef } from 'react'
import type { ComponentPropsWithoutRef, ElementRef } from 'react'

/**
 * `Dialog.Content` whose Escape always reaches the dialog the person is in.
 *
 * Radix gives Escape to the newest layer only. A notice that appears while a dialog is open
 * (a save finishing behind a preview, say) is newer, so without this the first Escape would go
 * to the notice and the dialog would stay open. Radix also attaches a new dialog's Escape
 * listener a few renders after it has moved focus inside, and an Escape in that gap is dropped.
 *
 * So an Escape pressed inside the dialog that the dialog's own layer did not see closes it here
 * (through its own close button, so `onOpenChange` runs as for any close). An Escape the
 * dialog did see is left to Radix, including one its `onEscapeKeyDown` prevented on purpose.
 * The notices keep their notice for an Escape pressed inside a dialog (see `Notices`).
 *
 * @example
 * <Dialog.Root open={open} onOpenChange={setOpen}>
 *   <Dialog.Portal>
 *     <ModalContent className="editor-dialog">…</ModalContent>
 *   </Dialog.Portal>
 * </Dialog.Root>
 */
export const ModalContent = forwardRef<
  ElementRef<typeof Dialog.Content>,
  ComponentPropsWithoutRef<typeof Dialog.Content>
>(function ModalContent({ onEscapeKeyDown, onKeyDown, children, ...props }, ref) {
  const seenByLayer = useRef<KeyboardEvent | null>(null)
  const close = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Content
      ref={ref}
      {...props}
      onEscapeKeyDown={(event) => {
        seenByLayer.current = event
        onEscapeKeyDown?.(event)
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (event.key !== 'Escape' || event.isPropagationStopped()) return
        // A dialog opened from this one handles its own Escape: this one stays open.
        event.stopPropagation()
        if (seenByLayer.current !== event.nativeEvent) close.current?.click()
      }}
    >
      {children}
      <Dialog.Close ref={close} hidden tabIndex={-1} aria-hidden="true" />
    </Dialog.Content>
  )
})

/** Whether a key event was pressed inside an open dialog (not a notice): Escape is the dialog's. */
export function pressedInDialog(event: Event): boolean {
  const target = event.target
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null
  )
}
