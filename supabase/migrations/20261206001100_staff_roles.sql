-- Two staff roles, enforced here (issue 34 §2).
--
-- Director: everything, including the staff list and Settings. Editor: the site's content,
-- rosters, alerts, field status, news and photos; not the staff list, not Settings (the
-- `adminSettings` and `adminProfile` documents) and not the reminders (`adminReminders`, the
-- director's own notes). The admin only hides what these policies already refuse.
--
-- Everyone on the staff list before this migration becomes a director, so nobody loses rights
-- on upgrade; a row added without a role (the seed, `pnpm staff:add`) is a director too. Only
-- directors and the service role can add rows, and invitations name their role.
--
-- Earlier migrations may already be applied to a hosted project, so this one replaces their
-- policies in place.

alter table public.admin_users
  add column role text not null default 'director'
    constraint admin_users_role check (role in ('director', 'editor'));
comment on column public.admin_users.role is
  'director (everything, including Staff and Settings) or editor (content, rosters, alerts, field status, news and photos). The last director cannot be removed or demoted.';
comment on table public.admin_users is
  'The staff list, with each member''s role. Directors manage it (the Staff screen, the staff-invite Edge Function); `pnpm staff:add EMAIL` (service role) adds a director.';

-- security definer: it reads admin_users regardless of the caller's own RLS view of it.
create function public.is_director()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users
     where user_id = (select auth.uid()) and role = 'director'
  )
$$;
comment on function public.is_director() is 'True when the caller (auth.uid()) is a director on the staff list.';
revoke execute on function public.is_director() from public;
grant execute on function public.is_director() to anon, authenticated, service_role;

-- The caller's role, for the admin to hide what the database would refuse: 'director',
-- 'editor', or null for anyone not on the staff list.
create function public.staff_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select role from public.admin_users where user_id = (select auth.uid())
$$;
comment on function public.staff_role() is 'The caller''s staff role (director | editor), or null when the caller is not staff.';
revoke execute on function public.staff_role() from public;
grant execute on function public.staff_role() to anon, authenticated, service_role;

-- The documents only directors change: the notification settings, the director's profile and
-- the reminders. The reminders are the only one editors cannot read either.
create function public.is_director_content_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key = any (array['adminSettings', 'adminProfile', 'adminReminders'])
$$;
comment on function public.is_director_content_key(text) is
  'True for the documents only directors may write (adminSettings, adminProfile, adminReminders).';
grant execute on function public.is_director_content_key(text) to anon, authenticated, service_role;

-- Content: staff write, but the directors' documents only a director -----------------------
drop policy "Staff can add content" on public.website_content;
drop policy "Staff can change content" on public.website_content;
drop policy "Staff can remove content" on public.website_content;
drop policy "Staff can read every document" on public.website_content;

create policy "Staff can add content, directors every document"
  on public.website_content for insert
  to authenticated
  with check (
    (select public.is_admin())
    and (not public.is_director_content_key(key) or (select public.is_director()))
  );
create policy "Staff can change content, directors every document"
  on public.website_content for update
  to authenticated
  using (
    (select public.is_admin())
    and (not public.is_director_content_key(key) or (select public.is_director()))
  )
  with check (
    (select public.is_admin())
    and (not public.is_director_content_key(key) or (select public.is_director()))
  );
create policy "Staff can remove content, directors every document"
  on public.website_content for delete
  to authenticated
  using (
    (select public.is_admin())
    and (not public.is_director_content_key(key) or (select public.is_director()))
  );
create policy "Staff can read every document but the directors' reminders"
  on public.website_content for select
  to authenticated
  using ((select public.is_admin()) and (key <> 'adminReminders' or (select public.is_director())));

drop policy "Staff can read revisions" on public.content_revisions;
create policy "Staff can read revisions but the directors' reminders"
  on public.content_revisions for select
  to authenticated
  using ((select public.is_admin()) and (key <> 'adminReminders' or (select public.is_director())));

-- The staff list: directors read and write it; everyone reads their own row ----------------
revoke all on table public.admin_users from anon, authenticated;
grant select, delete on table public.admin_users to authenticated;
grant insert (user_id, role) on table public.admin_users to authenticated;
grant update (role) on table public.admin_users to authenticated;
grant all on table public.admin_users to service_role;

drop policy "Staff see the staff list; a user sees their own row" on public.admin_users;
create policy "Directors see the staff list; a user sees their own row"
  on public.admin_users for select
  to authenticated
  using ((select public.is_director()) or user_id = (select auth.uid()));
create policy "Directors add staff"
  on public.admin_users for insert
  to authenticated
  with check ((select public.is_director()));
create policy "Directors change roles"
  on public.admin_users for update
  to authenticated
  using ((select public.is_director()))
  with check ((select public.is_director()));
create policy "Directors remove staff"
  on public.admin_users for delete
  to authenticated
  using ((select public.is_director()));

-- The last director stays: removing or demoting them is refused, whoever asks (the service
-- role and an account's deletion included). SQLSTATE PT409 is HTTP 409.
create function public.admin_users_keep_a_director()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'director' or (tg_op = 'UPDATE' and new.role = 'director') then
    return coalesce(new, old);
  end if;
  -- Two directors demoting each other at once must not both succeed.
  perform pg_advisory_xact_lock(hashtext('public.admin_users directors'));
  if not exists (
    select 1 from public.admin_users where role = 'director' and user_id <> old.user_id
  ) then
    raise exception 'The last director cannot be removed or made an editor: make someone else a director first.'
      using errcode = 'PT409',
            hint = 'Make another staff member a director first.';
  end if;
  return coalesce(new, old);
end
$$;
revoke execute on function public.admin_users_keep_a_director() from public, anon, authenticated;

create trigger admin_users_keep_a_director
  before update of role or delete on public.admin_users
  for each row execute function public.admin_users_keep_a_director();

-- The Staff screen's list: who is staff, their role, last sign-in and two-factor status, from
-- auth.users and auth.mfa_factors, which the API never exposes. Directors only.
create function public.staff_members()
returns table (
  user_id uuid,
  email text,
  role text,
  added_at timestamptz,
  last_sign_in_at timestamptz,
  two_factor boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_director()) then
    raise exception 'Only directors can see the staff list.' using errcode = '42501';
  end if;
  return query
    select a.user_id, u.email::text, a.role, a.created_at, u.last_sign_in_at,
           exists (
             select 1 from auth.mfa_factors f
              where f.user_id = a.user_id and f.status = 'verified'
           )
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     order by lower(u.email);
end
$$;
comment on function public.staff_members() is
  'The staff list with email, role, last sign-in and whether a verified second factor exists. Directors only.';
revoke execute on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated, service_role;
