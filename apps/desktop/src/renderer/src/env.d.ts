import type { DesktopBridge } from '../../shared/ipc-contract.ts'

declare global {
  interface Window {
    /** The preload's bridge: the only way the renderer reaches main (see shared/ipc-contract.ts). */
    readonly clubDesktop: DesktopBridge
  }
}
