import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

/** What {@link useFocusRequests} gives a screen. */
export type FocusRequests<Request> = {
  /** The screen's root element, which `focus` searches. */
  root: RefObject<HTMLElement | null>
  /** Focuses `request` after the next render (the control may not exist until then). */
  focusAfterRender(request: Request): void
  /** Focuses `request` when the open dialog closes, instead of the control that opened it. */
  focusAfterClose(request: Request): void
  /** The dialog's `onCloseAutoFocus`: carries out the request made with `focusAfterClose`. */
  onDialogClose(event: Event): void
}

/**
 * Where focus goes after an editor's screen changes under it (an item moved, added or deleted,
 * a save that found problems): the screen names the place as a request of its own type, and
 * `focus` finds it inside the screen's root once it is rendered.
 *
 * @example
 * const { root, focusAfterRender, onDialogClose } = useFocusRequests<FocusRequest>(focusRequested)
 * focusAfterRender({ firstError: true })
 * <section ref={root}>…<ConfirmDialog onCloseAutoFocus={onDialogClose} /></section>
 */
export function useFocusRequests<Request>(
  focus: (root: HTMLElement | null, request: Request) => void,
): FocusRequests<Request> {
  const root = useRef<HTMLElement>(null)
  const next = useRef<Request | null>(null)
  const afterClose = useRef<Request | null>(null)

  useEffect(() => {
    const request = next.current
    next.current = null
    if (request) focus(root.current, request)
  })

  return {
    root,
    focusAfterRender: (request) => {
      next.current = request
    },
    focusAfterClose: (request) => {
      afterClose.current = request
    },
    onDialogClose: (event) => {
      const request = afterClose.current
      afterClose.current = null
      if (!request) return
      event.preventDefault()
      focus(root.current, request)
    },
  }
}
