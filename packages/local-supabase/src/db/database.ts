import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import type { Transaction } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8')
/** The bootstrap's idempotent tail (after `-- @bootstrap-upgrade`): run again on older folders. */
const UPGRADE_MARKER = BOOTSTRAP_SQL.indexOf('-- @bootstrap-upgrade')
const BOOTSTRAP_UPGRADE_SQL = UPGRADE_MARKER < 0 ? '' : BOOTSTRAP_SQL.slice(UPGRADE_MARKER)
/** Realtime's schema and the local change capture; idempotent, so it also upgrades older folders. */
const REALTIME_SQL = readFileSync(new URL('../realtime/bootstrap.sql', import.meta.url), 'utf8')
const CRON_SQL = readFileSync(new URL('./cron.sql', import.meta.url), 'utf8')
/** pg_net, Vault and database webhooks (src/net/net.sql); idempotent too. */
const NET_SQL = readFileSync(new URL('../net/net.sql', import.meta.url), 'utf8')
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/

export type Tx = Transaction

/** Who a request runs as: the Postgres role and the verified JWT claims. */
export type RequestIdentity = {
  role: 'anon' | 'authenticated' | 'service_role' | string
  claims: Record<string, unknown>
}

export type RunOptions = {
  readOnly?: boolean
  /** Extra `set_config(name, value, true)` settings, e.g. Storage's `storage.operation`. */
  settings?: Record<string, string>
}

export type DatabaseOptions = {
  /** A folder for a persistent database, or undefined for an in-memory one. */
  dataDir?: string
  /** Where the seeded in-memory template is cached between runs (speeds up test start-up). */
  cacheDir?: string
  migrationsDir?: string
  seedFile?: string
}

export type Database = {
  pg: PGlite
  /** Runs `fn` in one transaction as the caller's role, with `request.jwt.claims` set, as PostgREST does. */
  runAs<T>(identity: RequestIdentity, fn: (tx: Tx) => Promise<T>, options?: RunOptions): Promise<T>
  /** Runs `fn` in one transaction as the superuser (the auth and storage services' own bookkeeping). */
  runAsAdmin<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

type SqlFile = { version: string; name: string; sql: string }

function readMigrations(dir: string | undefined): SqlFile[] {
  if (!dir || !existsSync(dir)) return []
  return readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: match[1] ?? '',
      name: match[2] ?? '',
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version.localeCompare(b.version))
}

function fingerprint(parts: string[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex').slice(0, 16)
}

async function applyPending(pg: PGlite, migrations: SqlFile[], seed: string | undefined) {
  const applied = new Set(
    (
      await pg.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((row) => row.version),
  )
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(migration.sql)
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        )
      })
    } catch (error) {
      throw new Error(
        `migration ${migration.version}_${migration.name}.sql failed: ${(error as Error).message}`,
        { cause: error },
      )
    }
  }
  if (seed !== undefined) {
    const hash = fingerprint([seed])
    const seen = await pg.query(
      'select 1 from supabase_migrations.seed_files where path = $1 and hash = $2',
      ['seed.sql', hash],
    )
    if (seen.rows.length === 0) {
      try {
        await pg.transaction(async (tx) => {
          await tx.exec(seed)
          await tx.query(
            `insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)
             on conflict (path) do update set hash = excluded.hash`,
            [hash],
          )
        })
      } catch (error) {
        throw new Error(`seed.sql failed: ${(error as Error).message}`, { cause: error })
      }
    }
  }
}

const extensions = { pgcrypto, uuid_ossp }

async function openFresh(dataDir?: string): Promise<PGlite> {
  const pg = await PGlite.create({ dataDir, extensions })
  const bootstrapped = await pg.query(
    `select 1 from pg_namespace where nspname = 'supabase_migrations'`,
  )
  await pg.exec(bootstrapped.rows.length === 0 ? BOOTSTRAP_SQL : BOOTSTRAP_UPGRADE_SQL)
  await pg.exec(REALTIME_SQL)
  await pg.exec(CRON_SQL)
  await pg.exec(NET_SQL)
  return pg
}

/**
 * Opens the database: a persistent one in `dataDir`, or an in-memory one that
 * starts from a cached snapshot of the bootstrapped, migrated and seeded state
 * (a fresh `initdb` in WebAssembly costs about 2 s; loading a snapshot about 0.5 s).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrations = readMigrations(options.migrationsDir)
  const seed =
    options.seedFile && existsSync(options.seedFile)
      ? readFileSync(options.seedFile, 'utf8')
      : undefined

  let pg: PGlite
  // Writing the template is queued before any request (PGlite runs one operation at a
  // time), so it is a snapshot of the seeded state; start-up does not wait for it.
  let templateWrite: Promise<void> = Promise.resolve()
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true })
    pg = await openFresh(options.dataDir)
    await applyPending(pg, migrations, seed)
  } else {
    const key = fingerprint([
      BOOTSTRAP_SQL,
      REALTIME_SQL,
      CRON_SQL,
      NET_SQL,
      ...migrations.map((m) => m.version + m.sql),
      seed ?? '',
    ])
    const cached = options.cacheDir ? join(options.cacheDir, `template-${key}.tar.gz`) : undefined
    if (cached && existsSync(cached)) {
      pg = await PGlite.create({ extensions, loadDataDir: new Blob([readFileSync(cached)]) })
    } else {
      pg = await openFresh()
      await applyPending(pg, migrations, seed)
      if (cached && options.cacheDir) {
        const cacheDir = options.cacheDir
        templateWrite = pg
          .dumpDataDir('gzip')
          .then(async (dump) => {
            mkdirSync(cacheDir, { recursive: true })
            const partial = `${cached}.${process.pid}.partial`
            writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
            renameSync(partial, cached)
          })
          .catch(() => {
            // Only a cache: the next start builds the database again.
          })
      }
    }
  }

  async function runAs<T>(
    identity: RequestIdentity,
    fn: (tx: Tx) => Promise<T>,
    run: RunOptions = {},
  ) {
    return pg.transaction(async (tx) => {
      // Read-only is set in the same round trip as the role and claims (GET and HEAD).
      const names = ['search_path', 'role', 'request.jwt.claims']
      const values = ['public, extensions', identity.role, JSON.stringify(identity.claims)]
      if (run.readOnly) {
        names.push('transaction_read_only')
        values.push('on')
      }
      for (const [name, value] of Object.entries(run.settings ?? {})) {
        names.push(name)
        values.push(value)
      }
      // One round trip: set_config(name, value, is_local) for every setting, bound as parameters.
      const calls = names.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ')
      await tx.query(
        `select ${calls}`,
        names.flatMap((name, i) => [name, values[i]]),
      )
      return fn(tx)
    })
  }

  return {
    pg,
    runAs,
    runAsAdmin: (fn) => pg.transaction(fn),
    close: async () => {
      await templateWrite
      await pg.close()
    },
  }
}
