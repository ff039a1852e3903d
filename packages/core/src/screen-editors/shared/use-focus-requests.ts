import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

/** Asks for the first problem a save found, which every screen focuses alike (focusFirstProblem). */
export type FirstProblem = { firstError: true }

/**
 * Focuses the first problem inside `root`: a control marked invalid, or the message that stands
 * for a control that cannot be marked (a photo, a list's items: `data-error`).
 */
export function focusFirstProblem(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus()
}

/** What {@link useFocusRequests} gives a screen. */
export type FocusRequests<Request> = {
  /** The screen's root element, which `focus` searches. */
  root: RefObject<HTMLElement | null>
  /** Focuses `request` after the next render (the control may not exist until then). */
  focusAfterRender(request: Request | FirstProblem): void
  /** Focuses `request` when the open dialog closes, instead of the control that opened it. */
  focusAfterClose(request: Request | FirstProblem): void
  /** The dialog's `onCloseAutoFocus`: carries out the request made with `focusAfterClose`. */
  onDialogClose(event: Event): void
}

/**
 * Where focus goes after an editor's screen changes under it (an item moved, added or deleted,
 * a save that found problems): the screen names the place as a request of its own type, and
 * `focus` finds it inside the screen's root once it is rendered. The first problem a save found
 * (`{ firstError: true }`) is found here, the same way on every screen.
 *
 * @example
 * const { root, focusAfterRender, onDialogClose } = useFocusRequests<FocusRequest>(focusRequested)
 * focusAfterRender({ firstError: true })
 * <section ref={root}>…<ConfirmDialog onCloseAutoFocus={onDialogClose} /></section>
 */
export function useFocusRequests<Request extends object>(
  focus: (root: HTMLElement | null, request: Request) => void,
): FocusRequests<Request> {
  const root = useRef<HTMLElement>(null)
  const next = useRef<Request | FirstProblem | null>(null)
  const afterClose = useRef<Request | FirstProblem | null>(null)
  const focusOn = (request: Request | FirstProblem) => {
    if ('firstError' in request) focusFirstProblem(root.current)
    else focus(root.current, request)
  }

  useEffect(() => {
    const request = next.current
    next.current = null
    if (request) focusOn(request)
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
      focusOn(request)
    },
  }
}
