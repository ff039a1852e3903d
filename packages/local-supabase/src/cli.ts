#!/usr/bin/env node
import { parseArgs } from 'node:util'

import { startLocalSupabase } from './index.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    memory: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(`Usage: local-supabase [--port 54321] [--host 127.0.0.1] [--memory | --data-dir DIR]

A Supabase-compatible server (REST, Auth, Storage, Realtime) on PGlite. It applies
supabase/migrations and supabase/seed.sql of the nearest project folder.`)
  process.exit(0)
}

const server = await startLocalSupabase({
  port: values.port === undefined ? undefined : Number(values.port),
  host: values.host,
  dataDir: values.memory ? null : values['data-dir'],
})
console.log(
  JSON.stringify({
    url: server.url,
    anonKey: server.anonKey,
    serviceRoleKey: server.serviceRoleKey,
    publishableKey: server.publishableKey,
    startupMs: Math.round(server.startupMs),
  }),
)
const stop = async () => {
  await server.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
