/**
 * IMPORTANT: the sandboxed preload. It exposes exactly one object, `window.clubDesktop`, built
 * from the IPC contract: one function per channel and `on` for events, whose listeners get the
 * payload only (never Electron's event, never ipcRenderer itself).
 */
import { contextBridge, ipcRenderer } from 'electron'

import { createBridge } from '../shared/ipc-contract.ts'

const bridge = createBridge(
  (channel, args) => ipcRenderer.invoke(channel, ...args),
  (event, listener) => {
    const wrapped = (_event: unknown, payload: unknown) => listener(payload)
    ipcRenderer.on(event, wrapped)
    return () => {
      ipcRenderer.removeListener(event, wrapped)
    }
  },
)

contextBridge.exposeInMainWorld('clubDesktop', bridge)
