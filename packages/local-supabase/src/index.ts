/**
 * IMPORTANT: a development and test dependency only. Production code talks to a
 * hosted Supabase project; nothing under apps/ or packages/core may import this.
 */
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'

import { createAuthService } from './auth/service.ts'
import { checkBcryptCost, DEFAULT_BCRYPT_COST } from './auth/validate.ts'
import { findProjectRoot, readProjectConfig } from './config.ts'
import type { SmtpSettings } from './config.ts'
import { startCron } from './db/cron.ts'
import { functionsDenoDir } from './functions/deno.ts'
import { createFunctionsService } from './functions/service.ts'
import { startNet } from './net/net.ts'
import type { NetWorker } from './net/net.ts'
import { openDatabase } from './db/database.ts'
import type { Database } from './db/database.ts'
import { createGateway } from './http/server.ts'
import type { ServerConfig, ServiceContext } from './http/types.ts'
import { makeKeys } from './keys.ts'
import type { Keys } from './keys.ts'
import { startRealtime } from './realtime/server.ts'
import type { Realtime, RealtimeLimits } from './realtime/server.ts'
import { createRestService } from './rest/service.ts'
import { createStorageService } from './storage/service.ts'

export type LocalSupabaseOptions = {
  /** Port to listen on; 0 picks a free one. Default: `[api] port` of config.toml (54321). */
  port?: number
  host?: string
  /**
   * Where data lives between runs (the database and Storage bodies). `null` runs
   * wholly in memory, as tests do. Default: `<project>/.local-supabase/data`.
   */
  dataDir?: string | null
  /** The folder that holds `supabase/`. Default: found by walking up from the working directory. */
  projectRoot?: string
  jwtSecret?: string
  /** Overrides `[auth] enable_signup`. */
  signupEnabled?: boolean
  /** Overrides `[auth] jwt_expiry` (seconds). */
  jwtExpiry?: number
  /** Overrides `[auth] refresh_token_reuse_interval` (seconds). */
  refreshTokenReuseInterval?: number
  /**
   * The bcrypt cost of the password hashes Auth makes (sign-up, a password change, the admin
   * API), 4 to 31. Default 10, hosted GoTrue's. Tests and the end-to-end stacks pass 4
   * (`MIN_BCRYPT_COST`), 64 times less work per hash. A sign-in verifies at the cost of the
   * hash it checks, so the seeded logins (supabase/seed.sql) verify at theirs.
   */
  bcryptCost?: number
  /**
   * The SMTP server account email (recovery, magic links, email change, invites) goes to, over
   * `[auth.email.smtp]` of config.toml: the local mail catcher in `pnpm dev` and the end-to-end
   * stacks. `false` sends none (links are only logged). `adminEmail` defaults to the CLI's
   * `admin@email.com`.
   */
  smtp?: false | (Pick<SmtpSettings, 'host' | 'port'> & Partial<SmtpSettings>)
  /** Receives log lines (recovery links, errors). Default: stderr. */
  log?: (line: string) => void
  /** Overrides Realtime's limits (heartbeat timeout, channels per socket, message and backlog sizes). */
  realtime?: Partial<RealtimeLimits>
  /**
   * The stand-in for pg_cron (src/db/cron.ts) runs the jobs migrations schedule; `false`
   * turns it off, `{ minuteMs }` shortens its minute (tests).
   */
  cron?: false | { minuteMs?: number }
  /**
   * Edge Functions (`/functions/v1/<name>`), run in real Deno from `supabase/functions`:
   * `false` turns them off; `dir` serves another folder and `settings` replaces config.toml's
   * `[functions.<name>]` (tests), `wallClockMs` shortens the relay's 150 s wall clock (tests),
   * `env` adds secrets over `supabase/functions/.env` (read as each worker starts).
   */
  functions?:
    | false
    | {
        dir?: string
        settings?: Record<string, { enabled?: boolean; verifyJwt?: boolean }>
        wallClockMs?: number
        env?: Record<string, string>
      }
}

export type LocalSupabase = Keys & {
  url: string
  db: Database
  /** pg_net's stand-in: `drain()` sends what is queued and waits for the answers (tests). */
  net: Pick<NetWorker, 'drain'>
  config: ServerConfig
  /** Realtime's open sockets and joined channels. */
  realtime: Pick<Realtime, 'stats'>
  startupMs: number
  stop(): Promise<void>
}

