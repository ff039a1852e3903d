import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { catcherMailEnv, startMailCatcher } from '@club/local-supabase/mail-catcher'
import type { MailCatcher } from '@club/local-supabase/mail-catcher'
import { generateVapidKeys, startPushService } from '@club/local-supabase/push-service'
import type { PushService } from '@club/local-supabase/push-service'
import { buildSite, type BuildOptions, type CompiledSite } from '@club/web/scripts/build'
import { liveCalendars } from '@club/web/scripts/live-calendars'
import { serveSite } from '@club/web/scripts/serve'
import { renderLeftPagesOnRequest } from '@club/web/scripts/start'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A backend and the site prerendered against it, as a visitor's browser meets them. */
export type SiteStack = {
  siteUrl: string
  backendUrl: string
  anonKey: string
  serviceRoleKey: string
  /** The stack's own mail catcher's web inbox and REST API (MailDev 2.x: `GET /email`). */
  mailUrl: string
  /**
   * The stack's mail catcher, which its Edge Functions and its auth server send to (stop it
   * for a mail server that is down).
   */
  mail: MailCatcher
  /**
   * The stack's own Web Push service (web-push-testing), which its functions may push to, and
   * the VAPID public key they sign with (a pair made for this stack).
   */
  push: PushService
  vapidPublicKey: string
  /** Runs SQL on the backend's database as its superuser (for seeding large fixtures fast). */
  sql(statements: string): Promise<void>
  stop(): Promise<void>
}

export type SiteStackOptions = {
  /** SQL run as the superuser before the site is built (a large fixture: see news-archive-seed.ts). */
  seed?: string
  /**
   * `newest`: the build leaves the older articles to the server, which renders each when it is
   * first asked for, as the production server does (BuildOptions.articles). Default `all`.
   */
  articles?: BuildOptions['articles']
}

/**
 * Starts an in-memory local backend on a free port (migrated and seeded) and the site
 * prerendered from `compiled` against it, served with compression and with calendar feeds
 * made from what is stored at each request, as the project's server does.
 */
export async function startSiteStack(
  compiled: CompiledSite,
  options: SiteStackOptions = {},
): Promise<SiteStack> {
  const mail = await startMailCatcher()
  const push = await startPushService()
  const vapid = generateVapidKeys()
  // The functions' secrets (supabase/functions/.env.example): this stack's catcher, and the
  // site's address once it is known (read as each function's worker starts, at its first call).
  const functionsEnv: Record<string, string> = {
    ...catcherMailEnv(mail),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@club.example',
    PUSH_SERVICE_ORIGINS: push.url,
  }
  const backend = await startLocalSupabase({
    projectRoot: root,
    port: 0,
    dataDir: null,
    log: () => {},
    // bcrypt's least cost for the passwords Auth hashes (sign-ups in the suites).
    bcryptCost: 4,
    functions: { env: functionsEnv },
    // Account email (password recovery, magic links, invitations) to the same catcher.
    smtp: {
      host: mail.smtpHost,
      port: mail.smtpPort,
      adminEmail: 'accounts@club.example',
      senderName: 'Club website',
    },
  })
  if (options.seed) await backend.db.pg.exec(options.seed)
  const outDir = mkdtempSync(join(tmpdir(), 'club-web-e2e-'))
  // Pages left to the server are rendered by a server bundle of the stack's own (its module
  // holds what it renders from), kept beside the site.
  const serverDir =
    options.articles === 'newest' ? mkdtempSync(join(tmpdir(), 'club-web-e2e-server-')) : undefined
  let renderLeftPage: ((pathname: string) => Promise<boolean>) | undefined
  let siteUrl = ''
  const site = await serveSite({
    dir: outDir,
    calendars: liveCalendars({
      backend: { url: backend.url, anonKey: backend.anonKey },
      siteUrl: () => siteUrl,
    }),
    renderOnRequest: serverDir
      ? (pathname) => renderLeftPage?.(pathname) ?? Promise.resolve(false)
      : undefined,
  })
  siteUrl = site.url
  functionsEnv.SITE_URL = siteUrl
  await buildSite({
    compiled,
    outDir,
    serverDir,
    siteUrl,
    backend: { url: backend.url, anonKey: backend.anonKey },
    articles: options.articles,
    quiet: true,
  })
  if (serverDir)
    renderLeftPage = await renderLeftPagesOnRequest({ outDir, serverDir, log: () => {} })
  return {
    siteUrl,
    backendUrl: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    mailUrl: mail.url,
    mail,
    push,
    vapidPublicKey: vapid.publicKey,
    async sql(statements) {
      await backend.db.pg.exec(statements)
    },
    async stop() {
      await site.close()
      await backend.stop()
      await mail.stop()
      await push.stop()
      rmSync(outDir, { recursive: true, force: true })
      if (serverDir) rmSync(serverDir, { recursive: true, force: true })
    },
  }
}
