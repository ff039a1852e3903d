import * as Toast from '@radix-ui/react-toast'
import { useSyncExternalStore } from 'react'

import { NOTICE_SWIPE_THRESHOLD_PX } from './notice-store.ts'
import type { NoticeStore } from './notice-store.ts'
import './notices.css'

/** Props of the notice renderer. */
export type NoticesProps = {
  store: NoticeStore
  /** Announced before each notice by screen readers. */
  label?: string
}

/**
 * Renders the store's current notice with Radix Toast, which supplies the live-region
 * announcement, the F8 hotkey to reach the viewport, Escape and swipe to dismiss. The
 * store owns the timer, so Radix's own is switched off (duration Infinity) and its
 * pause and resume (hover, focus, window blur) are forwarded to the store.
 */
export function Notices({ store, label = 'Notification' }: NoticesProps) {
  const notices = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  return (
    <Toast.Provider
      label={label}
      duration={Infinity}
      swipeDirection="right"
      swipeThreshold={NOTICE_SWIPE_THRESHOLD_PX}
    >
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          className="club-notice"
          data-variant={notice.variant}
          // Destructive notices interrupt (aria-live assertive); the rest wait their turn.
          type={notice.variant === 'destructive' ? 'foreground' : 'background'}
          open
          onOpenChange={(open) => {
            if (!open) store.dismiss(notice.id)
          }}
          onPause={() => store.pause(notice.id)}
          onResume={() => store.resume(notice.id)}
        >
          <div className="club-notice__text">
            <Toast.Title className="club-notice__title">{notice.title}</Toast.Title>
            {notice.description !== undefined && (
              <Toast.Description className="club-notice__description">
                {notice.description}
              </Toast.Description>
            )}
          </div>
          {notice.actions.length > 0 && (
            <div className="club-notice__actions">
              {notice.actions.map((action) => (
                <Toast.Action
                  key={action.label}
                  className="club-notice__action"
                  altText={action.altText}
                  onClick={action.onSelect}
                >
                  {action.label}
                </Toast.Action>
              ))}
            </div>
          )}
          <Toast.Close className="club-notice__close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="club-notices" />
    </Toast.Provider>
  )
}
