-- "Require two-factor for staff" (issue 34 §3).
--
-- One club setting, in its own one-row table so that policies can read it: while it is on, a
-- staff session that has not passed a second factor (`auth.jwt() ->> 'aal'` is not 'aal2') is
-- not staff to the database. is_admin() and is_director() answer false for it, so every policy
-- and function built on them refuses its writes (and its reads of what only staff read);
-- staff_role() still answers, so the admin can send the member to set up two-factor first.
--
-- Only a director who has passed a second factor changes the setting, so nobody turns it on
-- without being able to keep working. Recovery: a director resets another member's factors
-- (the staff-invite Edge Function, with the service role); the last director's way back is
-- `pnpm staff:add --reset-mfa EMAIL` with the service key.

create table public.staff_security (
  id boolean primary key default true constraint staff_security_one_row check (id),
  two_factor_required boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.staff_security is
  'The club''s staff sign-in rules (one row): two_factor_required makes aal1 staff sessions non-staff to the database.';
insert into public.staff_security (id) values (true);

alter table public.staff_security enable row level security;
revoke all on table public.staff_security from anon, authenticated;
grant select on table public.staff_security to authenticated;
grant update (two_factor_required) on table public.staff_security to authenticated;
grant all on table public.staff_security to service_role;

-- security definer: policies read the setting whatever the caller may see.
create function public.two_factor_required()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select two_factor_required from public.staff_security where id), false)
$$;
comment on function public.two_factor_required() is
  'True while the club requires staff to pass a second factor (aal2) before the database lets them work.';
revoke execute on function public.two_factor_required() from public;
grant execute on function public.two_factor_required() to anon, authenticated, service_role;

-- Whether the caller's session meets the setting: always when it is off, else only at aal2.
create function public.staff_session_meets_two_factor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not public.two_factor_required()
      or coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
$$;
comment on function public.staff_session_meets_two_factor() is
  'True unless two-factor is required and the caller''s session is not aal2.';
revoke execute on function public.staff_session_meets_two_factor() from public;
grant execute on function public.staff_session_meets_two_factor() to anon, authenticated, service_role;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users where user_id = (select auth.uid())
  ) and public.staff_session_meets_two_factor()
$$;
comment on function public.is_admin() is
  'True when the caller (auth.uid()) is on the staff allow-list and, while two-factor is required, signed in at aal2.';

create or replace function public.is_director()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users
     where user_id = (select auth.uid()) and role = 'director'
  ) and public.staff_session_meets_two_factor()
$$;
comment on function public.is_director() is
  'True when the caller (auth.uid()) is a director on the staff list and, while two-factor is required, signed in at aal2.';

create policy "Staff read the sign-in rules"
  on public.staff_security for select
  to authenticated
  using (exists (select 1 from public.admin_users where user_id = (select auth.uid())));
create policy "Directors at aal2 change the sign-in rules"
  on public.staff_security for update
  to authenticated
  using ((select public.is_director()) and (select auth.jwt() ->> 'aal') = 'aal2')
  with check ((select public.is_director()) and (select auth.jwt() ->> 'aal') = 'aal2');

create function public.staff_security_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end
$$;
revoke execute on function public.staff_security_stamp() from public, anon, authenticated;
create trigger staff_security_stamp
  before update on public.staff_security
  for each row execute function public.staff_security_stamp();
