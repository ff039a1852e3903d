// `pnpm dev`: the local backend (PGlite, persistent in .local-supabase/data) plus the
// web app's Vite dev server, wired together, with everything a developer needs printed.
import { fileURLToPath } from 'node:url'

import { retireUnusedPhotos } from '@club/core/photo-repository'
import { createBackendClient } from '@club/core/supabase'
import { RETIRE_PHOTOS_MS } from '@club/web/scripts/follow-saves'
import { startLocalSupabase } from '@club/local-supabase'
import { createServer } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' } // see supabase/seed.sql

const port = Number(process.env.LOCAL_SUPABASE_PORT ?? 54321)
let backend
try {
  backend = await startLocalSupabase({ projectRoot: root, port })
} catch (error) {
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

console.log(`
  Club site is running (Ctrl+C to stop)

  Site          ${site}
  Staff login   ${SEEDED_STAFF.email} / ${SEEDED_STAFF.password}   (sign in at ${site}admin-login)

  Backend       ${backend.url}   (local Supabase on PGlite, started in ${Math.round(backend.startupMs)} ms)
  Data          ${root}.local-supabase/data   (delete it to start over from supabase/seed.sql)
  Anon key      ${backend.anonKey}
  Service key   ${backend.serviceRoleKey}
                (server-side tools only, e.g. pnpm staff:add; never put it in an app)
`)

// As the production server does (apps/web/scripts/follow-saves.ts): public copies of photos no
// page uses are removed every RETIRE_PHOTOS_MS (5 minutes) with the anon key (the database decides which).
const anon = createBackendClient(
  { url: backend.url, anonKey: backend.anonKey },
  { persistSession: false },
)
const retirer = setInterval(() => {
  retireUnusedPhotos(anon).then(
    (retired) => retired > 0 && console.log(`Removed ${retired} public photo file(s) no page uses`),
    (error: unknown) => console.warn(`Could not remove unused public photos: ${String(error)}`),
  )
}, RETIRE_PHOTOS_MS)
retirer.unref()

const stop = async () => {
  clearInterval(retirer)
  await web.close()
  await backend.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
