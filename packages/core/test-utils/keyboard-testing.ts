import { act, fireEvent } from '@testing-library/react'

/*
 * Keyboard-only driving for the editors' tests (never imported by an editor). jsdom has no Tab
 * key and no default actions for keys, so these helpers move focus in the order Tab would and
 * perform what the browser does for Enter and Space on the focused control: a test that reaches
 * a control only through `tabTo` proves it is in the tab order, and every activation happens on
 * whatever has focus.
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

function isTabbable(element: HTMLElement): boolean {
  if ((element as HTMLButtonElement).disabled) return false
  if (element.tabIndex < 0) return false
  // A modal dialog hides everything else from assistive technology, and so from the tab order.
  return element.closest('[aria-hidden="true"], [hidden], [inert]') === null
}

/** Every element Tab would stop at, in document order. */
export function tabbables(): HTMLElement[] {
  return [...document.body.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isTabbable)
}

/**
 * Presses Tab until `target` has focus, failing if it is not in the tab order.
 *
 * @example
 * tabTo(screen.getByRole('button', { name: 'Save alerts' }))
 */
export function tabTo(target: HTMLElement): void {
  const order = tabbables()
  if (!order.includes(target)) throw new Error(`Not reachable by Tab: ${target.outerHTML}`)
  let index = order.indexOf(document.activeElement as HTMLElement)
  for (let step = 0; step < order.length; step++) {
    index = (index + 1) % order.length
    const next = order[index]
    act(() => next?.focus())
    if (next === target) return
  }
}

/**
 * Presses Enter (or Space) on the focused control: a button, switch or radio is activated.
 *
 * @example
 * press('Enter')
 */
export async function press(key: 'Enter' | ' '): Promise<void> {
  const focused = document.activeElement as HTMLElement | null
  if (!focused) throw new Error('Nothing has focus')
  await act(async () => {
    fireEvent.keyDown(focused, { key })
    if (focused instanceof HTMLButtonElement || (focused as HTMLInputElement).type === 'radio') {
      focused.click()
    }
    fireEvent.keyUp(focused, { key })
  })
}

/**
 * Presses Escape on the focused element.
 *
 * @example
 * await pressEscape()
 */
export async function pressEscape(): Promise<void> {
  const focused = (document.activeElement as HTMLElement | null) ?? document.body
  await act(async () => {
    fireEvent.keyDown(focused, { key: 'Escape' })
  })
}

/**
 * Types `value` into the focused text control, replacing what it held.
 *
 * @example
 * typeText('Rain delay')
 */
export function typeText(value: string): void {
  const focused = document.activeElement
  if (!(focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
    throw new Error('No text control has focus')
  }
  act(() => {
    fireEvent.change(focused, { target: { value } })
  })
}
