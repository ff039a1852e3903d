import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import type { MouseEvent, ReactNode } from 'react'

import { EditingContext } from '../../editing/editing-context.ts'
import type { EditingContextValue } from '../../editing/editing-context.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import previewCss from './preview-dialog.css?inline'
import { ModalContent } from '../../ui/modal-content.tsx'
import { PHONE_WIDTH, PhoneFrame } from './phone-frame.tsx'

const NOT_EDITING: EditingContextValue = { isEditing: false }

/** Props of {@link PreviewDialog}. */
export type PreviewDialogProps = {
  open: boolean
  onOpenChange(open: boolean): void
  /** What is previewed, for the dialog's title: "Preview: About page". */
  title: string
  /** The public page component, given the values. */
  children: ReactNode
}

// The preview shows the page, it is not a way off the editor: following a link there would
// leave unsaved changes behind.
function holdLinks(event: MouseEvent) {
  if ((event.target as Element).closest('a[href]')) event.preventDefault()
}

/**
 * The values as visitors will see it once saved: the public page component rendered over the
 * whole window in a modal dialog (focus stays inside; Escape or "Close preview" returns to the
 * editor), at the window's width or, with "Phone 390", in a frame 390 px wide that lays the
 * page out as a phone does (PhoneFrame: the values itself, never the public address). Its
 * editable primitives render their public markup even inside an editing surface.
 *
 * @example
 * <PreviewDialog open={previewing} onOpenChange={setPreviewing} title="About page">
 *   <AboutPage aboutContent={fromAboutForm(values)} />
 * </PreviewDialog>
 */
export function PreviewDialog({ open, onOpenChange, title, children }: PreviewDialogProps) {
  const [phone, setPhone] = useState(false)
  const page = <EditingContext.Provider value={NOT_EDITING}>{children}</EditingContext.Provider>
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <AdminStyle id="club-editor-preview" css={previewCss} />
        <Dialog.Overlay className="editor-dialog__overlay" />
        <ModalContent className="editor-preview">
          <div className="editor-preview__bar">
            <div>
              <Dialog.Title className="editor-preview__title">Preview: {title}</Dialog.Title>
              <Dialog.Description className="editor-preview__note">
                What visitors will see once you save. Links do not open from the preview.
              </Dialog.Description>
            </div>
            <div className="editor-preview__widths" role="group" aria-label="Preview width">
              <button
                type="button"
                className="btn btn--outline"
                aria-pressed={!phone}
                onClick={() => setPhone(false)}
              >
                Full width
              </button>
              <button
                type="button"
                className="btn btn--outline"
                aria-pressed={phone}
                onClick={() => setPhone(true)}
              >
                {`Phone ${PHONE_WIDTH}`}
              </button>
            </div>
            <Dialog.Close className="btn btn--primary">Close preview</Dialog.Close>
          </div>
          <div
            className={
              phone ? 'editor-preview__page editor-preview__page--phone' : 'editor-preview__page'
            }
            role="region"
            aria-label={`Previewed ${title}`}
            // Scrolls on its own: reachable from the keyboard even where the page has no links.
            tabIndex={0}
            onClickCapture={holdLinks}
          >
            {phone ? (
              <PhoneFrame title={`${title} on a phone, ${PHONE_WIDTH} px wide`}>{page}</PhoneFrame>
            ) : (
              page
            )}
          </div>
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
