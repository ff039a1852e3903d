/**
 * Postgres changes: captured by the triggers of src/realtime/bootstrap.sql, announced
 * with NOTIFY on commit (never polled), then delivered to each subscriber whose role
 * and claims may SELECT the row under row-level security.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite'

import type { RequestIdentity } from '../db/database.ts'
import { filterSql } from './filters.ts'
import type { ChangeFilter } from './filters.ts'

export const CHANGE_CHANNEL = 'realtime_local_changes'

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*'

/** One `postgres_changes` binding of a joined channel, with the id sent in the join reply. */
export type ChangeBinding = {
  id: number
  event: ChangeEvent
  schema: string
  table: string | undefined
  filterText: string | undefined
  filter: ChangeFilter | undefined
}

/** A joined channel with Postgres-change bindings, as the feed sees it. */
export type ChangeSubscriber = {
  identity: RequestIdentity
  bindings: readonly ChangeBinding[]
  /** `cache` is shared by one change's deliveries, so equal frames are serialised once. */
  deliver(data: ChangePayload, ids: number[], cache: Map<string, string>): void
}

export type ColumnInfo = { name: string; type: string }

/** The `data` of a `postgres_changes` push, as Realtime's message dispatcher builds it. */
export type ChangePayload = {
  schema: string
  table: string
  commit_timestamp: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  columns: ColumnInfo[]
  record?: Record<string, unknown>
  old_record?: Record<string, unknown>
  errors: null
}

type Change = {
  id: string
  schema_name: string
  table_name: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  committed_at: Date | string
}

type Column = {
  name: string
  type: string
  sqlType: string
  generated: boolean
  pk: boolean
}

