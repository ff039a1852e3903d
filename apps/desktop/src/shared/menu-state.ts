/**
 * The native menu's state from what the renderer knows. Runtime-neutral (no electron, no DOM).
 */
import type { MenuState } from './ipc-contract.ts'

/**
 * Undo and Redo are on when the editor has a step, or when a text field has the focus (its own
 * undo may have one; the menu's command falls through to it, see the renderer's
 * menu-commands.tsx). Sign out is on when signed in.
 */
export function menuStateFrom(input: {
  editor: { canUndo: boolean; canRedo: boolean }
  typing: boolean
  signedIn: boolean
}): MenuState {
  return {
    canUndo: input.editor.canUndo || input.typing,
    canRedo: input.editor.canRedo || input.typing,
    signedIn: input.signedIn,
  }
}
