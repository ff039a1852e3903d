import type { Database } from '../db/database.ts'

/** A column of a table or view in schema public, as the REST service needs it. */
export type Column = {
  name: string
  /** `format_type` output, schema-qualified where needed (read with an empty search_path). */
  type: string
  /** The default expression from the catalog (never from a request); null when none. */
  default: string | null
  /** The identity sequence, for `missing=default` rows of an identity column. */
  sequence: string | null
  generated: boolean
}

/** A table, view, materialized view or foreign table in schema public. */
export type Relation = {
  name: string
  /** pg_class.relkind: r, p (tables), v, m (views), f (foreign). */
  kind: string
  columns: Map<string, Column>
  primaryKey: string[]
}

export type FunctionArg = { name: string; type: string }

/** A function in schema public callable through `/rpc`. */
export type DbFunction = {
  name: string
  /** Input arguments in order; `name` is '' for an unnamed one. */
  args: FunctionArg[]
  /** How many leading arguments have no default. */
  required: number
  returns: 'void' | 'scalar' | 'composite'
  setOf: boolean
}

export type RoleAccess = 'allowed' | 'forbidden' | 'missing'

type RawRelation = {
  name: string
  kind: string
  columns: Column[]
  pk: string[] | null
}

type RawFunction = {
  name: string
  nargs: number
  ndefaults: number
  argnames: string[] | null
  argmodes: string[] | null
  argtypes: string[]
  retset: boolean
  rettype: string
  rettyptype: string
}

const RELATIONS_SQL = `
select coalesce(json_agg(json_build_object(
  'name', c.relname,
  'kind', c.relkind,
  'columns', coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'default', case when a.attgenerated = '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
      'sequence', case when a.attidentity <> ''
        then pg_catalog.pg_get_serial_sequence(c.oid::regclass::text, a.attname) end,
      'generated', a.attgenerated <> ''
    ) order by a.attnum)
    from pg_catalog.pg_attribute a
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]'),
  'pk', (
    select json_agg(a.attname order by k.ord)
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey) with ordinality k(attnum, ord)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary
  )
)), '[]')::text as json
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`

const FUNCTIONS_SQL = `
select coalesce(json_agg(json_build_object(
  'name', p.proname,
  'nargs', p.pronargs,
  'ndefaults', p.pronargdefaults,
  'argnames', p.proargnames,
  'argmodes', p.proargmodes::text[],
  'argtypes', array(
    select pg_catalog.format_type(u.t, null) from unnest(p.proargtypes) with ordinality u(t, o) order by u.o
  ),
  'retset', p.proretset,
  'rettype', p.prorettype::regtype::text,
  'rettyptype', t.typtype
)), '[]')::text as json
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type t on t.oid = p.prorettype
where n.nspname = 'public' and p.prokind = 'f'
  and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)`

const ROLES_SQL = `
select coalesce(json_object_agg(r.rolname,
  not r.rolsuper and case
    when exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator')
      then pg_catalog.pg_has_role('authenticator', r.oid, 'member')
    else r.rolname in ('anon', 'authenticated', 'service_role')
  end), '{}')::text as json
from pg_catalog.pg_roles r`

function toFunction(raw: RawFunction): DbFunction {
  const args: FunctionArg[] = []
  const names = raw.argnames ?? []
  if (raw.argmodes === null) {
    for (let i = 0; i < raw.nargs; i++)
      args.push({ name: names[i] ?? '', type: raw.argtypes[i] ?? '' })
  } else {
    let input = 0
    raw.argmodes.forEach((mode, i) => {
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        args.push({ name: names[i] ?? '', type: raw.argtypes[input] ?? '' })
        input++
      }
    })
  }
  const hasOutColumns = (raw.argmodes ?? []).some(
    (mode) => mode === 'o' || mode === 'b' || mode === 't',
  )
  let returns: DbFunction['returns'] = 'scalar'
  if (raw.rettype === 'void') returns = 'void'
  // OUT and TABLE columns make rows with named fields even when there is only one.
  else if (raw.rettyptype === 'c' || hasOutColumns) returns = 'composite'
  return { name: raw.name, args, required: raw.nargs - raw.ndefaults, returns, setOf: raw.retset }
}

