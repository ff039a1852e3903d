import { useEffect } from 'react'
import { useNavigate } from 'react-router'

import { sendEditCommand } from '@club/core/in-place-editing'
import type { EditCommand } from '@club/core/in-place-editing'
import { LOGIN_PATH, screenAddress } from '@club/core/admin-paths'

import type { DesktopBridge, MenuCommand } from '../../shared/ipc-contract.ts'

/**
 * Undo and redo from the native menu: the in-place editor takes them when it has a step to undo
 * and no field is being typed in (core's edit-commands.ts); otherwise the focused field gets
 * the browser's own undo or redo, as the Edit menu's roles would have given it.
 */
export function runEditCommand(command: EditCommand) {
  if (!sendEditCommand(command)) document.execCommand(command)
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
          case 'staff':
            void navigate(screenAddress('StaffRoute'))
            break
          case 'about':
            void navigate('/desktop/about')
            break
          case 'shortcuts':
            void navigate('/desktop/shortcuts')
            break
          case 'sign-out':
            void signOut().finally(() => navigate(LOGIN_PATH, { replace: true }))
            break
        }
      }),
    [bridge, navigate, signOut],
  )
  // A club-admin:// link: main checked it names a route of the app.
  useEffect(() => bridge.on('app:open-route', (route) => void navigate(route)), [bridge, navigate])
  return null
}
