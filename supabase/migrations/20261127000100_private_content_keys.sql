-- Only what a public page shows is readable without a staff session.
--
-- Until now anyone with the public anon key could read every row of website_content,
-- which held the director's profile (email, phone), the internal reminders, the
-- notification settings and the whole photo library. No public page shows those. From
-- here on a visitor (anon) and a signed-in account that is not staff read only the keys
-- public pages render; staff (public.is_admin()) read every key.
--
-- The list is an allow-list: a key added later is private until it is named here, so a
-- new staff-only document can never leak by being forgotten. `public_content_keys.test.ts`
-- in packages/core checks that this list and the client's PUBLIC_CONTENT_KEYS agree.
--
-- Earlier migrations may already be applied to a hosted project, so this one replaces
-- the read policy in place rather than editing the migration that created it.

create function public.is_public_content_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key = any (array[
    -- read first by every page (the vital keys)
    'content', 'alerts', 'newsPosts', 'legacyStats',
    -- read a second later by every page
    'aboutContent', 'clinics', 'teams', 'alumni', 'programsContent', 'programCards',
    'fieldsContent', 'quickLinks', 'rulesAndFaqContent', 'staff'
  ])
$$;
comment on function public.is_public_content_key(text) is
  'True for the content keys public pages show. Every other key (adminProfile, adminReminders, adminSettings, photoLibrary, and any key added later) is readable by staff only.';
grant execute on function public.is_public_content_key(text) to anon, authenticated, service_role;

drop policy "Anyone can read site content" on public.website_content;

create policy "Anyone can read what public pages show"
  on public.website_content for select
  to anon, authenticated
  using (public.is_public_content_key(key));

create policy "Staff can read every document"
  on public.website_content for select
  to authenticated
  using ((select public.is_admin()));