/** What the change feed needs to know about a table. */
export type TableInfo = { oid: number; replicaIdentity: string; columns: Column[] }

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Columns, types and primary key of `schema.table`; undefined when it does not exist. */
export async function tableInfo(
  db: Pick<PGlite, 'query'> | Transaction,
  schema: string,
  table: string,
): Promise<TableInfo | undefined> {
  const result = await db.query<{ oid: number; replident: string; columns: Column[] | null }>(
    `select c.oid::int as oid, c.relreplident::text as replident,
       (select json_agg(json_build_object(
            'name', a.attname, 'type', t.typname,
            'sqlType', format_type(a.atttypid, a.atttypmod),
            'generated', a.attgenerated <> '',
            'pk', coalesce(a.attnum = any(i.indkey), false)) order by a.attnum)
          from pg_attribute a
          join pg_type t on t.oid = a.atttypid
          left join pg_index i on i.indrelid = c.oid and i.indisprimary
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  )
  const row = result.rows[0]
  if (!row) return undefined
  return { oid: row.oid, replicaIdentity: row.replident, columns: row.columns ?? [] }
}

function matches(binding: ChangeBinding, change: Change): boolean {
  if (binding.event !== '*' && binding.event !== change.type) return false
  if (binding.schema !== '*' && binding.schema !== change.schema_name) return false
  return binding.table === undefined || binding.table === '*' || binding.table === change.table_name
}

function identityKey(identity: RequestIdentity): string {
  return `${identity.role}\n${JSON.stringify(identity.claims)}`
}

type Verdicts = {
  /** identity key → may the subscriber read the row under RLS */
  visible: Map<string, boolean>
  /** filter text → does the row pass it */
  filters: Map<string, boolean>
  /** role → the columns it may SELECT */
  columns: Map<string, Set<string>>
}

/**
 * Decides, in one transaction that is always rolled back, what each subscriber may
 * see. The row as it was at the change (for a delete, the removed row) is put back
 * in the table with triggers and foreign keys off (`session_replication_role =
 * replica`, superuser only), replacing the current row; then each distinct identity
 * selects it as its own role with `request.jwt.claims` set, as PostgREST runs a read.
 * So the table's own policies decide, even for a row that no longer exists.
 */
async function judge(
  tx: Transaction,
  table: TableInfo,
  change: Change,
  image: Record<string, unknown>,
  identities: Map<string, RequestIdentity>,
  filters: Map<string, ChangeFilter>,
): Promise<Verdicts> {
  const verdicts: Verdicts = { visible: new Map(), filters: new Map(), columns: new Map() }
  const rel = `${quote(change.schema_name)}.${quote(change.table_name)}`
  await tx.query(`set local session_replication_role = replica`)
  const pk = table.columns.filter((c) => c.pk)
  if (change.type !== 'DELETE' && pk.length > 0) {
    const on = pk.map((c) => `t.${quote(c.name)} = r.${quote(c.name)}`).join(' and ')
    await tx.query(
      `delete from ${rel} as t using jsonb_populate_record(null::${rel}, $1::jsonb) as r where ${on}`,
      [JSON.stringify(image)],
    )
  }
  const writable = table.columns.filter((c) => !c.generated).map((c) => quote(c.name))
  let ctid: string | undefined
  await tx.query('savepoint realtime_image')
  try {
    const inserted = await tx.query<{ ctid: string }>(
      `insert into ${rel} (${writable.join(', ')}) overriding system value
       select ${writable.join(', ')} from jsonb_populate_record(null::${rel}, $1::jsonb)
       returning ctid::text as ctid`,
      [JSON.stringify(image)],
    )
    ctid = inserted.rows[0]?.ctid
    await tx.query('release savepoint realtime_image')
  } catch {
    // The row no longer fits the table (a constraint changed since): nobody is shown it.
    await tx.query('rollback to savepoint realtime_image')
  }
  if (ctid === undefined) return verdicts

  for (const [text, filter] of filters) {
    const column = table.columns.find((c) => c.name === filter.column)
    if (!column) {
      verdicts.filters.set(text, false)
      continue
    }
    const predicate = filterSql(filter, column.sqlType, 2)
    await tx.query('savepoint realtime_filter')
    try {
      const passed = await tx.query<{ ok: boolean }>(
        `select exists(select 1 from ${rel} where ctid = $1::tid and ${predicate.sql}) as ok`,
        [ctid, ...predicate.params],
      )
      verdicts.filters.set(text, passed.rows[0]?.ok === true)
      await tx.query('release savepoint realtime_filter')
    } catch {
      // A value that does not cast to the column's type matches nothing.
      await tx.query('rollback to savepoint realtime_filter')
      verdicts.filters.set(text, false)
    }
  }

  const roles = new Set([...identities.values()].map((identity) => identity.role))
  for (const role of roles) {
    const readable = await tx.query<{ name: string }>(
      `select attname as name from pg_attribute
       where attrelid = $1::oid and attnum > 0 and not attisdropped
         and has_column_privilege($2, attrelid, attnum, 'SELECT')`,
      [table.oid, role],
    )
    verdicts.columns.set(role, new Set(readable.rows.map((r) => r.name)))
  }

  for (const [key, identity] of identities) {
    await tx.query('savepoint realtime_rls')
    try {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
        [identity.role, JSON.stringify(identity.claims)],
      )
      const seen = await tx.query<{ ok: boolean }>(
        `select exists(select 1 from ${rel} where ctid = $1::tid) as ok`,
        [ctid],
      )
      verdicts.visible.set(key, seen.rows[0]?.ok === true)
    } catch {
      // No SELECT privilege at all (e.g. anon on form_submissions): not visible.
      verdicts.visible.set(key, false)
    }
    // Also undoes the role and claims: set_config(…, true) is scoped to the savepoint.
    await tx.query('rollback to savepoint realtime_rls')
  }
  return verdicts
}

function pick(
  row: Record<string, unknown> | null,
  names: (name: string) => boolean,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(row ?? {})) if (names(name)) picked[name] = value
  return picked
}

/** Builds the push's `data` for a role that may read `readable` columns. */
function payloadFor(change: Change, table: TableInfo, readable: Set<string>): ChangePayload {
  const pkNames = new Set(table.columns.filter((c) => c.pk).map((c) => c.name))
  // Without REPLICA IDENTITY FULL the old row carries only its key, as from the WAL.
  const oldColumn =
    table.replicaIdentity === 'f'
      ? (name: string) => readable.has(name)
      : table.replicaIdentity === 'n'
        ? () => false
        : (name: string) => readable.has(name) && pkNames.has(name)
  const data: ChangePayload = {
    schema: change.schema_name,
    table: change.table_name,
    commit_timestamp: new Date(change.committed_at).toISOString(),
    type: change.type,
    columns: table.columns
      .filter((c) => readable.has(c.name))
      .map((c) => ({ name: c.name, type: c.type })),
    errors: null,
  }
  if (change.type !== 'DELETE') data.record = pick(change.record, (name) => readable.has(name))
  if (change.type !== 'INSERT') data.old_record = pick(change.old_record, oldColumn)
  return data
}

/** Listens for captured changes and fans them out; one change at a time, in commit order. */
export class ChangeFeed {
  readonly #pg: PGlite
  readonly #subscribers: () => Iterable<ChangeSubscriber>
  readonly #log: (line: string) => void
  #queue: Promise<void> = Promise.resolve()
  #unlisten: (() => Promise<void>) | undefined
  #stopped = false

  constructor(
    pg: PGlite,
    subscribers: () => Iterable<ChangeSubscriber>,
    log: (line: string) => void,
  ) {
    this.#pg = pg
    this.#subscribers = subscribers
    this.#log = log
  }

  /** Installs the triggers for the publication's tables and starts listening. */
  async start(): Promise<void> {
    // Changes logged while no server was listening have no one to go to.
    await this.#pg.exec(`truncate realtime.local_changes; select realtime.local_sync_triggers();`)
    this.#unlisten = await this.#pg.listen(CHANGE_CHANNEL, (id) => {
      this.#queue = this.#queue
        .then(() => (this.#stopped ? undefined : this.#process(id)))
        .catch((error: unknown) => {
          if (!this.#stopped)
            this.#log(
              `realtime: a change could not be delivered: ${(error as Error).stack ?? error}`,
            )
        })
    })
  }

  /** Re-reads the publication: a table added with `alter publication` starts emitting. */
  async syncTriggers(): Promise<void> {
    await this.#pg.query('select realtime.local_sync_triggers()')
  }

  /** Stops listening and waits for the change being delivered. */
  async stop(): Promise<void> {
    this.#stopped = true
    await this.#unlisten?.()
    await this.#queue
  }

  async #process(id: string): Promise<void> {
    const taken = await this.#pg.query<Change>(
      `delete from realtime.local_changes where id = $1::bigint
       returning id::text, schema_name, table_name, type, record, old_record, committed_at`,
      [id],
    )
    const change = taken.rows[0]
    if (!change) return
    const targets: { subscriber: ChangeSubscriber; bindings: ChangeBinding[] }[] = []
    for (const subscriber of this.#subscribers()) {
      const bindings = subscriber.bindings.filter((b) => matches(b, change))
      if (bindings.length > 0) targets.push({ subscriber, bindings })
    }
    if (targets.length === 0) return

    const image = change.type === 'DELETE' ? change.old_record : change.record
    const identities = new Map<string, RequestIdentity>()
    const filters = new Map<string, ChangeFilter>()
    for (const { subscriber, bindings } of targets) {
      identities.set(identityKey(subscriber.identity), subscriber.identity)
      for (const b of bindings) if (b.filter && b.filterText) filters.set(b.filterText, b.filter)
    }
    let table: TableInfo | undefined
    let verdicts: Verdicts | undefined
    await this.#pg.transaction(async (tx) => {
      table = await tableInfo(tx, change.schema_name, change.table_name)
      if (table && image) verdicts = await judge(tx, table, change, image, identities, filters)
      await tx.rollback()
    })
    if (!table || !verdicts) return

    const payloads = new Map<string, ChangePayload>()
    const cache = new Map<string, string>()
    for (const { subscriber, bindings } of targets) {
      if (verdicts.visible.get(identityKey(subscriber.identity)) !== true) continue
      const ids = bindings
        .filter((b) => !b.filterText || verdicts?.filters.get(b.filterText) === true)
        .map((b) => b.id)
      if (ids.length === 0) continue
      const role = subscriber.identity.role
      let data = payloads.get(role)
      if (!data) {
        data = payloadFor(change, table, verdicts.columns.get(role) ?? new Set())
        payloads.set(role, data)
      }
      subscriber.deliver(data, ids, cache)
    }
  }
}
