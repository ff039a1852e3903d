import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useContext, useEffect } from 'react'
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router'
import type { BlockerFunction } from 'react-router'

import { useHeldMove, useNavigationGuard } from '../../site/navigation-guard.tsx'
import type { NavigationGuard, ShouldHold } from '../../site/navigation-guard.tsx'
import { AdminStyle } from '../../ui/admin-style.tsx'
import formGuardsCss from './form-guards.css?inline'
import type { DocumentForm } from './use-document-form.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

/** What the guards need of a form's values (see useDocumentForm). */
type GuardedForm = Pick<
  DocumentForm<unknown, unknown>,
  'dirty' | 'keptOnDevice' | 'hasUnsavedChanges' | 'discard'
>

/** Props of {@link LeaveGuard}. */
export type LeaveGuardProps = {
  form: GuardedForm
  /** What the changes are to, in the club's words: "the alerts", "the About page". */
  what: string
}

/**
 * Holds a move to another screen while the form has unsaved changes and asks, in an accessible
 * dialog: stay, leave and keep the values on this device (offered back on return), or discard
 * the changes and leave. A reload or a closed tab keeps the values on the device as well; only
 * where the device cannot keep it does the browser's own prompt ask first.
 *
 * Holds moves through the web app's navigation guard (GuardedBrowserRouter) or a data router's
 * `useBlocker` (the desktop app); under another router (some unit tests) it guards reloads only.
 *
 * @example
 * <LeaveGuard form={form} what="the alerts" />
 */
export function LeaveGuard({ form, what }: LeaveGuardProps) {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null
  const mustWarn = form.dirty && !form.keptOnDevice
  useEffect(() => {
    if (!mustWarn) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [mustWarn])
  const guard = useNavigationGuard()
  if (guard) return <GuardedLeave guard={guard} form={form} what={what} />
  return inDataRouter ? <DataRouterLeave form={form} what={what} /> : null
}

/** Holds a move to another path while the form has unsaved changes. */
function useShouldHold(form: GuardedForm) {
  const { hasUnsavedChanges } = form
  return useCallback<BlockerFunction & ShouldHold>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges(),
    [hasUnsavedChanges],
  )
}

function GuardedLeave({ guard, ...props }: LeaveGuardProps & { guard: NavigationGuard }) {
  const held = useHeldMove(guard, useShouldHold(props.form))
  return <LeaveDialog {...props} open={held.waiting} proceed={held.proceed} stay={held.stay} />
}

function DataRouterLeave(props: LeaveGuardProps) {
  const blocker = useBlocker(useShouldHold(props.form))
  return (
    <LeaveDialog
      {...props}
      open={blocker.state === 'blocked'}
      proceed={() => blocker.proceed?.()}
      stay={() => blocker.reset?.()}
    />
  )
}

function LeaveDialog({
  form,
  what,
  open,
  proceed,
  stay,
}: LeaveGuardProps & { open: boolean; proceed(): void; stay(): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : stay())}>
      <Dialog.Portal>
        <AdminStyle id="club-form-guards" css={formGuardsCss} />
        <Dialog.Overlay className="editor-dialog__overlay" />
        <ModalContent className="editor-dialog leave-dialog">
          <Dialog.Title className="editor-dialog__title">Leave without saving?</Dialog.Title>
          <Dialog.Description className="editor-dialog__description">
            {form.keptOnDevice
              ? `Your changes to ${what} are not saved to the site yet. They are kept on this device: if you leave, you can restore them when you come back.`
              : `Your changes to ${what} are not saved to the site yet, and this device cannot keep them. If you leave, they are lost.`}
          </Dialog.Description>
          <div className="editor-actions leave-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn--primary">
                Stay on this page
              </button>
            </Dialog.Close>
            {form.keptOnDevice && (
              <button type="button" className="btn btn--outline" onClick={proceed}>
                Leave and keep my changes
              </button>
            )}
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                form.discard()
                proceed()
              }}
            >
              Discard changes and leave
            </button>
          </div>
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** What {@link RestoreBanner} needs of a form (see useDocumentForm): its offer and the two answers. */
export type RestorableForm = Pick<
  DocumentForm<unknown, unknown>,
  'restoreOffer' | 'restore' | 'declineRestore'
>

/** Props of {@link RestoreBanner}. */
export type RestoreBannerProps = {
  form: RestorableForm
  /** What the changes are to, in the club's words: "the alerts". */
  what: string
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * Offers back the values this device kept from an earlier visit: "Restore my changes" or
 * "Discard them". Says when it was made, and whether someone has saved since.
 *
 * @example
 * <RestoreBanner form={form} what="the alerts" />
 */
export function RestoreBanner({ form, what }: RestoreBannerProps) {
  const offer = form.restoreOffer
  if (!offer) return null
  return (
    <section className="restore-banner" aria-label="Unsaved changes on this device">
      <AdminStyle id="club-form-guards" css={formGuardsCss} />
      <p className="restore-banner__text">
        <strong>You have unsaved changes to {what}</strong>
        {` from ${timeFormat.format(offer.savedAt)}, kept on this device.`}
        {offer.storedChangedSince &&
          ' Someone has saved since: check what they changed before you save yours.'}
      </p>
      <div className="editor-actions">
        <button type="button" className="btn btn--primary" onClick={form.restore}>
          Restore my changes
        </button>
        <button type="button" className="btn btn--outline" onClick={form.declineRestore}>
          Discard them
        </button>
      </div>
    </section>
  )
}
