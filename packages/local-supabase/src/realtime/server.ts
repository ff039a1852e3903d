/**
 * Realtime (`/realtime/v1/websocket`): the upgrade, the socket-level apikey check,
 * heartbeat timeouts, and the change feed's lifetime.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

import { WebSocketServer } from 'ws'

import type { ServiceContext } from '../http/types.ts'
import { checkToken } from './auth.ts'
import { ChangeFeed } from './changes.ts'
import { Connection } from './connection.ts'
import type { RealtimeLimits } from './connection.ts'
import { Hub } from './hub.ts'
import { SUPPORTED_VSN } from './protocol.ts'
import type { Vsn } from './protocol.ts'

export type { RealtimeLimits } from './connection.ts'

/** Hosted Realtime's defaults where it has one (100 channels per client). */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  heartbeatTimeoutMs: 60_000,
  maxChannelsPerSocket: 100,
  maxMessageBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
}

export const REALTIME_PATH = '/realtime/v1/websocket'

export type Realtime = {
  /** Answers an HTTP upgrade; false when the path is not Realtime's. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Open sockets and joined channels, for figures. */
  stats(): { sockets: number; channels: number }
  /** Drops every socket and stops the change feed. */
  close(): Promise<void>
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** Starts the change feed and returns the upgrade handler. */
export async function startRealtime(
  context: ServiceContext,
  limits: Partial<RealtimeLimits> = {},
): Promise<Realtime> {
  const settings: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...limits }
  const hub = new Hub()
  const feed = new ChangeFeed(context.db.pg, () => hub.changeSubscribers(), context.config.log)
  await feed.start()
  const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxMessageBytes })
  const connections = new Set<Connection>()
  const connectionContext = {
    db: context.db,
    keys: context.keys,
    hub,
    feed,
    limits: settings,
    log: context.config.log,
  }

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - settings.heartbeatTimeoutMs
      for (const connection of connections)
        if (connection.lastHeartbeatAt < cutoff) connection.close(1000, 'heartbeat timeout')
    },
    Math.min(5_000, Math.max(50, settings.heartbeatTimeoutMs / 4)),
  )
  sweep.unref()

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    // A client gone during the checks must not surface as an unhandled 'error'.
    socket.on('error', () => socket.destroy())
    const vsn = url.searchParams.get('vsn') ?? '1.0.0'
    if (!SUPPORTED_VSN.has(vsn)) {
      refuse(socket, 400, 'Bad Request', `unsupported serializer version ${vsn}`)
      return
    }
    const apikey = url.searchParams.get('apikey') ?? undefined
    const checked = await checkToken(context.keys, apikey)
    if (!checked.ok) {
      refuse(socket, 403, 'Forbidden', checked.reason)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(ws, vsn as Vsn, apikey ?? '', connectionContext)
      connections.add(connection)
      ws.on('close', () => connections.delete(connection))
    })
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) return false
      upgrade(req, socket, head, url).catch((error: unknown) => {
        context.config.log(`realtime: upgrade failed: ${(error as Error).stack ?? error}`)
        socket.destroy()
      })
      return true
    },
    stats: () => ({ sockets: connections.size, channels: hub.size }),
    async close() {
      clearInterval(sweep)
      for (const connection of connections) connection.terminate()
      connections.clear()
      wss.close()
      await feed.stop()
    },
  }
}
