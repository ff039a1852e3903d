-- Who saved each revision, by email, for the history that staff read.
--
-- content_revisions names the saver by user id only, and the email lives in auth.users,
-- which the API never exposes. The trigger that keeps each revision now copies the
-- saver's email too, as it was at the time of the save. The column inherits the table's
-- row-level security: only staff (public.is_admin()) can read revisions, so no email is
-- ever visible to visitors or to signed-in users who are not staff.
--
-- Earlier migrations may already be applied to a hosted project, so this one changes
-- them in place (add column, create or replace) rather than editing them.

alter table public.content_revisions add column saved_by_email text;
comment on column public.content_revisions.saved_by_email is
  'The saver''s email when the revision was kept (null for saves made without a user, e.g. the service role). Staff-only, like the table.';

-- Revisions kept before this migration: the saver's current email, where the account still exists.
update public.content_revisions r
   set saved_by_email = u.email
  from auth.users u
 where u.id = r.saved_by
   and r.saved_by_email is null;

-- security definer: the caller has no insert right on revisions and no read right on
-- auth.users; only this trigger writes revisions.
create or replace function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.content_revisions (key, value, version, saved_by, saved_by_email, saved_at)
  values (
    new.key,
    new.value,
    new.version,
    new.updated_by,
    (select u.email from auth.users u where u.id = new.updated_by),
    new.updated_at
  );
  return null;
end
$$;
revoke execute on function public.website_content_keep_revision() from public;

-- The admin home lists the last saves across all keys, newest first.
create index content_revisions_saved_at_idx on public.content_revisions (saved_at desc, id desc);
