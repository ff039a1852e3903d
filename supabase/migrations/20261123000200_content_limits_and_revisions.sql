-- Limits on a stored document, and revision numbers that never repeat for a key.
--
-- Earlier migrations may already be applied to a hosted project, so this one changes
-- them in place (create or replace, new triggers) rather than editing them.

-- Revision numbers ---------------------------------------------------------------
-- Until now a key that was deleted and created again started at version 1 once more,
-- so content_revisions could hold two different "v1" rows for one key. Renumber such
-- rows first: each later run of versions continues after the highest one before it
-- (revisions are ordered by id, which only grows), so (key, version) becomes unique.
do $$
begin
  if not exists (
    select 1 from public.content_revisions group by key, version having count(*) > 1
  ) then
    return;
  end if;

  with ordered as (
    select id, key, version,
           -- A run starts where the version does not go up: the key was created again.
           case when version <= lag(version) over (partition by key order by id) then 1 else 0 end as restarts
    from public.content_revisions
  ),
  runs as (
    select id, key, version, sum(restarts) over (partition by key order by id) as run
    from ordered
  ),
  run_tops as (
    select key, run, max(version) as top from runs group by key, run
  ),
  shifts as (
    select key, run,
           coalesce(sum(top) over (partition by key order by run
                                   rows between unbounded preceding and 1 preceding), 0) as shift
    from run_tops
  )
  update public.content_revisions r
     set version = r.version + s.shift
    from runs
    join shifts s using (key, run)
   where r.id = runs.id and s.shift > 0;

  -- The stored row is the newest revision of its key; give it that revision's number.
  -- The triggers would treat this as a save (check the base version, add a revision).
  alter table public.website_content disable trigger website_content_check_version;
  alter table public.website_content disable trigger website_content_keep_revision;
  update public.website_content c
     set version = r.top
    from (select key, max(version) as top from public.content_revisions group by key) r
   where r.key = c.key and r.top > c.version;
  alter table public.website_content enable trigger website_content_check_version;
  alter table public.website_content enable trigger website_content_keep_revision;
end
$$;

alter table public.content_revisions
  add constraint content_revisions_key_version_key unique (key, version);
-- The unique constraint's index serves the same lookups.
drop index if exists public.content_revisions_key_version_idx;

-- security definer: the next version continues after the key's highest revision, and
-- only staff may read revisions, so the lookup must not depend on the caller's view.
-- It never returns rows to anyone; it is a trigger function, not callable through the API.
create or replace function public.website_content_check_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  last_revision integer;
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
    -- A key created again continues after its old revisions instead of repeating them.
    select max(version) into last_revision from public.content_revisions where key = new.key;
    new.version := coalesce(last_revision, 0) + 1;
  else
    if new.base_version is null or new.base_version <> old.version then
      raise exception 'Content conflict on "%": stored version is %, this save started from %',
          new.key, old.version, coalesce(new.base_version::text, 'no version')
        using errcode = 'PT409',
              detail = json_build_object('key', new.key, 'current_version', old.version, 'base_version', new.base_version)::text,
              hint = 'Reload the content, or save again naming the current version to overwrite.';
    end if;
    select max(version) into last_revision from public.content_revisions where key = new.key;
    new.version := greatest(old.version, coalesce(last_revision, 0)) + 1;
  end if;
  new.base_version := null;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end
$$;
revoke execute on function public.website_content_check_version() from public;

-- Document limits ----------------------------------------------------------------
-- A document is read whole by every visitor, so it must stay small: at most 1 MiB of
-- JSON text (Postgres's text form of the jsonb, which puts a space after each ':' and
-- ','), and no list anywhere in it longer than 2,000 items. A refused save answers
-- SQLSTATE PT413, which PostgREST turns into HTTP 413; `detail` is JSON for the apps.
create function public.website_content_check_limits()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  max_bytes constant integer := 1048576;
  max_items constant integer := 2000;
  bytes integer;
  long_list record;
begin
  bytes := octet_length(new.value::text);
  if bytes > max_bytes then
    raise exception 'Content "%" is too large: % bytes (the limit is %).', new.key, bytes, max_bytes
      using errcode = 'PT413',
            detail = json_build_object('key', new.key, 'bytes', bytes, 'limit', max_bytes)::text,
            hint = 'Remove some of its items, or move large text and pictures elsewhere.';
  end if;

  -- One pass in C over every value; the path is only worked out for a refusal.
  if jsonb_path_exists(
       new.value,
       'strict $.** ? (@.type() == "array" && @.size() > $max)',
       jsonb_build_object('max', max_items)
     ) then
    with recursive node (path, value, depth) as (
      select '$'::text, new.value, 0
      union all
      select child.path, child.value, node.depth + 1
      from node
      cross join lateral (
        select node.path || case
                 when member.key ~ '^[A-Za-z_][A-Za-z0-9_]*$' then '.' || member.key
                 else '.' || to_json(member.key)::text
               end as path,
               member.value
        from jsonb_each(case when jsonb_typeof(node.value) = 'object' then node.value end) as member
        union all
        select node.path || '[' || (item.position - 1) || ']', item.value
        from jsonb_array_elements(case when jsonb_typeof(node.value) = 'array' then node.value end)
             with ordinality as item (value, position)
      ) as child
      where jsonb_typeof(child.value) in ('object', 'array')
    )
    select path, items into long_list
    from (
      -- case: Postgres may evaluate jsonb_array_length before the type test in a WHERE.
      select path, depth,
             case when jsonb_typeof(value) = 'array' then jsonb_array_length(value) end as items
      from node
    ) as lists
    where items > max_items
    order by depth, path collate "C"
    limit 1;

    raise exception 'Content "%" has a list of % items at % (the limit is %).',
        new.key, long_list.items, long_list.path, max_items
      using errcode = 'PT413',
            detail = json_build_object('key', new.key, 'items', long_list.items,
                                       'path', long_list.path, 'limit', max_items)::text,
            hint = 'Remove some of the items, or split the list.';
  end if;
  return new;
end
$$;
revoke execute on function public.website_content_check_limits() from public;

-- Named to sort before website_content_check_version, so an oversize save is refused
-- before any version bookkeeping (Postgres fires same-event triggers by name).
create trigger website_content_check_limits
  before insert or update of value on public.website_content
  for each row execute function public.website_content_check_limits();
