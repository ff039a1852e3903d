/**
 * IMPORTANT: the sandboxed preload. It exposes exactly one object, `window.clubDesktop`, built
 * from the IPC contract: one function per channel and `on` for events, whose listeners get the
 * payload only (never Electron's event, never ipcRenderer itself). Dropped files become paths here
 * (`webUtils`), so the page hands over `File`s and cannot name a path of its own.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'

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
  // Only a File from a real drop has a path; anything else gives '' and is left out.
  (file) => (file instanceof File ? webUtils.getPathForFile(file) : ''),
)

contextBridge.exposeInMainWorld('clubDesktop', bridge)
