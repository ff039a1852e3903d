-- Photos no page uses stop being fetchable with nobody signed in.
--
-- Until now the public copy of a photo that no stored document uses any more was removed only
-- by a staff session (`photo_publication_plan()`, 20261127000300): with no staff browser open,
-- a photo taken off a page stayed at its public address for anyone who had kept it.
--
-- SQL cannot remove a stored file on hosted Supabase (the bytes live in object storage, and
-- deleting `storage.objects` rows directly is refused), and a public bucket's downloads are not
-- subject to row-level security, so no read policy can hide a file that is still stored. The
-- file has to be removed through the Storage API. Who may do that is decided here, in the
-- database: anyone (the anon key included) may remove from the public `photo-library` bucket
-- a copy that
--   - is a library photo (`library/ab/<sha256>…`),
--   - no stored content document names (by its SHA-256, as photo_publication_plan decides),
--   - is also in the private library (so the photo itself is never lost: older public-only
--     uploads wait for a staff session to move them, as before),
--   - has been public for RETIRE_AFTER (10 minutes), so that a photo picked for a page is not
--     taken down between the pick and the save that places it.
-- `public.retirable_public_photos()` names them (anyone may ask; it answers only names of
-- public copies about to go). The job that asks and removes runs, with the anon key and so
-- nothing secret, in the production server (apps/web start, every 5 minutes) and the local
-- dev server, and on a hosted project with pg_cron and pg_net as docs/deploying.md shows.

-- Whether the public copy `object_name`, last written at `written`, may be removed.
create function public.photo_copy_retirable(object_name text, written timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    object_name ~ '^library/[0-9a-f]{2}/[0-9a-f]{64}'
    and written < now() - interval '10 minutes'
    and exists (
      select 1 from storage.objects l
      where l.bucket_id = 'photo-library-private' and l.name = object_name
    )
    and not exists (
      select 1 from public.website_content c
      where c.key <> 'photoLibrary'
        and strpos(c.value::text, substring(object_name from '[0-9a-f]{64}')) > 0
    ),
    false)
$$;
revoke execute on function public.photo_copy_retirable(text, timestamptz) from public;
-- Called by the policies below as the caller's role.
grant execute on function public.photo_copy_retirable(text, timestamptz)
  to anon, authenticated, service_role;

-- The public copies anyone may remove now, at most 1,000 at a time (the job comes back).
create function public.retirable_public_photos()
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'photo-library'
    and public.photo_copy_retirable(o.name, greatest(o.created_at, o.updated_at))
  order by o.name
  limit 1000
$$;
revoke execute on function public.retirable_public_photos() from public;
grant execute on function public.retirable_public_photos() to anon, authenticated, service_role;
comment on function public.retirable_public_photos() is
  'Public copies of library photos that no stored document uses (public for over 10 minutes, kept in the private library): anyone may remove them through the Storage API.';

-- Storage removes a file only when the caller may both see and delete its row.
create policy "Anyone may see a public photo copy no page uses"
  on storage.objects for select
  to anon, authenticated
  using (
    bucket_id = 'photo-library'
    and public.photo_copy_retirable(name, greatest(created_at, updated_at))
  );
create policy "Anyone may remove a public photo copy no page uses"
  on storage.objects for delete
  to anon, authenticated
  using (
    bucket_id = 'photo-library'
    and public.photo_copy_retirable(name, greatest(created_at, updated_at))
  );
