import { useEffect } from 'react'

import { useUndo } from '../../content/use-undo.ts'
import { sendEditCommand } from './edit-commands.ts'
import type { EditCommand } from './edit-commands.ts'

/** The keyboard's undo and redo: Ctrl/Cmd+Z, and Shift+Ctrl/Cmd+Z or Ctrl+Y. */
export function editCommandFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): EditCommand | undefined {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return undefined
  const key = event.key.toLowerCase()
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo'
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo'
  return undefined
}

const UNDO_STYLES = `
.edit-undo { display: flex; flex-wrap: wrap; gap: var(--space-1); }
.edit-undo .edit-chip[aria-disabled='true'] { opacity: 0.55; cursor: default; }
`

/** Props of {@link UndoControls}. */
export type UndoControlsProps = {
  /** The undo scope of the page being edited: the same as the EditingProvider's `undoScope`. */
  scope: string
}

/**
 * Undo and Redo for the page being edited, as buttons and from the keyboard (Ctrl/Cmd+Z,
 * Shift+Ctrl/Cmd+Z, Ctrl+Y). Each step is saved like any edit. While a text field has the
 * focus, the keys stay with the field (its own undo of the letters just typed): the keyboard
 * goes through the same command as the desktop app's Edit menu (`sendEditCommand`), which
 * leaves typing alone. The buttons stay focusable when there is nothing to undo, so focus is
 * never dropped by pressing one.
 *
 * @example
 * <UndoControls scope={location.pathname} />
 */
export function UndoControls({ scope }: UndoControlsProps) {
  const { canUndo, canRedo, undoDepth, redoDepth, undo, redo } = useUndo(scope)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const command = editCommandFor(event)
      // Taken only when the editor carried it out; otherwise the browser's own undo runs.
      if (command && sendEditCommand(command)) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div className="edit-undo" role="group" aria-label="Undo and redo">
      <style href="club-edit-undo" precedence="default">
        {UNDO_STYLES}
      </style>
      <StepButton
        label="Undo"
        enabled={canUndo}
        depth={undoDepth}
        keys="Control+Z Meta+Z"
        shortcut="Ctrl+Z"
        onPress={undo}
      />
      <StepButton
        label="Redo"
        enabled={canRedo}
        depth={redoDepth}
        keys="Control+Shift+Z Meta+Shift+Z Control+Y"
        shortcut="Ctrl+Shift+Z"
        onPress={redo}
      />
    </div>
  )
}

/**
 * One of the two buttons: focusable while disabled (aria-disabled), and saying to screen readers
 * how many steps it can take, or that there is nothing to take.
 */
function StepButton({
  label,
  enabled,
  depth,
  keys,
  shortcut,
  onPress,
}: {
  label: 'Undo' | 'Redo'
  enabled: boolean
  depth: number
  /** The `aria-keyshortcuts` value. */
  keys: string
  /** The shortcut as the tooltip shows it. */
  shortcut: string
  onPress(): Promise<unknown>
}) {
  return (
    <button
      type="button"
      className="edit-chip"
      aria-disabled={!enabled}
      aria-keyshortcuts={keys}
      title={`${label} (${shortcut})`}
      onClick={() => enabled && void onPress()}
    >
      {label}
      <span className="visually-hidden">
        {enabled
          ? ` (${depth} ${depth === 1 ? 'step' : 'steps'})`
          : ` (nothing to ${label.toLowerCase()})`}
      </span>
    </button>
  )
}
