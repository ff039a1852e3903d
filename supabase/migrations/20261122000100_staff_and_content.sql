-- Staff allow-list, site content with optimistic versioning, and the revision history.
--
-- Security lives here, not in the apps: anyone may read the site's content, only
-- staff (rows of public.admin_users) may change it, and signing up grants nothing.

-- Staff ------------------------------------------------------------------------
create table public.admin_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.admin_users is
  'Staff allow-list. Rows are added with `pnpm staff:add EMAIL` (service role) or by seed.sql locally; no API role may write it.';

alter table public.admin_users enable row level security;

-- security definer: it reads admin_users regardless of the caller's own RLS view of it.
create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users where user_id = (select auth.uid())
  )
$$;
comment on function public.is_admin() is 'True when the caller (auth.uid()) is on the staff allow-list.';
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create policy "Staff see the staff list; a user sees their own row"
  on public.admin_users for select
  to authenticated
  using ((select public.is_admin()) or user_id = (select auth.uid()));
-- No insert, update or delete policy: only the service role (which bypasses RLS) manages staff.

-- Content ----------------------------------------------------------------------
create table public.website_content (
  key text primary key check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  -- Increases by one with every stored save; 1 after the first.
  version integer not null default 0,
  -- Write-only: the version a save started from. Checked and cleared by the trigger
  -- below, so it is always null when read back.
  base_version integer
);
comment on column public.website_content.base_version is
  'Write-only. Every update must name the version it started from (0 for a key not yet stored); a stale one is refused with SQLSTATE PT409 (HTTP 409).';

alter table public.website_content enable row level security;

create policy "Anyone can read site content"
  on public.website_content for select
  to anon, authenticated
  using (true);
create policy "Staff can add content"
  on public.website_content for insert
  to authenticated
  with check ((select public.is_admin()));
create policy "Staff can change content"
  on public.website_content for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Staff can remove content"
  on public.website_content for delete
  to authenticated
  using ((select public.is_admin()));

-- Two editors cannot silently overwrite each other: a save that names a version the
-- row has moved past is refused. PostgREST turns SQLSTATE PT409 into HTTP 409.
create function public.website_content_check_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- An upsert fires this before Postgres finds the conflict. When the key exists the
    -- row goes on to the update branch, which checks the version; leave it untouched
    -- here, because ON CONFLICT DO UPDATE reads EXCLUDED after this trigger.
    if exists (select 1 from public.website_content where key = new.key) then
      return new;
    end if;
    if coalesce(new.base_version, 0) <> 0 then
      raise exception 'Content conflict on "%": it was removed since version %', new.key, new.base_version
        using errcode = 'PT409',
              detail = json_build_object('key', new.key, 'current_version', 0, 'base_version', new.base_version)::text,
              hint = 'Reload the content, or save again naming version 0 to overwrite.';
    end if;
    new.version := 1;
  else
    if new.base_version is null or new.base_version <> old.version then
      raise exception 'Content conflict on "%": stored version is %, this save started from %',
          new.key, old.version, coalesce(new.base_version::text, 'no version')
        using errcode = 'PT409',
              detail = json_build_object('key', new.key, 'current_version', old.version, 'base_version', new.base_version)::text,
              hint = 'Reload the content, or save again naming the current version to overwrite.';
    end if;
    new.version := old.version + 1;
  end if;
  new.base_version := null;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end
$$;

create trigger website_content_check_version
  before insert or update on public.website_content
  for each row execute function public.website_content_check_version();

-- Revisions: every stored version is kept ---------------------------------------
create table public.content_revisions (
  id bigint generated always as identity primary key,
  key text not null,
  value jsonb not null,
  version integer not null,
  saved_by uuid references auth.users (id) on delete set null,
  saved_at timestamptz not null default now()
);
create index content_revisions_key_version_idx on public.content_revisions (key, version desc);
comment on table public.content_revisions is 'Every saved version of every website_content row. Readable by staff only; written only by the trigger.';

alter table public.content_revisions enable row level security;
create policy "Staff can read revisions"
  on public.content_revisions for select
  to authenticated
  using ((select public.is_admin()));

-- security definer: the caller has no insert right on revisions; only this trigger writes them.
create function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.content_revisions (key, value, version, saved_by, saved_at)
  values (new.key, new.value, new.version, new.updated_by, new.updated_at);
  return null;
end
$$;
revoke execute on function public.website_content_keep_revision() from public;

create trigger website_content_keep_revision
  after insert or update on public.website_content
  for each row execute function public.website_content_keep_revision();
