// `pnpm bench:backend`: prints latency figures for the embedded local backend.
//
// - start-up: cold (no cached template), warm (cached template), reopen of a persistent folder;
// - reading the 4 vital keys (the built-in sample documents, stored) over HTTP with
//   supabase-js, 1,000 requests at concurrency 1 and 16: p50 and p95;
// - the same for an upsert by a staff user;
// - the same read in-process against PGlite, as the anon role with the same claims in a
//   read-only transaction, so the HTTP layer's overhead shows as a ratio.
// Figures, not a pass/fail test.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { VITAL_KEYS } from '@club/core/entities'
import { startLocalSupabase } from '@club/local-supabase'

const root = fileURLToPath(new URL('..', import.meta.url))
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }

type Stats = { p50: number; p95: number; mean: number; rps: number }

function stats(samples: number[], wallMs: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length
  return { p50: at(0.5), p95: at(0.95), mean, rps: (samples.length / wallMs) * 1000 }
}

/** Runs `task` REQUESTS times with `concurrency` in flight; returns per-call latencies. */
async function measure(
  concurrency: number,
  task: (worker: number) => Promise<void>,
): Promise<Stats> {
  for (let i = 0; i < 50; i++) await task(0) // warm-up: JIT, caches, connection pool
  const samples: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < REQUESTS) {
        next++
        const t0 = performance.now()
        await task(worker)
        samples.push(performance.now() - t0)
      }
    }),
  )
  return stats(samples, performance.now() - started)
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`
const row = (label: string, s: Stats) =>
  console.log(
    `  ${label.padEnd(44)} p50 ${fmt(s.p50).padStart(9)}   p95 ${fmt(s.p95).padStart(9)}   ${Math.round(s.rps)} req/s`,
  )

async function startupFigures() {
  const scratch = mkdtempSync(join(tmpdir(), 'club-bench-'))
  cpSync(join(root, 'supabase'), join(scratch, 'supabase'), { recursive: true })
  const quiet = { log: () => {}, port: 0 }
  const cold = await startLocalSupabase({ ...quiet, projectRoot: scratch, dataDir: null })
  await cold.stop()
  const warm = await startLocalSupabase({ ...quiet, projectRoot: scratch, dataDir: null })
  await warm.stop()
  const firstPersistent = await startLocalSupabase({ ...quiet, projectRoot: scratch })
  await firstPersistent.stop()
  const reopen = await startLocalSupabase({ ...quiet, projectRoot: scratch })
  await reopen.stop()
  rmSync(scratch, { recursive: true, force: true })
  return {
    cold: cold.startupMs,
    warm: warm.startupMs,
    firstPersistent: firstPersistent.startupMs,
    reopen: reopen.startupMs,
  }
}

const startup = await startupFigures()
const server = await startLocalSupabase({
  projectRoot: root,
  port: 0,
  dataDir: null,
  log: () => {},
})
const client = (): SupabaseClient =>
  createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })

// Store the real sample documents, so reads move realistic sizes.
const staff = client()
const signIn = await staff.auth.signInWithPassword(SEEDED_STAFF)
if (signIn.error) throw signIn.error
let vitalBytes = 0
for (const key of VITAL_KEYS) {
  const value = DEFAULT_CONTENT[key]
  vitalBytes += JSON.stringify(value).length
  const { error } = await staff.from('website_content').upsert({ key, value, base_version: 0 })
  if (error) throw error
}

const visitor = client()
const readOverHttp = async () => {
  const { data, error } = await visitor
    .from('website_content')
    .select('key,value')
    .in('key', [...VITAL_KEYS])
  if (error || data.length !== VITAL_KEYS.length) throw error ?? new Error('expected 4 rows')
}
const readInProcess = async () => {
  const rows = await server.db.runAs(
    { role: 'anon', claims: { role: 'anon' } },
    (tx) =>
      tx.query('select key, value from public.website_content where key = any($1)', [
        [...VITAL_KEYS],
      ]),
    { readOnly: true },
  )
  if (rows.rows.length !== VITAL_KEYS.length) throw new Error('expected 4 rows')
  JSON.stringify(rows.rows) // the HTTP path serialises; so does this, to compare like with like
}

// Upserts: one key per worker so concurrent workers do not conflict, each naming its version.
const versions = new Map<number, number>()
const alerts = DEFAULT_CONTENT.alerts
const upsert = async (worker: number) => {
  const key = `benchAlerts${worker}`
  const { data, error } = await staff
    .from('website_content')
    .upsert({ key, value: alerts, base_version: versions.get(worker) ?? 0 })
    .select('version')
    .single()
  if (error) throw error
  versions.set(worker, Number(data.version))
}

console.log(
  `\nLocal backend benchmark (${REQUESTS} requests per row; Node ${process.versions.node}; ${server.url})`,
)
console.log(`\nStart-up (migrations and seed applied)`)
console.log(`  cold, in memory (no cached template)        ${fmt(startup.cold)}`)
console.log(`  warm, in memory (cached template)           ${fmt(startup.warm)}`)
console.log(`  first start of a persistent folder          ${fmt(startup.firstPersistent)}`)
console.log(`  restart of a persistent folder              ${fmt(startup.reopen)}`)
console.log(`\nRead the 4 vital keys (${(vitalBytes / 1024).toFixed(1)} KB of JSON)`)
const http1 = await measure(1, readOverHttp)
row('HTTP + supabase-js, concurrency 1', http1)
const http16 = await measure(16, readOverHttp)
row('HTTP + supabase-js, concurrency 16', http16)
const inproc1 = await measure(1, readInProcess)
row('in-process PGlite (same role/claims), conc. 1', inproc1)
const inproc16 = await measure(16, readInProcess)
row('in-process PGlite (same role/claims), conc. 16', inproc16)
console.log(
  `\nUpsert one document (alerts, ${(JSON.stringify(alerts).length / 1024).toFixed(1)} KB) as staff`,
)
row('HTTP + supabase-js, concurrency 1', await measure(1, () => upsert(0)))
row('HTTP + supabase-js, concurrency 16', await measure(16, upsert))
console.log(`\nHTTP layer overhead (HTTP ÷ in-process, concurrency 1)`)
console.log(
  `  p50 ${(http1.p50 / inproc1.p50).toFixed(2)}×   p95 ${(http1.p95 / inproc1.p95).toFixed(2)}×`,
)
console.log(
  `\nTargets: read p95 < 5 ms at concurrency 1 (${http1.p95 < 5 ? 'met' : 'NOT met'}); HTTP within 3× of in-process (${http1.p95 / inproc1.p95 <= 3 ? 'met' : 'NOT met'}); start-up < 3 s (${startup.warm < 3000 ? 'met' : 'NOT met'} warm, ${startup.cold < 3000 ? 'met' : 'NOT met'} cold)\n`,
)
await server.stop()
