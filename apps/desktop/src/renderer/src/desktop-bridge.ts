/**
 * IMPORTANT: the renderer's only door to main. Nothing here imports electron or node:*; the
 * preload put `window.clubDesktop` in place (a fake one in the Chromium tests).
 */
import type { BackendAuthStorage } from '@club/core/supabase'

import type { DesktopBridge } from '../../shared/ipc-contract.ts'

/** The bridge, or a clear error when the page runs outside the desktop app. */
export function desktopBridge(): DesktopBridge {
  const bridge = (window as Partial<Window>).clubDesktop
  if (!bridge) throw new Error('This page runs only inside the desktop app')
  return bridge
}

/**
 * A refusal from main as the director should read it: Electron prefixes the message of an error
 * thrown in a handler with `Error invoking remote method '<channel>': <ErrorName>: `.
 */
export function mainMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/^Error invoking remote method '[^']*': (\w*Error: )?/, '')
}

/**
 * supabase-js' session storage, kept by main: main encrypts it with the OS keystore before
 * anything reaches the disk. The renderer holds the session in memory only, as supabase-js does.
 */
export function ipcAuthStorage(bridge: DesktopBridge): BackendAuthStorage {
  return {
    getItem: (key) => bridge['auth-storage:get'](key),
    setItem: async (key, value) => {
      await bridge['auth-storage:set'](key, value)
    },
    removeItem: async (key) => {
      await bridge['auth-storage:remove'](key)
    },
  }
}
