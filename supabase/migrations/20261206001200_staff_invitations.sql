-- Staff invitations (issue 34 §1).
--
-- A director invites by email through the Edge Function `staff-invite`, which checks the
-- caller is a director (with the caller's own token, through public.is_director()), has the
-- auth service mail the invitation (`auth.admin.inviteUserByEmail`, service role) and records
-- it here. The invitee is on the staff list only once they accept: signed in from the link,
-- their session calls public.accept_staff_invitation(), which consumes the invitation. An
-- invitation expires, and a used or revoked one cannot be used again. Signing up grants nothing.

create table public.staff_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint staff_invitations_email check (email = lower(email) and char_length(email) <= 320),
  role text not null constraint staff_invitations_role check (role in ('director', 'editor')),
  -- The account the auth service created for the invitee.
  user_id uuid not null references auth.users (id) on delete cascade,
  invited_by uuid references auth.users (id) on delete set null,
  invited_at timestamptz not null default now(),
  -- As long as the emailed link works ([auth.email] otp_expiry: an hour unless set);
  -- Resend sends a fresh link and moves it on.
  expires_at timestamptz not null default now() + interval '1 hour',
  accepted_at timestamptz
);
comment on table public.staff_invitations is
  'Invitations to join the staff. Directors read them; only the service role (the staff-invite Edge Function) writes them, and public.accept_staff_invitation() consumes one.';
-- One open invitation per address.
create unique index staff_invitations_one_open on public.staff_invitations (email)
  where accepted_at is null;

revoke all on table public.staff_invitations from anon, authenticated;
grant select on table public.staff_invitations to authenticated;
grant all on table public.staff_invitations to service_role;

alter table public.staff_invitations enable row level security;
create policy "Directors read invitations"
  on public.staff_invitations for select
  to authenticated
  using ((select public.is_director()));
-- No insert, update or delete policy: the Edge Function writes with the service role.

-- Accepting: the signed-in invitee's open, unexpired invitation puts them on the staff list
-- with its role. Their address must be confirmed (following the invitation's link confirms
-- it). Returns the role, or null when there is nothing to accept.
create function public.accept_staff_invitation()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  invitation public.staff_invitations;
begin
  if me is null then
    return null;
  end if;
  select i.* into invitation
    from public.staff_invitations i
    join auth.users u on u.id = i.user_id
   where i.user_id = me
     and i.accepted_at is null
     and i.expires_at > now()
     and u.email_confirmed_at is not null
     and lower(u.email) = i.email
   for update of i;
  if not found then
    return (select role from public.admin_users where user_id = me);
  end if;
  update public.staff_invitations set accepted_at = now() where id = invitation.id;
  insert into public.admin_users (user_id, role)
  values (me, invitation.role)
  on conflict (user_id) do nothing;
  return (select role from public.admin_users where user_id = me);
end
$$;
comment on function public.accept_staff_invitation() is
  'Consumes the caller''s open invitation (confirmed address, not expired) and puts them on the staff list with its role; returns the caller''s role, or null.';
revoke execute on function public.accept_staff_invitation() from public, anon;
grant execute on function public.accept_staff_invitation() to authenticated;

-- Removing a member (directors only): off the staff list, under the staff table's own rules
-- (the last director stays), and every session of theirs ends in the same transaction, so
-- their refresh tokens stop working at once. Their account stays, and so does their email on
-- the revisions they saved. Returns how many sessions ended.
create function public.remove_staff_member(member uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended integer;
begin
  if not (select public.is_director()) then
    raise exception 'Only directors can remove staff.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'You cannot remove yourself. Ask another director to do it.'
      using errcode = 'P0001';
  end if;
  delete from public.admin_users where user_id = member;
  if not found then
    raise exception 'That person is not on the staff list.' using errcode = 'P0002';
  end if;
  delete from auth.sessions where user_id = member;
  get diagnostics ended = row_count;
  delete from auth.refresh_tokens where user_id = member::text;
  return ended;
end
$$;
comment on function public.remove_staff_member(uuid) is
  'Directors only: takes a member off the staff list (never the last director) and ends all their sessions.';
revoke execute on function public.remove_staff_member(uuid) from public, anon;
grant execute on function public.remove_staff_member(uuid) to authenticated;
