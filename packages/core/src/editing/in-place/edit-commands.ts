import { useEffect } from 'react'

import type { UndoApi } from '../../content/use-undo.ts'

/**
 * IMPORTANT: the one name of the DOM event through which a host outside React (the desktop
 * app's Edit menu) asks the in-place editor to undo or redo. It is dispatched on `window`, is
 * cancelable, and carries the command as its `detail`; the editor cancels it when it carried
 * the command out.
 */
export const EDIT_COMMAND_EVENT = 'club:edit-command'

/** What the event asks for. */
export type EditCommand = 'undo' | 'redo'

/**
 * The DOM event through which the editor tells a host outside React whether it has a step to
 * undo or redo (the desktop app enables its Edit menu's items by it). Dispatched on `window`
 * with an {@link EditState} as its `detail` whenever that changes, and with nothing to undo when
 * the editor goes away.
 */
export const EDIT_STATE_EVENT = 'club:edit-state'

/** Whether the editor has a step to undo and to redo. */
export type EditState = { canUndo: boolean; canRedo: boolean }

const NOTHING_TO_UNDO: EditState = { canUndo: false, canRedo: false }
let lastEditState: EditState = NOTHING_TO_UNDO

/** The editor's state as last announced (for a host that starts listening late). */
export function currentEditState(): EditState {
  return lastEditState
}

function announceEditState(state: EditState) {
  lastEditState = state
  window.dispatchEvent(new CustomEvent<EditState>(EDIT_STATE_EVENT, { detail: state }))
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number'])

/**
 * True when the focused element takes typing: a text input, a textarea or anything editable in
 * place. There the field's own undo (the letters just typed) comes before the editor's.
 */
export function isTypingTarget(element: Element | null): boolean {
  if (!element) return false
  if (element.closest('[contenteditable]:not([contenteditable="false"])')) return true
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled
  if (element instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly && !element.disabled
  }
  return false
}

/**
 * Asks the editor to undo or redo. Returns true when it did; false when no editor is listening,
 * it has no step to undo or redo, or a text field has the focus. The caller then gives the
 * command to the focused field instead.
 *
 * @example
 * // The desktop renderer, on the Edit menu's Undo:
 * if (!sendEditCommand('undo')) document.execCommand('undo')
 */
export function sendEditCommand(command: EditCommand, target: EventTarget = window): boolean {
  const event = new CustomEvent<EditCommand>(EDIT_COMMAND_EVENT, {
    detail: command,
    cancelable: true,
  })
  return !target.dispatchEvent(event)
}

/**
 * Carries out {@link EDIT_COMMAND_EVENT} with `history` (the editor's undo, `useUndo`) while
 * mounted: a command is taken when history has a step for it and no text field has the focus.
 *
 * @example
 * const history = useUndo(pathname)
 * useEditCommands(history)
 */
export function useEditCommands(history: Pick<UndoApi, 'canUndo' | 'canRedo' | 'undo' | 'redo'>) {
  const { canUndo, canRedo, undo, redo } = history
  useEffect(() => {
    const onCommand = (event: Event) => {
      const command = (event as CustomEvent<unknown>).detail
      if (event.defaultPrevented || (command !== 'undo' && command !== 'redo')) return
      if (isTypingTarget(document.activeElement)) return
      if (!(command === 'undo' ? canUndo : canRedo)) return
      event.preventDefault()
      void (command === 'undo' ? undo() : redo())
    }
    window.addEventListener(EDIT_COMMAND_EVENT, onCommand)
    return () => window.removeEventListener(EDIT_COMMAND_EVENT, onCommand)
  }, [canUndo, canRedo, undo, redo])
  useEffect(() => {
    announceEditState({ canUndo, canRedo })
    return () => announceEditState(NOTHING_TO_UNDO)
  }, [canUndo, canRedo])
}
