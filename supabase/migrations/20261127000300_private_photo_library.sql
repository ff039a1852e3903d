-- Photos not yet used on a page stay private.
--
-- Until now every upload went to the public `photo-library` bucket, whose objects anyone can
-- fetch at `/storage/v1/object/public/photo-library/<path>` (public downloads are not subject
-- to RLS), so a photo of a minor uploaded but never published was one request away from
-- anyone who knew or guessed its address.
--
-- From now on:
-- - every upload goes to `photo-library-private`, a private bucket: staff only, for every
--   operation; staff see its photos through signed URLs;
-- - `photo-library` stays public, and holds only copies of the photos a page uses, at the same
--   paths. Staff's clients copy a photo there when it is picked for a page and remove it when
--   no stored document uses it any more, following `public.photo_publication_plan()` below;
-- - nobody but staff may list either bucket (`20261126000400` already did so for the public one).
--
-- Addresses pages stored before keep working: they name the public bucket, which keeps its
-- files until the first plan run (a staff client, on sign-in) moves every photo no page uses
-- out of it (a copy into the private bucket, then removal). SQL cannot copy a file's bytes
-- on hosted Supabase (they live in object storage), so that step is the clients'.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'photo-library-private',
  'photo-library-private',
  false,
  10485760, -- 10 MiB, as the public bucket.
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
)
on conflict (id) do update
  set public = false,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Staff can see the private photo library"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'photo-library-private' and (select public.is_admin()));
create policy "Staff can add to the private photo library"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'photo-library-private' and (select public.is_admin()));
create policy "Staff can replace in the private photo library"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'photo-library-private' and (select public.is_admin()))
  with check (bucket_id = 'photo-library-private' and (select public.is_admin()));
create policy "Staff can remove from the private photo library"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'photo-library-private' and (select public.is_admin()));

-- What "used" means: a library object (`library/ab/<sha256>….<ext>`, its thumbnail and
-- variants share the hash) is used when the hash appears anywhere in a stored content
-- document (a page's image address, an <img> inside stored HTML…), the retired
-- `photoLibrary` document aside. Stored documents decide, not drafts: a draft that names a
-- photo was published when the photo was picked, and its save keeps it so.
--
-- The rows returned are the library objects whose publication is not as it should be:
-- - in_library false: in the public bucket only (uploaded before this migration): copy it
--   into the private bucket first;
-- - used and not published: copy it into the public bucket;
-- - published and not used: remove it from the public bucket.
-- Staff only: anyone else gets no rows (the buckets' and documents' policies apply too).
create function public.photo_publication_plan()
returns table (object_name text, in_library boolean, published boolean, used boolean)
language sql
stable
set search_path = ''
as $$
  with staff as (
    select (select public.is_admin()) as ok
  ),
  used_hashes as (
    select distinct found.hash[1] as sha256
    from public.website_content content
    cross join lateral regexp_matches(content.value::text, '([0-9a-f]{64})', 'g') as found(hash)
    where content.key <> 'photoLibrary' and (select ok from staff)
  ),
  published as (
    select o.name,
           exists (
             select 1 from storage.objects l
             where l.bucket_id = 'photo-library-private' and l.name = o.name
           ) as in_library,
           substring(o.name from '([0-9a-f]{64})') in (select sha256 from used_hashes) as used
    from storage.objects o
    where o.bucket_id = 'photo-library' and o.name like 'library/%' and (select ok from staff)
  ),
  to_publish as (
    select l.name
    from used_hashes h
    join storage.objects l
      on l.bucket_id = 'photo-library-private'
     and l.name like 'library/' || left(h.sha256, 2) || '/' || h.sha256 || '%'
    where not exists (
      select 1 from storage.objects o where o.bucket_id = 'photo-library' and o.name = l.name
    )
  )
  select p.name, p.in_library, true, p.used
  from published p
  where not p.in_library or not p.used
  union all
  select t.name, true, false, true
  from to_publish t
  order by 1
$$;
revoke execute on function public.photo_publication_plan() from public, anon;
grant execute on function public.photo_publication_plan() to authenticated;

comment on function public.photo_publication_plan() is
  'Library photos whose copy in the public photo-library bucket is missing (used by a page) or left over (used by none). Staff only.';
