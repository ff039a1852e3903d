-- The staff audit log (issue 34 §4): staff sign-ins, staff added (an invitation accepted, or
-- added by a director or `pnpm staff:add`), role changes and removals, each written by a
-- trigger in the transaction that did it. Directors read it; nobody edits or deletes it: no
-- API role holds an update or delete right, and a trigger refuses both to anyone else.
--
-- Not here: failed sign-ins. The auth service writes nothing to the database for them.

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  action text not null
    constraint staff_audit_log_action check (action in ('sign-in', 'added', 'role-changed', 'removed')),
  -- Who did it (auth.uid(); null for the service role or the auth service itself), by email
  -- as it was then, so the log reads the same after an account is deleted.
  actor uuid,
  actor_email text,
  -- Whom it concerned.
  member uuid,
  member_email text,
  detail jsonb not null default '{}'::jsonb
);
create index staff_audit_log_at_idx on public.staff_audit_log (at desc, id desc);
comment on table public.staff_audit_log is
  'Staff sign-ins, additions, role changes and removals, written by triggers. Directors read it; nobody updates or deletes it.';

revoke all on table public.staff_audit_log from anon, authenticated, service_role;
grant select on table public.staff_audit_log to authenticated, service_role;

alter table public.staff_audit_log enable row level security;
create policy "Directors read the audit log"
  on public.staff_audit_log for select
  to authenticated
  using ((select public.is_director()));

-- Nobody edits the log, whatever their grants.
create function public.staff_audit_log_is_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The staff audit log cannot be changed.' using errcode = '42501';
end
$$;
create trigger staff_audit_log_is_append_only
  before update or delete on public.staff_audit_log
  for each row execute function public.staff_audit_log_is_append_only();
create trigger staff_audit_log_no_truncate
  before truncate on public.staff_audit_log
  for each statement execute function public.staff_audit_log_is_append_only();

-- One entry. security definer: the callers (triggers of the staff table and of auth.users)
-- have no insert right on the log.
create function public.staff_audit(action text, member uuid, detail jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.staff_audit_log (action, actor, actor_email, member, member_email, detail)
  values (
    action,
    (select auth.uid()),
    (select u.email from auth.users u where u.id = (select auth.uid())),
    member,
    (select u.email from auth.users u where u.id = member),
    detail
  )
$$;
revoke execute on function public.staff_audit(text, uuid, jsonb) from public, anon, authenticated;

create function public.admin_users_audit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.staff_audit('added', new.user_id, jsonb_build_object('role', new.role));
  elsif tg_op = 'UPDATE' then
    if new.role is distinct from old.role then
      perform public.staff_audit(
        'role-changed', new.user_id, jsonb_build_object('from', old.role, 'to', new.role));
    end if;
  else
    perform public.staff_audit('removed', old.user_id, jsonb_build_object('role', old.role));
  end if;
  return null;
end
$$;
revoke execute on function public.admin_users_audit() from public, anon, authenticated;
create trigger admin_users_audit
  after insert or update or delete on public.admin_users
  for each row execute function public.admin_users_audit();

-- A staff member's sign-in: the auth service stamps last_sign_in_at on each one.
create function public.staff_sign_in_audit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.last_sign_in_at is distinct from old.last_sign_in_at
     and new.last_sign_in_at is not null
     and exists (select 1 from public.admin_users where user_id = new.id) then
    insert into public.staff_audit_log (action, actor, actor_email, member, member_email)
    values ('sign-in', new.id, new.email, new.id, new.email);
  end if;
  return null;
end
$$;
revoke execute on function public.staff_sign_in_audit() from public, anon, authenticated;
create trigger staff_sign_in_audit
  after update of last_sign_in_at on auth.users
  for each row execute function public.staff_sign_in_audit();
