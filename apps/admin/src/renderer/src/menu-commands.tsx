import { useEffect } from 'react'
import { useNavigate } from 'react-router'

import type { DesktopBridge, MenuCommand } from '../../shared/ipc-contract.ts'

/** The DOM event the editor listens to for the menu's undo and redo. */
export const EDIT_COMMAND_EVENT = 'club:edit-command'

/**
 * Undo and redo from the native menu: the editor handles them (it cancels the event); when it
 * does not, the focused field gets the browser's own undo or redo.
 */
export function runEditCommand(command: 'undo' | 'redo') {
  const event = new CustomEvent(EDIT_COMMAND_EVENT, { detail: command, cancelable: true })
  if (window.dispatchEvent(event)) document.execCommand(command)
}

/**
 * Carries out the native menu's commands in the renderer. The last one is noted on the root
 * element, so a launch test can see that a menu action arrived.
 */
export function MenuCommands({
  bridge,
  signOut,
}: {
  bridge: DesktopBridge
  signOut: () => Promise<unknown>
}) {
  const navigate = useNavigate()
  useEffect(
    () =>
      bridge.on('menu:command', (command: MenuCommand) => {
        document.documentElement.dataset.menuCommand = command
        switch (command) {
          case 'undo':
          case 'redo':
            runEditCommand(command)
            break
          case 'upload-photos':
            void navigate('/desktop/upload')
            break
          case 'settings':
            void navigate('/desktop/settings')
            break
          case 'sign-out':
            void signOut().finally(() => navigate('/admin-login', { replace: true }))
            break
        }
      }),
    [bridge, navigate, signOut],
  )
  return null
}
