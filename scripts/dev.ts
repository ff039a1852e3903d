// `pnpm dev`: the local backend (PGlite, persistent in .local-supabase/data) plus the
// web app's Vite dev server, wired together, with everything a developer needs printed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { catcherMailEnv, startMailCatcher } from '@club/local-supabase/mail-catcher'
import { generateVapidKeys } from '@club/local-supabase/push-service'
import { createServer } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' } // see supabase/seed.sql

const port = Number(process.env.LOCAL_SUPABASE_PORT ?? 54321)

// The mail catcher the Edge Functions and the auth server send to (MailDev): its web inbox on 54324 and SMTP on
// 54325, the Supabase CLI's ports, or free ones when those are taken.
const mail = await startMailCatcher({ webPort: 54324, smtpPort: 54325 }).catch(() =>
  startMailCatcher(),
)
// The functions' secrets for this catcher (over supabase/functions/.env; see its .env.example).
// SITE_URL follows once the site listens: a function's worker reads it as it starts.
const functionsEnv: Record<string, string> = {
  ...catcherMailEnv(mail, 'Club website <notifications@club.local>'),
}

// Web Push's VAPID keys: supabase/functions/.env's when it sets them, else a pair made for this
// machine once and kept in .local-supabase/vapid-dev.json (git ignores it; never use it hosted).
const functionsDotEnv = `${root}supabase/functions/.env`
if (
  !existsSync(functionsDotEnv) ||
  !/^VAPID_PRIVATE_KEY=\S/m.test(readFileSync(functionsDotEnv, 'utf8'))
) {
  const file = `${root}.local-supabase/vapid-dev.json`
  if (!existsSync(file)) {
    mkdirSync(`${root}.local-supabase`, { recursive: true })
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600 })
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  functionsEnv.VAPID_PUBLIC_KEY = keys.publicKey
  functionsEnv.VAPID_PRIVATE_KEY = keys.privateKey
  functionsEnv.VAPID_SUBJECT = 'mailto:alerts@club.local'
}

let backend
try {
  backend = await startLocalSupabase({
    projectRoot: root,
    port,
    functions: { env: functionsEnv },
    // Account email (password recovery, magic links, email change, invitations) as well.
    smtp: {
      host: mail.smtpHost,
      port: mail.smtpPort,
      adminEmail: 'accounts@club.local',
      senderName: 'Club website',
    },
  })
} catch (error) {
  await mail.stop()
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is taken: is another local backend (or \`supabase start\`) running? ` +
        'Stop it, or set LOCAL_SUPABASE_PORT to another port.',
    )
    process.exit(1)
  }
  throw error
}

process.env.VITE_SUPABASE_URL = backend.url
process.env.VITE_SUPABASE_ANON_KEY = backend.anonKey
const web = await createServer({
  root: `${root}apps/web`,
  configFile: `${root}apps/web/vite.config.ts`,
})
await web.listen()
const site = web.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'
functionsEnv.SITE_URL = site

console.log(`
  Club site is running (Ctrl+C to stop)

  Site          ${site}
  Staff login   ${SEEDED_STAFF.email} / ${SEEDED_STAFF.password}   (sign in at ${site}admin-login)

  Mail          ${mail.url}   (every email the site sends locally: the director's notifications,
                password resets and other account email)

  Backend       ${backend.url}   (local Supabase on PGlite, started in ${Math.round(backend.startupMs)} ms)
  Data          ${root}.local-supabase/data   (delete it to start over from supabase/seed.sql)
  Anon key      ${backend.anonKey}
  Service key   ${backend.serviceRoleKey}
                (server-side tools only, e.g. pnpm staff:add; never put it in an app)
`)

// Work with nobody signed in (due news posts, unused public photo copies) is the database's:
// pg_cron jobs, one of them calling the retire-unused-photos Edge Function through pg_net.

const stop = async () => {
  await web.close()
  await backend.stop()
  await mail.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
