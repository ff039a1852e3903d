-- What a hosted project's Realtime service provides in the database, created here
-- before the migrations run (so that they may put policies on realtime.messages),
-- plus the local server's own change capture. Idempotent: it runs at every start,
-- also on a persistent folder created before Realtime existed.
--
-- Hosted Supabase reads changes from the WAL through the `supabase_realtime`
-- publication. PGlite has no logical replication, so the local server puts a row
-- trigger on each table of that publication (realtime.local_sync_triggers) that logs
-- the change and sends its id with NOTIFY, which arrives only once the writer commits.
-- None of this is a migration: hosted projects must not get these triggers.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Private channels are authorised by RLS policies on this table, as on hosted
-- Supabase: a join inserts and selects probe rows as the caller and rolls back.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on table realtime.messages to anon, authenticated;
grant all on table realtime.messages to service_role;

-- The channel's topic while its authorisation runs (hosted Supabase sets the same setting).
create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

-- Local only: one row per captured change, removed once it has been delivered.
-- NOTIFY payloads are capped at 8000 bytes, so only the id travels in the notification.
create table if not exists realtime.local_changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
revoke all on table realtime.local_changes from public;

-- security definer: the writer (any API role) has no rights on the change log.
create or replace function realtime.local_capture_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
begin
  insert into realtime.local_changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('realtime_local_changes', change_id::text);
  return null;
end
$$;
revoke execute on function realtime.local_capture_change() from public;

-- Puts the capture trigger on every table of the supabase_realtime publication and
-- removes it from tables that left it. Run at start and before each join that asks
-- for Postgres changes, so `alter publication` takes effect without a restart.
create or replace function realtime.local_sync_triggers()
returns void
language plpgsql
set search_path = ''
as $$
declare
  target record;
begin
  for target in
    select format('%I.%I', p.schemaname, p.tablename) as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_class c on c.relname = p.tablename
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
    where p.pubname = 'supabase_realtime'
      and c.relkind = 'r'
      and not exists (
        select 1 from pg_catalog.pg_trigger t
        where t.tgrelid = c.oid and t.tgname = 'realtime_local_capture'
      )
  loop
    execute format(
      'create trigger realtime_local_capture after insert or update or delete on %s '
      'for each row execute function realtime.local_capture_change()',
      target.rel
    );
  end loop;
  for target in
    select t.tgrelid::regclass::text as rel
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'realtime_local_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime'
          and p.schemaname = n.nspname
          and p.tablename = c.relname
      )
  loop
    execute format('drop trigger realtime_local_capture on %s', target.rel);
  end loop;
end
$$;
revoke execute on function realtime.local_sync_triggers() from public;
