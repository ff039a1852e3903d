-- Visitors may no longer list the photo bucket.
--
-- Until now anyone with the anon key could list every object in `photo-library` (an
-- anonymous `list('library')` returned the staff's uploads), so photos uploaded but never
-- published were one request away. Listing, and every other read through the API, is now
-- for staff only. Pages keep showing their photos: a public bucket's `/object/public/…`
-- addresses are served without these policies, and the library's objects are named by
-- their original's SHA-256, which nobody can guess without the file itself.
drop policy if exists "Anyone can see the photo library" on storage.objects;

create policy "Staff can see the photo library"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'photo-library' and (select public.is_admin()));
