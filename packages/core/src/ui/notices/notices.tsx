import * as Toast from '@radix-ui/react-toast'
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react'

import { pressedInDialog } from '../modal-content.tsx'
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
  const viewport = useKeepActionsClear(notices.length > 0)
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
          // Escape pressed in a dialog closes that dialog (ModalContent), not this notice.
          onEscapeKeyDown={(event) => {
            if (pressedInDialog(event)) event.preventDefault()
          }}
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
      <Toast.Viewport ref={viewport} className="club-notices" />
    </Toast.Provider>
  )
}

/** What a person can act on: a notice must never sit over one of these. */
const ACTIONS =
  'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [contenteditable="true"], [contenteditable="plaintext-only"]'

/** The CSS property that tells sticky bars at the foot of the screen to make room. */
export const NOTICE_SPACE_PROPERTY = '--club-notice-space'

/**
 * How many visible controls outside the notices lie under a notice. Only elements inside the
 * window count; hidden ones (display none, visibility hidden, zero size) do not.
 */
export function coveredActions(region: HTMLElement): number {
  const notices = [...region.querySelectorAll<HTMLElement>('.club-notice')].map((notice) =>
    notice.getBoundingClientRect(),
  )
  return actionBoxes(region).filter((box) =>
    notices.some(
      (notice) =>
        box.left < notice.right &&
        box.right > notice.left &&
        box.top < notice.bottom &&
        box.bottom > notice.top,
    ),
  ).length
}

/** The visible controls outside the notices: their boxes in the window. */
function actionBoxes(region: HTMLElement): DOMRect[] {
  const height = region.ownerDocument.defaultView?.innerHeight ?? 0
  const boxes: DOMRect[] = []
  for (const element of region.ownerDocument.querySelectorAll<HTMLElement>(ACTIONS)) {
    if (region.contains(element)) continue
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= height) continue
    if (element.checkVisibility?.({ visibilityProperty: true }) ?? true) boxes.push(box)
  }
  return boxes
}

/**
 * Where the notices' region should start (its `top`, in px) to cover no control: the lowest
 * such place between the bars stuck to the top and the foot of the window, searched in 4 px
 * steps; where every place covers one, the place covering fewest (the lowest of them).
 */
export function clearTop(region: HTMLElement): number {
  const view = region.ownerDocument.defaultView
  const notices = [...region.querySelectorAll<HTMLElement>('.club-notice')].map((notice) =>
    notice.getBoundingClientRect(),
  )
  if (!view || notices.length === 0) return 0
  const regionTop = region.getBoundingClientRect().top
  // The notices' extent, relative to the region's top (its padding covers nothing).
  const from = Math.min(...notices.map((box) => box.top)) - regionTop
  const to = Math.max(...notices.map((box) => box.bottom)) - regionTop
  const left = Math.min(...notices.map((box) => box.left))
  const right = Math.max(...notices.map((box) => box.right))
  const boxes = actionBoxes(region).filter((box) => box.left < right && box.right > left)
  const highest = stuckTopBottom(region) - from
  let best = { top: view.innerHeight - region.offsetHeight, covered: Infinity }
  for (let top = view.innerHeight - region.offsetHeight; top >= highest; top -= 4) {
    const covered = boxes.filter((box) => box.top < top + to && box.bottom > top + from).length
    if (covered === 0) return Math.round(top)
    if (covered < best.covered) best = { top, covered }
  }
  return Math.round(best.top)
}

/** Where the bars stuck to the top of the screen end (0 when none is there). */
function stuckTopBottom(region: HTMLElement): number {
  const view = region.ownerDocument.defaultView
  if (!view) return 0
  let bottom = 0
  for (const bar of region.ownerDocument.querySelectorAll<HTMLElement>(
    'header, [role="banner"], .admin-topbar, .edit-bar, .presence-bar',
  )) {
    const position = view.getComputedStyle(bar).position
    if (position !== 'sticky' && position !== 'fixed') continue
    const box = bar.getBoundingClientRect()
    if (box.height > 0 && box.top <= bottom + 1 && box.bottom < view.innerHeight / 2) {
      bottom = Math.max(bottom, box.bottom)
    }
  }
  return Math.round(bottom)
}

/**
 * Keeps the shown notice off every control (issue 19: "Welcome back!" over Publish). The
 * notice sits at the foot of the screen, and sticky bars there (the editors' save bar) move up
 * by its height (the `--club-notice-space` property); if a control is still under it, it goes
 * up the screen to the lowest place where it covers no control (else the fewest), below the
 * bars stuck to the top. Checked again as the page
 * scrolls or resizes while a notice shows, and when the page under it changes (a screen's data
 * arriving after the notice, as the admin home's reminders after "Welcome back!").
 */
function useKeepActionsClear(showing: boolean) {
  const viewport = useRef<HTMLOListElement>(null)
  useLayoutEffect(() => {
    const region = viewport.current
    const root = region?.ownerDocument.documentElement
    const view = region?.ownerDocument.defaultView
    if (!region || !root || !view) return
    const clear = () => {
      delete region.dataset.edge
      region.style.removeProperty('top')
      root.style.removeProperty(NOTICE_SPACE_PROPERTY)
    }
    if (!showing) {
      clear()
      return
    }
    // The notice first sits at the foot, where sticky bars (the editors' save bar) move up by
    // its height. If a control is still under it, it moves up the screen to the lowest place
    // between the bars stuck to the top and the foot where it covers none (else the fewest).
    const place = () => {
      delete region.dataset.edge
      region.style.removeProperty('top')
      root.style.setProperty(NOTICE_SPACE_PROPERTY, `${region.offsetHeight}px`)
      if (coveredActions(region) === 0) return
      root.style.removeProperty(NOTICE_SPACE_PROPERTY)
      const top = clearTop(region)
      region.dataset.edge = 'top'
      region.style.setProperty('top', `${top}px`)
    }
    let frame = 0
    const later = () => {
      if (frame === 0) {
        frame = view.requestAnimationFrame(() => {
          frame = 0
          place()
        })
      }
    }
    // The page under the notice changes too (a screen's data arrives after the notice that
    // opened it, a list grows): then the notice only moves when a control has come under it,
    // so that it does not jump about while someone types.
    let check = 0
    const recheck = () => {
      if (check === 0 && frame === 0) {
        check = view.requestAnimationFrame(() => {
          check = 0
          if (frame === 0 && coveredActions(region) > 0) place()
        })
      }
    }
    place()
    // Radix puts the notice into the region a render later (a portal): placed again then, and
    // whenever its content changes.
    const changes = new MutationObserver(later)
    changes.observe(region, { childList: true, subtree: true, characterData: true })
    // Elements added or removed, or the page's height changing; not each typed character.
    const page = region.ownerDocument.body
    const pageChanges = new MutationObserver(recheck)
    pageChanges.observe(page, { childList: true, subtree: true })
    const sizes = 'ResizeObserver' in view ? new view.ResizeObserver(recheck) : undefined
    sizes?.observe(page)
    view.addEventListener('scroll', later, { passive: true, capture: true })
    view.addEventListener('resize', later)
    return () => {
      changes.disconnect()
      pageChanges.disconnect()
      sizes?.disconnect()
      view.cancelAnimationFrame(frame)
      view.cancelAnimationFrame(check)
      view.removeEventListener('scroll', later, { capture: true })
      view.removeEventListener('resize', later)
      clear()
    }
  })
  return viewport
}
