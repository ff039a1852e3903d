import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

import editorDialogCss from './editor-dialog.css?inline'
import { AdminStyle } from './admin-style.tsx'
import { ModalContent } from './modal-content.tsx'

/*
 * The signed-in area's modal questions: the editors', the history's and the admin shell's. They
 * sit in ui/ (below every screen that asks) and bring their own styles.
 */

/**
 * The frame of every question the editors ask in a modal (Radix Dialog: focus is trapped inside,
 * Escape cancels): a title, a description, what else the question needs, then Cancel and the
 * answers. Cancel comes first and has focus first, so Enter never confirms by accident.
 *
 * @example
 * <EditorDialog open={asking} title="Retire …?" description="…" onCancel={stop}
 *   actions={<button className="btn btn--primary" onClick={retire}>Retire and save</button>} />
 */
export function EditorDialog({
  open,
  title,
  description,
  children,
  actions,
  onCancel,
  onCloseAutoFocus,
}: {
  open: boolean
  title: string
  description: ReactNode
  /** What the question shows between its description and its buttons. */
  children?: ReactNode
  /** The answers, after Cancel. */
  actions: ReactNode
  onCancel(): void
  /** Where focus goes once the dialog has closed; Radix returns it to the trigger otherwise. */
  onCloseAutoFocus?: (event: Event) => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AdminStyle id="club-editor-dialog" css={editorDialogCss} />
      <Dialog.Portal>
        <Dialog.Overlay className="editor-dialog__overlay" />
        <ModalContent className="editor-dialog" onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="editor-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="editor-dialog__description">
            {description}
          </Dialog.Description>
          {children}
          <div className="editor-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn--outline">
                Cancel
              </button>
            </Dialog.Close>
            {actions}
          </div>
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * A modal question with a cancel and a confirm button (EditorDialog).
 *
 * @example
 * <ConfirmDialog open={asking} title="Delete “Rain delay”?" description="…" confirmLabel="Delete"
 *   onConfirm={remove} onCancel={() => setAsking(false)} />
 */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  ...question
}: {
  open: boolean
  title: string
  description: string
  confirmLabel: string
  onConfirm(): void
  onCancel(): void
  /** Where focus goes once the dialog has closed; Radix returns it to the trigger otherwise. */
  onCloseAutoFocus?: (event: Event) => void
}) {
  return (
    <EditorDialog
      {...question}
      actions={
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      }
    />
  )
}
