// `pnpm bench:functions`: Edge Functions and webhooks on the embedded local backend.
//
// - a function's cold latency (the first call after the server starts: Deno starts and loads
//   the function) and warm latency (later calls, one at a time), through supabase-js
//   `functions.invoke`, p50 and p95;
// - webhook to delivery: 100 inserts into a table with a database webhook
//   (supabase_functions.http_request → pg_net), from each insert's commit to the request
//   reaching its target (a local HTTP server), p50 and p95;
// - webhook to delivery of the director's email: 100 registration-interest submissions, each
//   an insert by the anon role into public.form_submissions (as the site's form does), then the
//   project's database webhook, the Edge Function `director-mail` in Deno, nodemailer over SMTP,
//   until the email is in a local mail catcher (MailDev, read through its REST API), p50 and p95.
// The first function is packages/local-supabase/test/functions/hello (it answers what it was
// asked); the last runs the project's own supabase/functions and migrations.
// Figures, not a pass/fail test; the machine's facts are printed beside them.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'

import { startLocalSupabase } from '@club/local-supabase'
import { startMailCatcher } from '@club/local-supabase/mail-catcher'

import { startMailBackend } from './bench-mail-backend.ts'

const FUNCTIONS = fileURLToPath(
  new URL('../packages/local-supabase/test/functions', import.meta.url),
)
const COLD_RUNS = 5
const WARM_CALLS = 200
const WEBHOOK_INSERTS = 100
const SUBMISSIONS = 100
const DIRECTOR = 'director@club.example'

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
const ms = (x: number) => `${x.toFixed(1)} ms`
const line = (label: string, samples: number[]) =>
  console.log(
    `  ${label.padEnd(34)} p50 ${ms(percentile(samples, 0.5)).padStart(9)}   p95 ${ms(percentile(samples, 0.95)).padStart(9)}   (${samples.length} samples)`,
  )

const start = () =>
  startLocalSupabase({ port: 0, dataDir: null, log: () => {}, functions: { dir: FUNCTIONS } })

async function invokeOnce(url: string, anonKey: string): Promise<number> {
  const client = createClient(url, anonKey, { auth: { persistSession: false } })
  const began = performance.now()
  const { error } = await client.functions.invoke('hello', { body: { bench: true } })
  if (error) throw error
  return performance.now() - began
}

console.log(
  `bench:functions on ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`,
)

const cold: number[] = []
for (let run = 0; run < COLD_RUNS; run++) {
  const server = await start()
  try {
    cold.push(await invokeOnce(server.url, server.anonKey))
  } finally {
    await server.stop()
  }
}

const server = await start()
try {
  const client = createClient(server.url, server.anonKey, { auth: { persistSession: false } })
  await client.functions.invoke('hello', { body: {} })
  const warm: number[] = []
  for (let call = 0; call < WARM_CALLS; call++) {
    const began = performance.now()
    const { error } = await client.functions.invoke('hello', { body: { call } })
    if (error) throw error
    warm.push(performance.now() - began)
  }

  const arrived = new Map<number, number>()
  const target = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const id = (JSON.parse(body) as { record?: { id?: number } }).record?.id
      if (typeof id === 'number') arrived.set(id, performance.now())
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`
  await server.db.pg.exec(`
    create table public.bench_hooked (id int primary key);
    create trigger bench_hook after insert on public.bench_hooked
      for each row execute function supabase_functions.http_request(
        '${targetUrl}', 'POST', '{"Content-Type":"application/json"}', '{}', '5000');
  `)
  const committed = new Map<number, number>()
  for (let id = 1; id <= WEBHOOK_INSERTS; id++) {
    await server.db.pg.query('insert into public.bench_hooked values ($1)', [id])
    committed.set(id, performance.now())
    // One insert at a time, as submissions arrive; each waits for its delivery.
    while (!arrived.has(id)) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  target.close()
  const delivery = [...committed].map(([id, at]) => (arrived.get(id) ?? NaN) - at)

  console.log('Edge Function `hello` through functions.invoke:')
  line('cold (Deno starts, first call)', cold)
  line('warm (one call at a time)', warm)
  console.log('\nDatabase webhook (trigger → pg_net → HTTP target):')
  line('insert committed → request arrives', delivery)
} finally {
  await server.stop()
}

// The director's email, from a family's submission to the catcher's inbox.
const mail = await startMailCatcher()
const project = await startMailBackend(mail, {
  // Above the submissions sent here, so the function's rate limit does not pace the figures.
  MAIL_PER_MINUTE: String(SUBMISSIONS * 10),
})
try {
  const service = createClient(project.url, project.serviceRoleKey, {
    auth: { persistSession: false },
  })
  const anon = createClient(project.url, project.anonKey, { auth: { persistSession: false } })
  const stored = await service.from('website_content').upsert({
    key: 'adminSettings',
    value: {
      notifications: {
        emailOnNewRegistration: true,
        emailOnFormSubmission: true,
        delivery: 'immediate',
        digestHour: 7,
        email: DIRECTOR,
      },
    },
    base_version: 0,
  })
  if (stored.error) throw stored.error

  /** How many emails to the director the catcher holds with Reply-To `family`. */
  const caught = async (family: string) => {
    const response = await fetch(`${mail.url}/email`)
    const emails = (await response.json()) as { replyTo?: { address: string }[] }[]
    return emails.filter((email) => email.replyTo?.some((to) => to.address === family)).length
  }
  const submit = async (index: number) => {
    const family = `family-${index}@families.example.test`
    const { error } = await anon.from('form_submissions').insert({
      kind: 'registration-interest',
      name: `Family ${index}`,
      email: family,
      phone: '301-555-0100',
      message: `Child ${index}, age 9.`,
      program: 'recreation',
    })
    if (error) throw error
    const inserted = performance.now()
    const deadline = inserted + 30_000
    while ((await caught(family)) === 0) {
      if (performance.now() > deadline) throw new Error(`no email for submission ${index}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const took = performance.now() - inserted
    // The database takes at most 30 submissions a minute (20261123000100_form_submissions.sql):
    // once delivered, this one is moved out of that window, untimed, so the next is accepted.
    await project.db.pg.query(
      `update public.form_submissions set created_at = created_at - interval '10 minutes'`,
    )
    return took
  }

  // The first call starts Deno and loads the function's npm packages (the cold start above).
  const first = await submit(0)
  const delivered: number[] = []
  for (let index = 1; index <= SUBMISSIONS; index++) delivered.push(await submit(index))

  console.log(
    '\nRegistration interest → director email (anon insert → webhook → director-mail → SMTP → catcher):',
  )
  line('first submission (function cold)', [first])
  line('insert answered → email in catcher', delivered)
} finally {
  await project.stop()
  await mail.stop()
}
