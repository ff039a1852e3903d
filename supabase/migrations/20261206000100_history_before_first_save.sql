-- History starts before the first save.
--
-- Until now the first save of a key became its first revision, and what the site showed before
-- it (the built-in content, or what a migration stored without a revision) was in no version,
-- so the first save could not be undone. Now:
--
-- - a save of a key not stored yet may name what the editor showed before it, in the
--   write-only column `value_before`; when the key has no revisions yet, that document is kept
--   as a revision of its own just below the first save's, marked `before_first_save`;
-- - an update of a row whose stored version has no revision (stored by a migration or with
--   the triggers off) first keeps that stored version, marked the same way.
--
-- Earlier migrations may already be applied to a hosted project, so this one changes them in
-- place (add column, create or replace) rather than editing them. Revisions stay readable by
-- staff only (the table's row-level security is unchanged), and only the triggers write them.

alter table public.website_content add column value_before jsonb;
comment on column public.website_content.value_before is
  'Write-only. On the first save of a key, what the editor showed before it (the built-in content): kept as the revision "as it was before the first save", then cleared, so it is always null when read back.';

alter table public.content_revisions
  add column before_first_save boolean not null default false;
comment on column public.content_revisions.before_first_save is
  'True for the revision that keeps a key as it was before its first save (not a save itself). Staff-only, like the table.';

-- security definer: the next version continues after the key's highest revision, and only
-- staff may read or (through this trigger) write revisions. Not callable through the API.
create or replace function public.website_content_check_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  last_revision integer;
  before_value jsonb := new.value_before;
begin
  new.value_before := null;
  if tg_op = 'INSERT' then
    -- An upsert fires this before Postgres finds the conflict. When the key exists the
    -- row goes on to the update branch, which checks the version; leave it untouched
    -- here, because ON CONFLICT DO UPDATE reads EXCLUDED after this trigger.
    if exists (select 1 from public.website_content where key = new.key) then
      new.value_before := before_value;
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
    -- What the site showed before the first save, kept just below it (0 for a new key). The
    -- same size limit as a stored document; a larger one is not kept.
    if before_value is not null
       and not exists (select 1 from public.content_revisions where key = new.key)
       and octet_length(before_value::text) <= 1048576 then
      insert into public.content_revisions
        (key, value, version, saved_by, saved_by_email, saved_at, before_first_save)
      values (new.key, before_value, coalesce(last_revision, -1) + 1, null, null, now(), true);
      last_revision := coalesce(last_revision, -1) + 1;
    end if;
    new.version := coalesce(last_revision, 0) + 1;
  else
    if new.base_version is null or new.base_version <> old.version then
      raise exception 'Content conflict on "%": stored version is %, this save started from %',
          new.key, old.version, coalesce(new.base_version::text, 'no version')
        using errcode = 'PT409',
              detail = json_build_object('key', new.key, 'current_version', old.version, 'base_version', new.base_version)::text,
              hint = 'Reload the content, or save again naming the current version to overwrite.';
    end if;
    -- The stored version was never kept (a migration stored it): keep it before it is replaced.
    if not exists (
      select 1 from public.content_revisions where key = old.key and version = old.version
    ) then
      insert into public.content_revisions
        (key, value, version, saved_by, saved_by_email, saved_at, before_first_save)
      values (
        old.key, old.value, old.version, old.updated_by,
        (select u.email from auth.users u where u.id = old.updated_by),
        old.updated_at,
        true
      );
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
