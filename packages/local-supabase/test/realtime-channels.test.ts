/**
 * Realtime broadcast, presence, private channels, tokens and limits, over a real
 * websocket with the unmodified supabase-js (and a raw WebSocket where the client
 * library would hide the server's answer).
 */
import { randomUUID } from 'node:crypto'

import { createClient } from '@supabase/supabase-js'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, signJwt, startLocalSupabase } from '../src/index.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'
import {
  closeRealtime,
  eventually,
  realtimeClient,
  refused,
  sleep,
  subscribed,
} from './realtime-support.ts'

type Broadcast = { event: string; payload?: unknown }

describe('realtime channels', () => {
  let h: Harness
  const clients: SupabaseClient[] = []
  const name = (label: string) => `${label}-${randomUUID()}`

  const client = (options?: Parameters<typeof realtimeClient>[2]) => {
    const c = realtimeClient(h.url, h.anonKey, options)
    clients.push(c)
    return c
  }

  /**
   * A client whose Realtime credentials come from `accessToken`. It waits for them to
   * be read: supabase-js reads the callback asynchronously, and a channel subscribed
   * before that would join with the apikey.
   */
  const clientWithToken = async (accessToken: () => Promise<string>) => {
    const c = client({ accessToken })
    await c.realtime.setAuth()
    return c
  }

  /** A token for the local secret; only meaningful against the local server. */
  const token = (claims: Record<string, unknown>) =>
    signJwt(h.local?.jwtSecret ?? '', { iss: 'test', aud: 'authenticated', ...claims })

  const now = () => Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    h = await startHarness()
  })

  afterAll(async () => {
    await closeRealtime(...clients)
    await h.stop()
  })

  async function broadcastPair(topic: string, self: boolean) {
    const received = { sender: [] as Broadcast[], other: [] as Broadcast[] }
    const sender = await subscribed(
      client()
        .channel(topic, { config: { broadcast: { self } } })
        .on('broadcast', { event: 'score' }, (m) => received.sender.push(m as Broadcast)),
    )
    const other = await subscribed(
      client()
        .channel(topic)
        .on('broadcast', { event: 'score' }, (m) => received.other.push(m as Broadcast)),
    )
    return { sender, other, received }
  }

  it('should relay a broadcast to the other subscribers but not back to the sender', async () => {
    const { sender, other, received } = await broadcastPair(name('bcast'), false)
    await sender.send({ type: 'broadcast', event: 'score', payload: { home: 3 } })
    await eventually(() => received.other.length === 1, 5_000, 'the broadcast')
    expect(received.other[0]?.payload).toEqual({ home: 3 })
    // The other side answers: once the sender has that, its own would have come first.
    await other.send({ type: 'broadcast', event: 'score', payload: { away: 2 } })
    await eventually(() => received.sender.length >= 1, 5_000, 'the answer')
    expect(received.sender.map((m) => m.payload)).toEqual([{ away: 2 }])
  })

  it('should echo a broadcast to its sender with self', async () => {
    const { sender, received } = await broadcastPair(name('self'), true)
    await sender.send({ type: 'broadcast', event: 'score', payload: { away: 1 } })
    await eventually(() => received.sender.length === 1 && received.other.length === 1)
    expect(received.sender[0]?.payload).toEqual({ away: 1 })
  })

  it('should acknowledge a broadcast with ack', async () => {
    const channel = await subscribed(
      client().channel(name('ack'), { config: { broadcast: { ack: true } } }),
    )
    await expect(channel.send({ type: 'broadcast', event: 'x', payload: {} })).resolves.toBe('ok')
  })

  it('should relay raw bytes to a 2.0.0 client as a binary frame', async () => {
    const topic = name('bytes')
    const received: Broadcast[] = []
    const sender = await subscribed(client().channel(topic))
    await subscribed(
      client()
        .channel(topic)
        .on('broadcast', { event: 'blob' }, (m) => received.push(m as Broadcast)),
    )
    const bytes = new Uint8Array([1, 2, 3, 250]).buffer
    await sender.send({ type: 'broadcast', event: 'blob', payload: bytes })
    await eventually(() => received.length === 1, 5_000, 'the binary broadcast')
    expect([...new Uint8Array(received[0]?.payload as ArrayBuffer)]).toEqual([1, 2, 3, 250])
  })

  it('should sync presence and report joins and leaves between two clients', async () => {
    const topic = name('presence')
    const joins: string[] = []
    const leaves: string[] = []
    const first = await subscribed(
      client()
        .channel(topic, { config: { presence: { key: 'coach' } } })
        .on('presence', { event: 'sync' }, () => {})
        .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
        .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key)),
    )
    await first.track({ name: 'Coach' })
    const secondClient = client()
    const second = await subscribed(
      secondClient
        .channel(topic, { config: { presence: { key: 'parent' } } })
        .on('presence', { event: 'sync' }, () => {}),
    )
    // The late joiner gets the state so far in presence_state.
    await eventually(() => 'coach' in second.presenceState(), 5_000, 'the synced state')
    expect(second.presenceState().coach?.[0]).toMatchObject({ name: 'Coach' })
    await second.track({ name: 'Parent' })
    await eventually(() => joins.includes('parent'), 5_000, 'the join')
    expect(Object.keys(first.presenceState()).sort()).toEqual(['coach', 'parent'])
    await secondClient.removeChannel(second)
    await eventually(() => leaves.includes('parent'), 5_000, 'the leave')
    expect(Object.keys(first.presenceState())).toEqual(['coach'])
  })

  it('should replace a presence on a second track', async () => {
    const topic = name('retrack')
    const watcher = await subscribed(
      client()
        .channel(topic)
        .on('presence', { event: 'sync' }, () => {}),
    )
    const tracker = await subscribed(
      client().channel(topic, { config: { presence: { key: 'scorer' } } }),
    )
    await tracker.track({ inning: 1 })
    await tracker.track({ inning: 2 })
    await eventually(
      () => (watcher.presenceState().scorer?.[0] as { inning?: number } | undefined)?.inning === 2,
      5_000,
      'the second track',
    )
    expect(watcher.presenceState().scorer).toHaveLength(1)
  })

  it.runIf(localOnly('needs the seeded staff login'))(
    'should let staff join a private staff channel and refuse anon',
    async () => {
      const staff = (await h.signedInUser({ staff: true })).client
      clients.push(staff)
      const topic = `staff:${randomUUID()}`
      await subscribed(staff.channel(topic, { config: { private: true } }))
      const result = await refused(client().channel(topic, { config: { private: true } }))
      expect(result.status).toBe('CHANNEL_ERROR')
      expect(result.message).toContain('Unauthorized')
    },
  )

  it.runIf(localOnly('needs the seeded staff login'))(
    'should not relay a public broadcast into the private channel of the same name',
    async () => {
      const staff = (await h.signedInUser({ staff: true })).client
      clients.push(staff)
      const topic = `staff:${randomUUID()}`
      const received: Broadcast[] = []
      await subscribed(
        staff
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'note' }, (m) => received.push(m as Broadcast)),
      )
      const outsider = await subscribed(
        client().channel(topic, { config: { broadcast: { ack: true } } }),
      )
      await outsider.send({ type: 'broadcast', event: 'note', payload: { spoof: true } })
      // A second staff member's note, sent after the outsider's, arrives: the channel
      // delivers, and the outsider's note never came.
      const colleague = (await h.signedInUser({ staff: true })).client
      clients.push(colleague)
      const own = await subscribed(colleague.channel(topic, { config: { private: true } }))
      await own.send({ type: 'broadcast', event: 'note', payload: { from: 'staff' } })
      await eventually(() => received.length >= 1, 5_000, "the colleague's note")
      expect(received.map((m) => m.payload)).toEqual([{ from: 'staff' }])
    },
  )

  it.runIf(localOnly('signs tokens with the local secret'))(
    'should refuse a join with an expired token',
    async () => {
      const expired = await token({ role: 'authenticated', sub: randomUUID(), exp: now() - 60 })
      const result = await refused(
        (await clientWithToken(async () => expired)).channel(name('expired')),
      )
      expect(result.status).toBe('CHANNEL_ERROR')
      expect(result.message).toMatch(/expired/i)
    },
  )

  it.runIf(localOnly('signs tokens with the local secret'))(
    'should refuse a join with a token for a role outside the API roles',
    async () => {
      const forged = await token({ role: 'postgres', exp: now() + 600 })
      const result = await refused(
        (await clientWithToken(async () => forged)).channel(name('forged')),
      )
      expect(result.status).toBe('CHANNEL_ERROR')
      expect(result.message).toContain('postgres')
    },
  )

  it.runIf(localOnly('signs tokens with the local secret'))(
    'should close a channel when its token expires',
    async () => {
      const shortLived = await token({ role: 'authenticated', sub: randomUUID(), exp: now() + 2 })
      const statuses: string[] = []
      const channel = (await clientWithToken(async () => shortLived)).channel(name('expiring'))
      await new Promise<void>((resolve) =>
        channel.subscribe((status) => {
          statuses.push(status)
          if (status === 'SUBSCRIBED') resolve()
        }),
      )
      await eventually(() => statuses.includes('CLOSED'), 5_000, 'the close at expiry')
      expect(channel.state).toBe('closed')
    },
  )

  it.runIf(localOnly('signs tokens with the local secret'))(
    'should keep a channel whose token is refreshed before it expires',
    async () => {
      const sub = randomUUID()
      const firstExpiry = now() + 2
      let current = await token({ role: 'authenticated', sub, exp: firstExpiry })
      const c = await clientWithToken(async () => current)
      const topic = name('refreshed')
      const received: Broadcast[] = []
      const channel: RealtimeChannel = await subscribed(
        c.channel(topic).on('broadcast', { event: 'ping' }, (m) => received.push(m as Broadcast)),
      )
      current = await token({ role: 'authenticated', sub, exp: now() + 600 })
      await c.realtime.setAuth()
      // Past the first token's expiry, a broadcast still reaches the channel.
      await sleep(Math.max(0, firstExpiry * 1000 - Date.now()) + 1_000)
      const sender = await subscribed(client().channel(topic))
      await sender.send({ type: 'broadcast', event: 'ping', payload: { late: true } })
      await eventually(() => received.length === 1, 5_000, 'a broadcast after the old expiry')
      expect(channel.state).toBe('joined')
    },
  )

  it.runIf(localOnly('starts a server with small limits'))(
    'should refuse a join past the channel limit of a socket',
    async () => {
      const small = await startLocalSupabase({
        port: 0,
        dataDir: null,
        log: () => {},
        bcryptCost: MIN_BCRYPT_COST,
        realtime: { maxChannelsPerSocket: 2 },
      })
      // One client: all its channels share one socket.
      const local = createClient(small.url, small.anonKey, { auth: { persistSession: false } })
      try {
        await subscribed(local.channel('one'))
        await subscribed(local.channel('two'))
        const result = await refused(local.channel('three'))
        expect(result.message).toContain('Too many channels')
      } finally {
        await local.realtime.disconnect()
        await small.stop()
      }
    },
  )

  it.runIf(localOnly('starts a server with a short heartbeat timeout'))(
    'should close a socket that sends no heartbeat within the timeout',
    async () => {
      const small = await startLocalSupabase({
        port: 0,
        dataDir: null,
        log: () => {},
        bcryptCost: MIN_BCRYPT_COST,
        realtime: { heartbeatTimeoutMs: 300 },
      })
      try {
        const ws = new WebSocket(
          `${small.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${small.anonKey}&vsn=2.0.0`,
        )
        const closed = new Promise<number>((resolve) =>
          ws.addEventListener('close', (e) => resolve(e.code)),
        )
        await expect(closed).resolves.toBe(1000)
      } finally {
        await small.stop()
      }
    },
  )

  it('should refuse a socket whose apikey is not a valid key', async () => {
    const ws = new WebSocket(
      `${h.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`,
    )
    const outcome = await new Promise<string>((resolve) => {
      ws.addEventListener('open', () => resolve('open'))
      ws.addEventListener('error', () => resolve('refused'))
    })
    expect(outcome).toBe('refused')
  })
})
