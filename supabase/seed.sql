-- Local development only (`supabase db reset`, and the embedded local server).
-- Never pushed to a hosted project: add real staff there with `pnpm staff:add EMAIL`.
--
-- The seeded staff login:  staff@club.local / club-staff-2026
-- A second, ordinary account (signed up, not staff): parent@club.local / club-parent-2026
--
-- Their passwords are hashed at bcrypt's least cost (4), not Auth's 10: they are printed above
-- and in the README, so a costlier hash protects nothing, and a sign-in verifies at the cost of
-- the hash it checks, which the test suites pay hundreds of times a run (10 costs about 64
-- times as much CPU per sign-in).

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
  ('00000000-0000-4000-8000-000000000001', '00000000-0000-0000-0000-000000000000', 'authenticated',
   'authenticated', 'staff@club.local', extensions.crypt('club-staff-2026', extensions.gen_salt('bf', 4)),
   now(), '{"provider":"email","providers":["email"]}', '{"display_name":"Club Director"}', now(), now()),
  ('00000000-0000-4000-8000-000000000002', '00000000-0000-0000-0000-000000000000', 'authenticated',
   'authenticated', 'parent@club.local', extensions.crypt('club-parent-2026', extensions.gen_salt('bf', 4)),
   now(), '{"provider":"email","providers":["email"]}', '{"display_name":"A Parent"}', now(), now())
on conflict (id) do nothing;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id::text, u.id,
       json_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true)::jsonb,
       'email', now(), now(), now()
from auth.users u
where u.id in ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002')
on conflict (provider_id, provider) do nothing;

-- The seeded staff login is a director (issue 34): Staff and Settings included.
insert into public.admin_users (user_id, role)
values ('00000000-0000-4000-8000-000000000001', 'director')
on conflict (user_id) do nothing;

-- The photo library's built-in sample photos (the illustrations under /images that ship with
-- the site), so a fresh local library and the editors' pickers have something to show.
insert into public.photo_albums (id, title)
values ('fields', 'Our Fields'), ('game-day', 'Game Day')
on conflict (id) do nothing;

insert into public.photos (id, src, file_name, alt, album_id, caption, width, height, dominant_color, uploaded_at)
values
  ('field-1', '/images/fields/field-1.svg', 'field-1.svg', 'Illustration of a club baseball field, view 1', 'fields', null, 1200, 675, '#3f7d3a', '2026-01-01T00:00:00Z'),
  ('field-2', '/images/fields/field-2.svg', 'field-2.svg', 'Illustration of a club baseball field, view 2', 'fields', null, 1200, 675, '#3f7d3a', '2026-01-01T00:00:00Z'),
  ('field-3', '/images/fields/field-3.svg', 'field-3.svg', 'Illustration of a club baseball field, view 3', 'fields', null, 1200, 675, '#3f7d3a', '2026-01-01T00:00:00Z'),
  ('field-4', '/images/fields/field-4.svg', 'field-4.svg', 'Illustration of a club baseball field, view 4', 'fields', null, 1200, 675, '#3f7d3a', '2026-01-01T00:00:00Z'),
  ('tryouts', '/images/news/tryouts.svg', 'tryouts.svg', 'Players waiting their turn at a tryout, gloves in hand', 'game-day', 'Tryout day', 1200, 675, '#1e3a8a', '2026-01-01T00:00:00Z'),
  ('registration', '/images/news/registration.svg', 'registration.svg', 'A clipboard, glove and ball on a bench', 'game-day', null, 1200, 675, '#b91c1c', '2026-01-01T00:00:00Z')
on conflict do nothing;
