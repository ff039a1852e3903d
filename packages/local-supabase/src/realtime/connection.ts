/**
 * One websocket: the Phoenix channel protocol as @supabase/realtime-js speaks it.
 * Messages are handled one at a time, in order, so a push never overtakes its join.
 */
import { randomUUID } from 'node:crypto'

import type { WebSocket } from 'ws'

import type { Database } from '../db/database.ts'
import type { Keys } from '../keys.ts'
import { PUBLIC_PERMISSIONS, channelPermissions, checkToken } from './auth.ts'
import type { TokenCheck } from './auth.ts'
import { tableInfo } from './changes.ts'
import type { ChangeBinding, ChangeEvent, ChangeFeed } from './changes.ts'
import { FilterError, parseFilter } from './filters.ts'
import type { ChangeFilter } from './filters.ts'
import { JoinedChannel } from './hub.ts'
import type { ChannelSink, Fanout, Hub } from './hub.ts'
import {
  ProtocolError,
  decodeBinary,
  decodeText,
  encodeBinaryBroadcast,
  encodeText,
} from './protocol.ts'
import type { Message, Vsn } from './protocol.ts'

/** Limits that keep one socket from holding unbounded memory. */
export type RealtimeLimits = {
  /** A socket that sends no heartbeat for this long is closed. */
  heartbeatTimeoutMs: number
  maxChannelsPerSocket: number
  /** Largest frame accepted from a client (larger closes the socket with 1009). */
  maxMessageBytes: number
  /** A socket whose unsent backlog exceeds this is a slow consumer and is dropped. */
  maxBufferedBytes: number
}

export type ConnectionContext = {
  db: Database
  keys: Keys
  hub: Hub
  feed: ChangeFeed
  limits: RealtimeLimits
  log: (line: string) => void
}

const CHANGE_EVENTS: ReadonlySet<string> = new Set(['INSERT', 'UPDATE', 'DELETE', '*'])
/** setTimeout's ceiling; later expiries are checked again when that fires. */
const MAX_TIMER_MS = 2_147_483_647

let nextBindingId = 1

type JoinConfig = {
  broadcast?: { self?: unknown; ack?: unknown }
  presence?: { key?: unknown; enabled?: unknown }
  postgres_changes?: unknown
  private?: unknown
}

class JoinRefused extends Error {}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

export class Connection implements ChannelSink {
  readonly #ws: WebSocket
  readonly #vsn: Vsn
  readonly #context: ConnectionContext
  /** The socket's `apikey`: the channel's credentials when a join names no access_token. */
  readonly #apikey: string
  readonly #channels = new Map<string, JoinedChannel>()
  #queue: Promise<void> = Promise.resolve()
  #closed = false
  lastHeartbeatAt = Date.now()

