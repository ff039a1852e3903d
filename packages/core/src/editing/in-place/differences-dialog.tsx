import * as Dialog from '@radix-ui/react-dialog'
import { lazy, Suspense } from 'react'
import type { ReactElement } from 'react'
import { ModalContent } from '../../ui/modal-content.tsx'

// The diff library comes with the list, when differences are first asked for.
const DocumentChanges = lazy(() =>
  import('../../history/document-changes.tsx').then((m) => ({
    default: m.DocumentChanges,
  })),
)

const DIFFERENCES_STYLES = `
.edit-differences__top { display: flex; align-items: flex-start; justify-content: space-between; gap: var(--space-3); margin-bottom: var(--space-2); }
.edit-differences__title { margin: 0; font-size: 1.25rem; color: var(--color-navy); }
.edit-differences__body { margin: var(--space-4) 0; }
`

/** Props of {@link DifferencesDialog}. */
export type DifferencesDialogProps = {
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger: ReactElement
  open: boolean
  onOpenChange(open: boolean): void
  /** What the document is called: "Home page". */
  documentLabel: string
  /** Who saved theirs, and when, as the notice says it: "staff@club.local saved it at …". */
  theirsDescription: string
  /** The version stored now; undefined when it could not be read. */
  theirs: unknown
  /** This editor's pending save. */
  mine: unknown
  /** Takes the stored version (the pending save is set aside, still recoverable). */
  onReload(): void
  /** Stores the pending save over the stored version, as a new version. */
  onOverwrite(): void
}

/**
 * What a pending save caught in a save conflict changes in the version someone else stored: the
 * readable differences from theirs to mine, with Reload and Overwrite at hand (Radix Dialog:
 * focus stays inside, Escape closes, focus goes back to "Show differences").
 *
 * @example
 * <DifferencesDialog trigger={<button type="button">Show differences</button>}
 *   open={open} onOpenChange={setOpen} documentLabel="Home page"
 *   theirsDescription="staff@club.local saved it at November 2, 2026, 3:05 PM (version 7)"
 *   theirs={details.theirs} mine={details.mine} onReload={reload} onOverwrite={overwrite} />
 */
export function DifferencesDialog({
  trigger,
  open,
  onOpenChange,
  documentLabel,
  theirsDescription,
  theirs,
  mine,
  onReload,
  onOverwrite,
}: DifferencesDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="edit-dialog__overlay" />
        <ModalContent className="edit-dialog edit-dialog--wide edit-differences">
          <style href="club-edit-differences" precedence="default">
            {DIFFERENCES_STYLES}
          </style>
          <div className="edit-differences__top">
            <Dialog.Title className="edit-differences__title">
              {`Differences in ${documentLabel}`}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="edit-chip">
                Close
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description>
            {`What your version changes in theirs: ${theirsDescription}. Removed words are struck through, added words underlined.`}
          </Dialog.Description>
          <div className="edit-differences__body">
            {theirs === undefined ? (
              <p>
                Their version could not be read, so the differences cannot be shown. Reload to see
                what is stored now; your version stays on this device.
              </p>
            ) : (
              <Suspense fallback={<p role="status">Comparing the two versions…</p>}>
                <DocumentChanges
                  before={theirs}
                  after={mine}
                  beforeLabel="Their version"
                  afterLabel="Your version"
                  label={`What your version changes in ${documentLabel}`}
                  emptyText="Your version and theirs are the same: overwriting changes nothing on the site."
                />
              </Suspense>
            )}
          </div>
          <div className="edit-actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => {
                onOpenChange(false)
                onReload()
              }}
            >
              Reload theirs
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                onOpenChange(false)
                onOverwrite()
              }}
            >
              Overwrite with mine
            </button>
          </div>
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
