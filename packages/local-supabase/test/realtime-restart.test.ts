/**
 * Realtime across a server restart: the unmodified supabase-js reconnects (after 1, 2,
 * 5, then 10 s), rejoins its channel and receives changes again, from the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '../src/index.ts'
import type { LocalSupabase } from '../src/index.ts'
import { localOnly } from './harness.ts'
import { closeRealtime, eventually, realtimeClient, subscribed } from './realtime-support.ts'

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

describe('realtime across a restart', () => {
  const dataDirs: string[] = []
  let server: LocalSupabase | undefined

  afterAll(async () => {
    await server?.stop()
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  })

  it.runIf(localOnly('stops and starts the server'))(
    'should rejoin after the server restarts on the same port and receive changes again',
    async () => {
      // A try of its own: a server an earlier try left running is stopped, and this try's data
      // is its own (two databases never open one folder).
      await server?.stop()
      server = undefined
      const dataDir = mkdtempSync(join(tmpdir(), 'realtime-restart-'))
      dataDirs.push(dataDir)
      const start = (port: number) =>
        startLocalSupabase({ port, dataDir, log: () => {}, bcryptCost: MIN_BCRYPT_COST })
      server = await start(0)
      const port = Number(new URL(server.url).port)
      // The service role receives every change (the keys here are not public pages' documents).
      const listener = realtimeClient(server.url, server.serviceRoleKey)
      const changes: Change[] = []
      const channel = await subscribed(
        listener
          .channel('restart')
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'website_content' },
            (p: Change) => changes.push(p),
          ),
      )
      const writer = () => realtimeClient(server?.url ?? '', server?.serviceRoleKey ?? '')
      await writer()
        .from('website_content')
        .insert({ key: 'beforeRestart', value: {}, base_version: 0 })
      await eventually(() => changes.length === 1, 5_000, 'the first insert')

      await server.stop()
      await eventually(() => channel.state === 'errored', 5_000, 'the channel to notice')
      server = await start(port)
      await eventually(() => channel.state === 'joined', 20_000, 'the rejoin')

      await writer()
        .from('website_content')
        .insert({ key: 'afterRestart', value: {}, base_version: 0 })
      await eventually(() => changes.length === 2, 5_000, 'the insert after the restart')
      expect(changes.map((c) => (c.new as { key: string }).key)).toEqual([
        'beforeRestart',
        'afterRestart',
      ])
      await closeRealtime(listener)
    },
    60_000,
  )
})