/**
 * What PostgREST calls the schema cache: tables, views, columns, primary keys and
 * functions of schema public, and which roles a token may name. Loaded on first use
 * and reloaded whenever a lookup misses, so migrations applied later are seen.
 * Never call it from inside a request transaction: it runs its own.
 */
export class SchemaCache {
  readonly #db: Database
  #relations = new Map<string, Relation>()
  #functions = new Map<string, DbFunction[]>()
  #roles = new Map<string, boolean>()
  #loaded = false
  #loading: Promise<void> | undefined

  constructor(db: Database) {
    this.#db = db
  }

  /** Reloads everything; concurrent callers share one reload. */
  refresh(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined
    })
    return this.#loading
  }

  async #load() {
    const [relations, functions, roles] = await this.#db.runAsAdmin(async (tx) => {
      // An empty search_path makes format_type and pg_get_expr qualify every name outside pg_catalog.
      await tx.query(`select pg_catalog.set_config('search_path', '', true)`)
      const read = async (sql: string) =>
        JSON.parse((await tx.query<{ json: string }>(sql)).rows[0]?.json ?? 'null') as unknown
      return [await read(RELATIONS_SQL), await read(FUNCTIONS_SQL), await read(ROLES_SQL)] as const
    })
    this.#relations = new Map(
      (relations as RawRelation[]).map((raw) => [
        raw.name,
        {
          name: raw.name,
          kind: raw.kind,
          columns: new Map(raw.columns.map((column) => [column.name, column])),
          primaryKey: raw.pk ?? [],
        },
      ]),
    )
    const byName = new Map<string, DbFunction[]>()
    for (const raw of functions as RawFunction[]) {
      const list = byName.get(raw.name) ?? []
      list.push(toFunction(raw))
      byName.set(raw.name, list)
    }
    this.#functions = byName
    this.#roles = new Map(Object.entries(roles as Record<string, boolean>))
    this.#loaded = true
  }

  async #lookup<T>(get: () => T | undefined): Promise<T | undefined> {
    if (!this.#loaded) await this.refresh()
    const found = get()
    if (found !== undefined) return found
    await this.refresh()
    return get()
  }

  relation(name: string): Promise<Relation | undefined> {
    return this.#lookup(() => this.#relations.get(name))
  }

  /**
   * The relation again, reloaded when it lacks any of `columns` (a migration may
   * have added them); returns the names still missing after that.
   */
  async withColumns(
    relation: Relation,
    columns: Iterable<string>,
  ): Promise<{ relation: Relation; missing: string[] }> {
    const wanted = [...columns]
    const missingIn = (rel: Relation) => wanted.filter((name) => !rel.columns.has(name))
    if (missingIn(relation).length === 0) return { relation, missing: [] }
    await this.refresh()
    const fresh = this.#relations.get(relation.name) ?? relation
    return { relation: fresh, missing: missingIn(fresh) }
  }

  functions(name: string): Promise<DbFunction[] | undefined> {
    return this.#lookup(() => this.#functions.get(name))
  }

  async role(name: string): Promise<RoleAccess> {
    const allowed = await this.#lookup(() => this.#roles.get(name))
    if (allowed === undefined) return 'missing'
    return allowed ? 'allowed' : 'forbidden'
  }

  /** Names of every table and view, for "Perhaps you meant" hints and the root listing. */
  async relationNames(): Promise<string[]> {
    if (!this.#loaded) await this.refresh()
    return [...this.#relations.keys()]
  }

  functionNames(): string[] {
    return [...this.#functions.keys()]
  }
}
