/**
 * The server-wide registry of joined channels: broadcast relay and presence, by topic.
 * A private and a public channel of the same name are different topics, so a public
 * join never overhears a private one.
 */
import { randomBytes } from 'node:crypto'

import type { RequestIdentity } from '../db/database.ts'
import type { ChannelPermissions } from './auth.ts'
import type { ChangeBinding, ChangePayload, ChangeSubscriber } from './changes.ts'
import { isBinaryPayload } from './protocol.ts'
import type { Message } from './protocol.ts'

/** How a joined channel is reached: its socket's send functions. */
export type ChannelSink = {
  /** Sends a message; a fan-out passes its cache so that equal frames are serialised once. */
  push(message: Message, fanout?: Fanout): void
  /** Sends a raw-bytes broadcast; false when the socket's protocol cannot carry bytes. */
  pushBinaryBroadcast(topic: string, userEvent: string, bytes: Buffer): boolean
}

/**
 * One fan-out's serialised frames. `key` tells apart payloads that differ between
 * recipients of the same topic and event (the role's columns, the binding ids).
 */
export type Fanout = { frames: Map<string, string>; key: string }

type PresenceMeta = Record<string, unknown> & { phx_ref: string }

/** One joined channel of one socket. */
export class JoinedChannel implements ChangeSubscriber {
  readonly sink: ChannelSink
  readonly topic: string
  readonly subTopic: string
  readonly joinRef: string | null
  readonly isPrivate: boolean
  readonly broadcastSelf: boolean
  readonly broadcastAck: boolean
  readonly presenceKey: string
  readonly bindings: readonly ChangeBinding[]
  identity: RequestIdentity
  permissions: ChannelPermissions
  presenceEnabled: boolean
  presence: PresenceMeta | undefined
  expiryTimer: NodeJS.Timeout | undefined

  constructor(init: {
    sink: ChannelSink
    topic: string
    joinRef: string | null
    isPrivate: boolean
    broadcastSelf: boolean
    broadcastAck: boolean
    presenceKey: string
    presenceEnabled: boolean
    bindings: ChangeBinding[]
    identity: RequestIdentity
    permissions: ChannelPermissions
  }) {
    this.sink = init.sink
    this.topic = init.topic
    this.subTopic = init.topic.slice('realtime:'.length)
    this.joinRef = init.joinRef
    this.isPrivate = init.isPrivate
    this.broadcastSelf = init.broadcastSelf
    this.broadcastAck = init.broadcastAck
    this.presenceKey = init.presenceKey
    this.presenceEnabled = init.presenceEnabled
    this.bindings = init.bindings
    this.identity = init.identity
    this.permissions = init.permissions
  }

  /** The registry key: topic plus privacy. */
  get key(): string {
    return `${this.isPrivate ? 'private' : 'public'}\n${this.topic}`
  }

  /** Pushes a message on this channel (fan-outs carry no join_ref, as Phoenix broadcasts). */
  push(event: string, payload: unknown, fanout?: Fanout, joinRef: string | null = null) {
    this.sink.push({ joinRef, ref: null, topic: this.topic, event, payload }, fanout)
  }

  deliver(data: ChangePayload, ids: number[], frames: Map<string, string>): void {
    const key = `${this.identity.role}\n${ids.join(',')}`
    this.push('postgres_changes', { ids, data }, { frames, key })
  }
}

function presenceRef(): string {
  return randomBytes(9).toString('base64url')
}

type PresenceGroups = Record<string, { metas: PresenceMeta[] }>

/** Joined channels by topic, plus the ones that listen to Postgres changes. */
export class Hub {
  readonly #topics = new Map<string, Set<JoinedChannel>>()
  readonly #changeSubscribers = new Set<JoinedChannel>()

  /** Every joined channel with `postgres_changes` bindings. */
  changeSubscribers(): Iterable<JoinedChannel> {
    return this.#changeSubscribers
  }

  /** Number of joined channels, for figures. */
  get size(): number {
    let n = 0
    for (const set of this.#topics.values()) n += set.size
    return n
  }

  add(channel: JoinedChannel): void {
    let set = this.#topics.get(channel.key)
    if (!set) {
      set = new Set()
      this.#topics.set(channel.key, set)
    }
    set.add(channel)
    if (channel.bindings.length > 0) this.#changeSubscribers.add(channel)
  }

  /** Removes a channel; its presence, if any, leaves. */
  remove(channel: JoinedChannel): void {
    clearTimeout(channel.expiryTimer)
    const set = this.#topics.get(channel.key)
    if (!set?.delete(channel)) return
    this.#changeSubscribers.delete(channel)
    if (set.size === 0) this.#topics.delete(channel.key)
    if (channel.presence) {
      const left = channel.presence
      channel.presence = undefined
      this.#presenceDiff(channel, {}, { [channel.presenceKey]: { metas: [left] } })
    }
  }

  /**
   * Relays a user broadcast to the topic's channels that may read it: the sender too
   * only with `self`. Returns nothing; delivery is best effort, as on Supabase.
   */
  broadcast(from: JoinedChannel, payload: Record<string, unknown>): void {
    const set = this.#topics.get(from.key)
    if (!set) return
    const fanout: Fanout = { frames: new Map(), key: '' }
    const userEvent = typeof payload.event === 'string' ? payload.event : ''
    for (const channel of set) {
      if (channel === from && !from.broadcastSelf) continue
      if (!channel.permissions.readBroadcast) continue
      if (isBinaryPayload(payload.payload))
        channel.sink.pushBinaryBroadcast(channel.topic, userEvent, payload.payload.bytes)
      else channel.push('broadcast', payload, fanout)
    }
  }

  /** The topic's presences, grouped by key, as `presence_state` carries them. */
  presenceState(of: JoinedChannel): PresenceGroups {
    const state: PresenceGroups = {}
    for (const channel of this.#topics.get(of.key) ?? []) {
      if (!channel.presence) continue
      const group = (state[channel.presenceKey] ??= { metas: [] })
      group.metas.push(channel.presence)
    }
    return state
  }

  /** Sends the channel the current presence state (once presence is on for it). */
  sendPresenceState(channel: JoinedChannel): void {
    if (!channel.permissions.readPresence) return
    channel.push('presence_state', this.presenceState(channel), undefined, channel.joinRef)
  }

  /** Tracks (or re-tracks, replacing) the channel's presence. */
  track(channel: JoinedChannel, payload: Record<string, unknown>): void {
    if (!channel.presenceEnabled) {
      channel.presenceEnabled = true
      this.sendPresenceState(channel)
    }
    const previous = channel.presence
    const meta: PresenceMeta = { ...payload, phx_ref: presenceRef() }
    if (previous) meta.phx_ref_prev = previous.phx_ref
    channel.presence = meta
    this.#presenceDiff(
      channel,
      { [channel.presenceKey]: { metas: [meta] } },
      previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
    )
  }

  untrack(channel: JoinedChannel): void {
    const previous = channel.presence
    if (!previous) return
    channel.presence = undefined
    this.#presenceDiff(channel, {}, { [channel.presenceKey]: { metas: [previous] } })
  }

  #presenceDiff(from: JoinedChannel, joins: PresenceGroups, leaves: PresenceGroups): void {
    const fanout: Fanout = { frames: new Map(), key: '' }
    for (const channel of this.#topics.get(from.key) ?? []) {
      if (!channel.presenceEnabled || !channel.permissions.readPresence) continue
      channel.push('presence_diff', { joins, leaves }, fanout)
    }
  }
}