  constructor(ws: WebSocket, vsn: Vsn, apikey: string, context: ConnectionContext) {
    this.#ws = ws
    this.#vsn = vsn
    this.#apikey = apikey
    this.#context = context
    ws.on('message', (data, isBinary) => {
      const frame = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data)
      this.#queue = this.#queue
        .then(() => this.#receive(frame, isBinary))
        .catch((error: unknown) => {
          if (error instanceof ProtocolError) {
            this.close(1003, error.message)
            return
          }
          context.log(`realtime: internal error: ${(error as Error).stack ?? error}`)
          this.close(1011, 'internal error')
        })
    })
    ws.on('close', () => this.#teardown())
    ws.on('error', () => this.#teardown())
  }

  /** Closes the socket (once); its channels leave. */
  close(code = 1000, reason = ''): void {
    if (this.#closed) return
    this.#teardown()
    this.#ws.close(code, reason)
  }

  /** Drops the socket at once, without a closing handshake (slow consumers, shutdown). */
  terminate(): void {
    this.#teardown()
    this.#ws.terminate()
  }

  #teardown(): void {
    if (this.#closed) return
    this.#closed = true
    for (const channel of this.#channels.values()) this.#context.hub.remove(channel)
    this.#channels.clear()
  }

  #send(data: string | Buffer): void {
    if (this.#closed || this.#ws.readyState !== this.#ws.OPEN) return
    // A client that does not read is dropped rather than buffered without bound.
    if (this.#ws.bufferedAmount > this.#context.limits.maxBufferedBytes) {
      this.#context.log('realtime: closing a slow consumer (send backlog over the limit)')
      this.terminate()
      return
    }
    this.#ws.send(data)
  }

  push(message: Message, fanout?: Fanout): void {
    if (!fanout) {
      this.#send(encodeText(this.#vsn, message))
      return
    }
    const key = `${this.#vsn}\n${message.topic}\n${message.event}\n${message.joinRef}\n${fanout.key}`
    let frame = fanout.frames.get(key)
    if (frame === undefined) {
      frame = encodeText(this.#vsn, message)
      fanout.frames.set(key, frame)
    }
    this.#send(frame)
  }

  pushBinaryBroadcast(topic: string, userEvent: string, bytes: Buffer): boolean {
    if (this.#vsn !== '2.0.0') return false
    this.#send(encodeBinaryBroadcast(topic, userEvent, bytes))
    return true
  }

  #reply(to: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.push({
      joinRef: to.joinRef,
      ref: to.ref,
      topic: to.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  async #receive(frame: Buffer, isBinary: boolean): Promise<void> {
    if (this.#closed) return
    const message = isBinary ? decodeBinary(frame) : decodeText(this.#vsn, frame.toString('utf8'))
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') {
        this.lastHeartbeatAt = Date.now()
        this.#reply(message, 'ok', {})
      }
      return
    }
    if (message.event === 'phx_join') {
      await this.#join(message)
      return
    }
    const channel = this.#channels.get(message.topic)
    if (!channel) {
      this.#reply(message, 'error', { reason: 'unmatched topic' })
      return
    }
    switch (message.event) {
      case 'phx_leave':
        this.#leave(channel, message)
        return
      case 'access_token':
        await this.#refreshToken(channel, asObject(message.payload).access_token)
        return
      case 'broadcast':
        this.#broadcast(channel, message)
        return
      case 'presence':
        this.#presence(channel, message)
        return
      default:
        this.#reply(message, 'error', { reason: `unknown event "${message.event}"` })
    }
  }

  async #join(message: Message): Promise<void> {
    const { hub, limits } = this.#context
    try {
      if (!message.topic.startsWith('realtime:') || message.topic === 'realtime:')
        throw new JoinRefused('Invalid topic: expected realtime:<channel name>')
      const existing = this.#channels.get(message.topic)
      if (existing) {
        // A second join of the same topic replaces the first, as Phoenix does.
        hub.remove(existing)
        this.#channels.delete(message.topic)
        existing.push('phx_close', {}, undefined, existing.joinRef)
      }
      if (this.#channels.size >= limits.maxChannelsPerSocket)
        throw new JoinRefused(
          `ChannelRateLimitReached: Too many channels (at most ${limits.maxChannelsPerSocket} per connection)`,
        )
      const payload = asObject(message.payload)
      const config = asObject(payload.config) as JoinConfig
      const raw = typeof payload.access_token === 'string' ? payload.access_token : this.#apikey
      const token = await checkToken(this.#context.keys, raw)
      if (!token.ok) throw new JoinRefused(token.reason)
      const isPrivate = config.private === true
      const subTopic = message.topic.slice('realtime:'.length)
      const permissions = isPrivate
        ? await channelPermissions(this.#context.db, token.identity, subTopic)
        : PUBLIC_PERMISSIONS
      if (!permissions.readBroadcast && !permissions.readPresence)
        throw new JoinRefused(
          `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
        )
      const bindings = await this.#bindings(config.postgres_changes)
      const broadcast = asObject(config.broadcast)
      const presence = asObject(config.presence)
      const channel = new JoinedChannel({
        sink: this,
        topic: message.topic,
        joinRef: message.joinRef,
        isPrivate,
        broadcastSelf: broadcast.self === true,
        broadcastAck: broadcast.ack === true,
        presenceKey:
          typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
        presenceEnabled: presence.enabled === true,
        bindings,
        identity: token.identity,
        permissions,
      })
      if (this.#closed) return
      this.#channels.set(message.topic, channel)
      hub.add(channel)
      this.#scheduleExpiry(channel, token)
      this.#reply(message, 'ok', {
        postgres_changes: bindings.map((b) => ({
          id: b.id,
          event: b.event,
          schema: b.schema,
          table: b.table,
          filter: b.filterText,
        })),
      })
      if (bindings.length > 0)
        channel.push(
          'system',
          {
            extension: 'postgres_changes',
            status: 'ok',
            message: 'Subscribed to PostgreSQL',
            channel: subTopic,
          },
          undefined,
          channel.joinRef,
        )
      if (channel.presenceEnabled) hub.sendPresenceState(channel)
    } catch (error) {
      if (!(error instanceof JoinRefused)) throw error
      this.#reply(message, 'error', { reason: error.message })
    }
  }

  /** Validates the requested `postgres_changes` bindings and gives each an id. */
  async #bindings(requested: unknown): Promise<ChangeBinding[]> {
    if (requested === undefined || requested === null) return []
    if (!Array.isArray(requested)) throw new JoinRefused('postgres_changes must be a list')
    const bindings: ChangeBinding[] = []
    for (const entry of requested as unknown[]) {
      const spec = asObject(entry)
      const event = spec.event
      if (typeof event !== 'string' || !CHANGE_EVENTS.has(event))
        throw new JoinRefused(`Invalid postgres_changes event: ${JSON.stringify(event)}`)
      if (typeof spec.schema !== 'string' || spec.schema === '')
        throw new JoinRefused('postgres_changes needs a schema')
      const table = typeof spec.table === 'string' && spec.table !== '' ? spec.table : undefined
      const filterText =
        typeof spec.filter === 'string' && spec.filter !== '' ? spec.filter : undefined
      let filter: ChangeFilter | undefined
      if (filterText) {
        if (!table || table === '*')
          throw new JoinRefused('A postgres_changes filter needs a table')
        try {
          filter = parseFilter(filterText)
        } catch (error) {
          if (error instanceof FilterError) throw new JoinRefused(error.message)
          throw error
        }
        const info = await tableInfo(this.#context.db.pg, spec.schema, table)
        if (!info?.columns.some((c) => c.name === filter?.column))
          throw new JoinRefused(
            `Invalid filter "${filterText}": ${spec.schema}.${table} has no column "${filter.column}"`,
          )
      }
      bindings.push({
        id: nextBindingId++,
        event: event as ChangeEvent,
        schema: spec.schema,
        table,
        filterText,
        filter,
      })
    }
    // A table added to the publication since the last join starts emitting now.
    if (bindings.length > 0) await this.#context.feed.syncTriggers()
    return bindings
  }

  /** Closes the channel when its token expires, unless a fresh one arrives first. */
  #scheduleExpiry(channel: JoinedChannel, token: TokenCheck & { ok: true }): void {
    clearTimeout(channel.expiryTimer)
    if (token.expiresAt === undefined) return
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, token.expiresAt - Date.now()))
    channel.expiryTimer = setTimeout(() => {
      if (Date.now() < (token.expiresAt ?? 0)) this.#scheduleExpiry(channel, token)
      else this.#shutDown(channel, 'Token has expired 0 seconds ago')
    }, delay)
    channel.expiryTimer.unref()
  }

  /** Hosted Realtime's answer to a token gone bad: a system error, then phx_close. */
  #shutDown(channel: JoinedChannel, reason: string): void {
    if (this.#channels.get(channel.topic) !== channel) return
    channel.push(
      'system',
      { extension: 'system', status: 'error', message: reason, channel: channel.subTopic },
      undefined,
      channel.joinRef,
    )
    this.#context.hub.remove(channel)
    this.#channels.delete(channel.topic)
    channel.push('phx_close', {}, undefined, channel.joinRef)
  }

  #leave(channel: JoinedChannel, message: Message): void {
    this.#context.hub.remove(channel)
    this.#channels.delete(channel.topic)
    this.#reply(message, 'ok', {})
    channel.push('phx_close', {}, undefined, channel.joinRef)
  }

  async #refreshToken(channel: JoinedChannel, raw: unknown): Promise<void> {
    // The client sends API keys here too; only user tokens change who the channel is.
    if (typeof raw !== 'string' || raw.startsWith('sb_')) return
    const token = await checkToken(this.#context.keys, raw)
    if (!token.ok) {
      this.#shutDown(channel, token.reason)
      return
    }
    if (channel.isPrivate) {
      const permissions = await channelPermissions(
        this.#context.db,
        token.identity,
        channel.subTopic,
      )
      if (!permissions.readBroadcast && !permissions.readPresence) {
        this.#shutDown(
          channel,
          `Unauthorized: You do not have permissions to read from this Channel topic: ${channel.subTopic}`,
        )
        return
      }
      channel.permissions = permissions
    }
    channel.identity = token.identity
    this.#scheduleExpiry(channel, token)
  }

  #broadcast(channel: JoinedChannel, message: Message): void {
    const payload = asObject(message.payload)
    if (typeof payload.event !== 'string') {
      this.#reply(message, 'error', { reason: 'a broadcast needs an event' })
      return
    }
    if (!channel.permissions.writeBroadcast) {
      if (channel.broadcastAck) this.#reply(message, 'error', { reason: 'Unauthorized' })
      return
    }
    this.#context.hub.broadcast(channel, { ...payload, type: 'broadcast' })
    if (channel.broadcastAck) this.#reply(message, 'ok', {})
  }

  #presence(channel: JoinedChannel, message: Message): void {
    const payload = asObject(message.payload)
    if (!channel.permissions.writePresence) {
      this.#reply(message, 'error', { reason: 'Unauthorized' })
      return
    }
    if (payload.event === 'track') this.#context.hub.track(channel, asObject(payload.payload))
    else if (payload.event === 'untrack') this.#context.hub.untrack(channel)
    else {
      this.#reply(message, 'error', { reason: 'presence events are track and untrack' })
      return
    }
    this.#reply(message, 'ok', {})
  }
}
