// `pnpm bench:notify`: families' alerts at a club's scale (issue 33 §4), on the embedded local
// backend with the project's own migrations and Edge Function.
//
// 5,000 confirmed subscribers follow 40 teams, 10 fields and the programs; 2,000 of them follow
// Big Train. Staff publish "All games cancelled" for Big Train's page: the save's trigger
// queues a notification, pg_net calls `family-alerts`, which fans it out to the 2,000 and hands
// each email to SMTP (a local mail catcher, MailDev), batched under MAIL_PER_SECOND. Printed:
// how long the triggering save took, each email's time from the save to being handed over
// (p50 and p95), the time until all 2,000 were, and the sends per second.
// Figures, not a pass/fail test; the machine's facts are printed beside them.
//
//   pnpm bench:notify                       # MAIL_PER_SECOND=50 (the function's default is 10)
//   MAIL_PER_SECOND=14 pnpm bench:notify    # e.g. Amazon SES's starting rate
import { availableParallelism, cpus } from 'node:os'

import { createClient } from '@supabase/supabase-js'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { startMailCatcher } from '@club/local-supabase/mail-catcher'

import { startMailBackend } from './bench-mail-backend.ts'

const SUBSCRIBERS = 5_000
const MATCHING = 2_000
const TEAMS = 40
const FIELDS = 10
const PER_SECOND = Number(process.env.MAIL_PER_SECOND ?? 50)
/** The target: every matching email handed to the provider within this. */
const TARGET_MS = 60_000

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

console.log(
  `bench:notify on ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; MAIL_PER_SECOND=${PER_SECOND}\n`,
)