export async function startLocalSupabase(
  options: LocalSupabaseOptions = {},
): Promise<LocalSupabase> {
  const started = performance.now()
  const bcryptCost = checkBcryptCost(options.bcryptCost ?? DEFAULT_BCRYPT_COST)
  const projectRoot = options.projectRoot ?? findProjectRoot(process.cwd())
  const supabaseDir = projectRoot ? join(projectRoot, 'supabase') : undefined
  const project = readProjectConfig(supabaseDir)
  const workDir = projectRoot ? join(projectRoot, '.local-supabase') : undefined
  const dataDir =
    options.dataDir === undefined
      ? workDir && join(workDir, 'data')
      : (options.dataDir ?? undefined)
  const log = options.log ?? ((line: string) => process.stderr.write(`[local-supabase] ${line}\n`))

  const db = await openDatabase({
    dataDir: dataDir ? join(dataDir, 'pg') : undefined,
    cacheDir: workDir ? join(workDir, 'cache') : undefined,
    migrationsDir: supabaseDir && join(supabaseDir, 'migrations'),
    seedFile: supabaseDir && join(supabaseDir, 'seed.sql'),
  })
  const keys = await makeKeys(options.jwtSecret)
  const host = options.host ?? '127.0.0.1'
  const config: ServerConfig = {
    apiUrl: '',
    jwtExpiry: options.jwtExpiry ?? project.jwtExpiry,
    refreshTokenRotation: project.refreshTokenRotation,
    refreshTokenReuseInterval:
      options.refreshTokenReuseInterval ?? project.refreshTokenReuseInterval,
    signupEnabled: options.signupEnabled ?? project.signupEnabled,
    minimumPasswordLength: project.minimumPasswordLength,
    bcryptCost,
    siteUrl: project.siteUrl,
    additionalRedirectUrls: project.additionalRedirectUrls,
    smtp:
      options.smtp === false
        ? undefined
        : options.smtp
          ? { user: '', pass: '', adminEmail: 'admin@email.com', senderName: '', ...options.smtp }
          : project.smtp,
    maxRows: project.maxRows,
    storageDir: dataDir ? join(dataDir, 'storage') : undefined,
    storageFileSizeLimit: project.storageFileSizeLimit,
    mfa: project.mfa,
    securePasswordChange: project.securePasswordChange,
    secureEmailChange: project.secureEmailChange,
    passwordVerificationHook: project.passwordVerificationHook,
    log,
  }
  const context: ServiceContext = { db, keys, config }
  const functionsDir =
    options.functions === false
      ? undefined
      : (options.functions?.dir ?? (supabaseDir && join(supabaseDir, 'functions')))
  const functions = functionsDir
    ? createFunctionsService(context, {
        dir: functionsDir,
        settings: (options.functions && options.functions.settings) || project.functions,
        ...(options.functions && options.functions.wallClockMs !== undefined
          ? { wallClockMs: options.functions.wallClockMs }
          : {}),
        denoDir: projectRoot
          ? functionsDenoDir(projectRoot)
          : join(functionsDir, '..', '.local-supabase', 'deno'),
        ...(options.functions && options.functions.env ? { env: options.functions.env } : {}),
      })
    : undefined
  const server = createGateway(context, [
    { prefix: '/rest/v1', service: createRestService(context) },
    { prefix: '/auth/v1', service: createAuthService(context) },
    { prefix: '/storage/v1', service: createStorageService(context) },
    ...(functions
      ? [{ prefix: '/functions/v1', service: functions.service, preflight: true }]
      : []),
  ])
  const realtime = await startRealtime(context, options.realtime)
  const cron = options.cron === false ? undefined : startCron(db, { ...options.cron, log })
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? project.apiPort, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host
  config.apiUrl = `http://${shownHost}:${port}`
  // Where migrations' webhooks and cron jobs find this project (docs/deploying.md has a hosted
  // project's owner write the same two secrets once).
  await db.runAsAdmin(async (tx) => {
    for (const [name, value] of [
      ['project_url', config.apiUrl],
      ['service_role_key', keys.serviceRoleKey],
    ] as const)
      await tx.query(
        `insert into vault.secrets (name, secret) values ($1, $2)
         on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
        [name, value],
      )
  })
  const net = await startNet(db, log)

  return {
    ...keys,
    url: config.apiUrl,
    db,
    config,
    realtime: { stats: () => realtime.stats() },
    net: { drain: () => net.drain() },
    startupMs: performance.now() - started,
    async stop() {
      await cron?.stop()
      await net.stop()
      await functions?.stop()
      // Upgraded sockets are no longer the HTTP server's: Realtime drops its own.
      await realtime.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
    },
  }
}

export { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY, signJwt } from './keys.ts'
export { DEFAULT_BCRYPT_COST, MIN_BCRYPT_COST } from './auth/validate.ts'
