-- The public photo library: anyone may read; only staff may upload, replace or delete.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'photo-library',
  'photo-library',
  true,
  10485760, -- 10 MiB: processed photos are far smaller; this stops accidental raw uploads.
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can see the photo library"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'photo-library');
create policy "Staff can add photos"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'photo-library' and (select public.is_admin()));
create policy "Staff can replace photos"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'photo-library' and (select public.is_admin()))
  with check (bucket_id = 'photo-library' and (select public.is_admin()));
create policy "Staff can remove photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'photo-library' and (select public.is_admin()));
