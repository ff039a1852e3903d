/**
 * IMPORTANT: the only way main answers the renderer. Every handler is registered through
 * `installHandlers`, which refuses a sender that is not the main window's top frame on the
 * app's own origin, and parses the arguments with the channel's schema before the handler runs.
 */
import { IPC_CONTRACT } from '../shared/ipc-contract.ts'
import type { ChannelInput, ChannelName, ChannelResult } from '../shared/ipc-contract.ts'

/** The part of an IPC event the checks read (Electron's `IpcMainInvokeEvent` has it). */
export type IpcEventLike = {
  sender: { id: number }
  senderFrame: { url: string; parent: unknown } | null
}

/** The part of `ipcMain` this module uses, so that tests pass a fake. */
export type IpcMainLike = {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

/** Who may call: the app's origin, and the web contents of the window main created. */
export type SenderPolicy = { origin: string; webContentsId: () => number | undefined }

/** One handler per channel of a domain; it receives the validated arguments. */
export type Handlers<C extends ChannelName> = {
  [K in C]: (...args: ChannelInput<K>) => ChannelResult<K> | Promise<ChannelResult<K>>
}

/**
 * True only for the top frame of the main window, showing the app's own origin. A URL is
 * compared by its parsed origin, never by prefix (`app://club.evil` is another origin).
 */
export function isTrustedSender(event: IpcEventLike, policy: SenderPolicy): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  if (event.sender.id !== policy.webContentsId()) return false
  try {
    const url = new URL(frame.url)
    return `${url.protocol}//${url.host}` === policy.origin
  } catch {
    return false
  }
}

/** Thrown to the renderer when a call is refused; it names the channel, never the arguments. */
export class IpcRefused extends Error {
  override name = 'IpcRefused'
}

/**
 * Registers one domain's handlers. Returns a function that removes them.
 *
 * @example
 * installHandlers(ipcMain, policy, { 'settings:get': () => settings.view() })
 */
export function installHandlers<C extends ChannelName>(
  ipc: IpcMainLike,
  policy: SenderPolicy,
  handlers: Handlers<C>,
): () => void {
  const channels = Object.keys(handlers) as C[]
  for (const channel of channels) {
    const schema = IPC_CONTRACT[channel].input
    const handler = handlers[channel] as (...args: unknown[]) => unknown
    ipc.handle(channel, async (event, ...args) => {
      if (!isTrustedSender(event, policy)) throw new IpcRefused(`${channel}: sender refused`)
      const parsed = schema.safeParse(args)
      if (!parsed.success) throw new IpcRefused(`${channel}: invalid arguments`)
      return handler(...(parsed.data as unknown[]))
    })
  }
  return () => channels.forEach((channel) => ipc.removeHandler(channel))
}