const mail = await startMailCatcher()
const project = await startMailBackend(mail, {
  FAMILY_ALERTS_SECRET: 'bench-notify-secret-of-at-least-32-characters',
  MAIL_PER_SECOND: String(PER_SECOND),
})
try {
  const sql = (text: string, params: unknown[] = []) => project.db.pg.query(text, params)
  // 5,000 confirmed addresses: the first 2,000 follow Big Train; of the rest, one in five
  // follows one of 10 fields and the others one of 40 teams of the other programs.
  const otherPrograms = ['select', 'flash', 'recreation', 'dmv-prospects']
  await sql(
    `insert into public.family_subscribers (email, confirmed_at, manage_token_hash)
     select 'family-' || n || '@families.example.test', now(), md5(n::text)
       from generate_series(1, $1) n`,
    [SUBSCRIBERS],
  )
  await sql(
    `insert into public.family_subscriptions (subscriber_id, kind, ref, confirmed_at)
     select s.id,
            case when k.n <= $1 then 'program' when k.n % 5 = 0 then 'field' else 'team' end,
            case when k.n <= $1 then 'big-train'
                 when k.n % 5 = 0 then 'field-' || ((k.n / 5) % $3)
                 else ($4::text[])[1 + ((k.n / 5) % $2) % 4] || '-' || (8 + ((k.n / 5) % $2) / 4) || 'u'
            end,
            now()
       from public.family_subscribers s
       cross join lateral (select substring(s.email from 'family-([0-9]+)@')::int as n) k`,
    [MATCHING, TEAMS, FIELDS, otherPrograms],
  )
  const followers = await sql(
    `select count(*)::int as n from public.family_subscriptions where kind = 'program' and ref = 'big-train'`,
  )
  const service = createClient(project.url, project.serviceRoleKey, {
    auth: { persistSession: false },
  })

  // Warm: Deno starts and loads the function's packages (a cold start is bench:functions').
  await service.functions.invoke('family-alerts', { body: { action: 'notify' } })

  const cancelled = {
    ...DEFAULT_CONTENT.alerts[0],
    id: 'alert-bench-cancelled',
    alert_category: 'status',
    status_type: 'game-off',
    title: 'All games cancelled tonight',
    message: 'Lightning in the area: every Big Train game tonight is off.',
    targetPage: '/programs/big-train',
    isActive: true,
    isPinned: false,
    startDate: new Date(Date.now() - 60_000).toISOString(),
    endDate: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    explicitEnd: true,
  }
  const stored = await sql(`select version from public.website_content where key = 'alerts'`)
  const version = (stored.rows[0] as { version?: number } | undefined)?.version ?? 0
  const saveStarted = performance.now()
  const publishedAt = Date.now()
  const saved = await service
    .from('website_content')
    .upsert({ key: 'alerts', value: [cancelled], base_version: version }, { onConflict: 'key' })
    .select('key')
  const saveMs = performance.now() - saveStarted
  if (saved.error) throw saved.error

  const deadline = Date.now() + 10 * 60_000
  type Progress = { total: number; sent: number; failed: number }
  let progress: Progress = { total: 0, sent: 0, failed: 0 }
  for (;;) {
    const result = await sql(
      `select count(*)::int as total,
              count(*) filter (where d.status = 'sent')::int as sent,
              count(*) filter (where d.status in ('failed', 'bounced'))::int as failed
         from public.family_deliveries d
         join public.family_notifications n on n.id = d.notification_id
        where n.alert_id = 'alert-bench-cancelled' and d.channel = 'email'`,
    )
    progress = result.rows[0] as Progress
    if (progress.total > 0 && progress.sent + progress.failed >= progress.total) break
    if (Date.now() > deadline)
      throw new Error(`not all sent in 10 minutes: ${JSON.stringify(progress)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const times = await sql(
    `select extract(epoch from d.sent_at) * 1000 as at
       from public.family_deliveries d
       join public.family_notifications n on n.id = d.notification_id
      where n.alert_id = 'alert-bench-cancelled' and d.status = 'sent'`,
  )
  const handed = (times.rows as { at: number | string }[]).map(
    (row) => Number(row.at) - publishedAt,
  )
  const all = Math.max(...handed)
  const first = Math.min(...handed)
  // The same save once more with a general alert added and the decision unchanged: it
  // announces nothing, so it is the save's own time without the fan-out's.
  const again = await sql(`select version from public.website_content where key = 'alerts'`)
  const plainStarted = performance.now()
  const plain = await service
    .from('website_content')
    .upsert(
      {
        key: 'alerts',
        value: [cancelled, { ...DEFAULT_CONTENT.alerts[0], id: 'alert-bench-general' }],
        base_version: (again.rows[0] as { version: number }).version,
      },
      { onConflict: 'key' },
    )
    .select('key')
  const plainMs = performance.now() - plainStarted
  if (plain.error) throw plain.error
  const emails = (await (await fetch(`${mail.url}/email`)).json()) as { subject?: string }[]
  const caught = emails.filter((email) => email.subject?.includes('All games cancelled tonight'))

  console.log(
    `Subscribers: ${SUBSCRIBERS.toLocaleString('en-US')} confirmed (${TEAMS} teams, ${FIELDS} fields, programs); following Big Train: ${Number((followers.rows[0] as { n: number }).n).toLocaleString('en-US')}`,
  )
  console.log(
    `  the alert's save: ${saveMs.toFixed(1)} ms (trigger → notification → pg_net queued); a save that announces nothing: ${plainMs.toFixed(1)} ms`,
  )
  console.log(
    `  emails handed to SMTP: ${progress.sent.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} (failed ${progress.failed}); in the catcher: ${caught.length.toLocaleString('en-US')}`,
  )
  console.log(
    `  save → email handed over   p50 ${seconds(percentile(handed, 0.5))}   p95 ${seconds(percentile(handed, 0.95))}   first ${seconds(first)}   all ${seconds(all)} (target ${seconds(TARGET_MS)}: ${all <= TARGET_MS ? 'met' : 'NOT met'})`,
  )
  console.log(
    `  sends per second (first to last): ${(progress.sent / Math.max(0.001, (all - first) / 1000)).toFixed(1)}`,
  )
} finally {
  await project.stop()
  await mail.stop()
}
