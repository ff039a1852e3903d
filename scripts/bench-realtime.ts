// `pnpm bench:realtime`: Realtime figures for the embedded local backend.
//
// - latency from a save (an upsert into website_content as the seeded staff user, through
//   supabase-js) to its delivery as a postgres_changes UPDATE, with 1, 100 and 1,000
//   subscribed websockets (each a supabase-js RealtimeClient with one channel): p50 and
//   p95 over every delivery, and of the last delivery of each save (the whole fan-out);
// - resident memory of the server process per idle subscribed connection.
// The server runs in a child process (the package's CLI, in memory, on a free loopback
// port), so its memory is not mixed with the clients'. Figures, not a pass/fail test.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { RealtimeClient, createClient } from '@supabase/supabase-js'

const root = fileURLToPath(new URL('..', import.meta.url))
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }
const KEY = 'benchRealtime'
const SIZES = [1, 100, 1000]
/** Saves per size: fewer at 1,000 subscribers, where each fans out a thousand frames. */
const SAVES: Record<number, number> = { 1: 50, 100: 30, 1000: 15 }
const DELIVERY_TIMEOUT_MS = 10_000

type Server = { url: string; anonKey: string; pid: number; stop(): void }

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

const ms = (x: number) => `${x.toFixed(1)} ms`

/** Resident set size of a process in bytes (Linux); undefined elsewhere. */
function rss(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) * 1024
  } catch {
    return undefined
  }
}

async function startServer(): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['packages/local-supabase/src/cli.ts', '--memory', '--port', '0', '--host', '127.0.0.1'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout })
  for await (const line of lines) {
    if (!line.startsWith('{')) continue
    const info = JSON.parse(line) as { url: string; anonKey: string }
    return { ...info, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') }
  }
  throw new Error('the server exited before printing its address')
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Set once started, so that the server is stopped however the run ends. */
let server: Server | undefined

async function main() {
  const running = await startServer()
  server = running
  const staff = createClient(running.url, running.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const signedIn = await staff.auth.signInWithPassword(SEEDED_STAFF)
  if (signedIn.error) throw signedIn.error

  let version = 0
  const save = async (n: number) => {
    const { error } = await staff
      .from('website_content')
      .upsert({ key: KEY, value: { n }, base_version: version })
    if (error) throw error
    version += 1
  }
  await save(0)

  const socketUrl = `${running.url.replace(/^http/, 'ws')}/realtime/v1`
  let clients: RealtimeClient[] = []
  /** Per subscriber, what each save number arrived at. */
  let onDelivery: (n: number) => void = () => {}

  console.log('Realtime: save → postgres_changes delivery (loopback)')
  for (const size of SIZES) {
    const baseline = rss(running.pid)
    while (clients.length < size) {
      const client = new RealtimeClient(socketUrl, { params: { apikey: running.anonKey } })
      clients.push(client)
      await new Promise<void>((resolve, reject) => {
        client
          .channel(`bench-${clients.length}`)
          .on(
            'postgres_changes',
            {
              event: 'UPDATE',
              schema: 'public',
              table: 'website_content',
              filter: `key=eq.${KEY}`,
            },
            (payload) => onDelivery((payload.new as { value: { n: number } }).value.n),
          )
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') resolve()
            else if (status !== 'CLOSED') reject(new Error(`subscribe: ${status}`))
          })
      })
    }
    await settle(500)
    const connected = rss(running.pid)

    const every: number[] = []
    const last: number[] = []
    for (let n = 1; n <= (SAVES[size] ?? 10); n++) {
      const expected = version
      const started = performance.now()
      let arrived = 0
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${arrived}/${size} deliveries`)),
          DELIVERY_TIMEOUT_MS,
        )
        onDelivery = (seen) => {
          if (seen !== expected) return
          const at = performance.now() - started
          every.push(at)
          arrived += 1
          if (arrived === size) {
            last.push(at)
            clearTimeout(timer)
            resolve()
          }
        }
      })
      await save(expected)
      await done
    }
    console.log(
      `  ${String(size).padStart(5)} subscribers: every delivery p50 ${ms(percentile(every, 0.5))}, p95 ${ms(percentile(every, 0.95))}; ` +
        `whole fan-out p50 ${ms(percentile(last, 0.5))}, p95 ${ms(percentile(last, 0.95))} (${last.length} saves)`,
    )
    if (size === SIZES[SIZES.length - 1] && baseline !== undefined && connected !== undefined) {
      const added = size - (SIZES[SIZES.length - 2] ?? 0)
      console.log(
        `  server memory per idle subscribed connection: ${((connected - baseline) / added / 1024).toFixed(1)} KiB ` +
          `(resident set, ${added} connections added)`,
      )
    }
  }
  await Promise.all(clients.map((client) => client.disconnect()))
  clients = []
  await staff.from('website_content').delete().eq('key', KEY)
}

main()
  .catch((error: unknown) => {
    console.log(`bench:realtime could not finish: ${(error as Error).message}`)
  })
  .finally(() => {
    server?.stop()
    process.exit(0)
  })
