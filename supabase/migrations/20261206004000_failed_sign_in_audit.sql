-- Failed sign-ins of staff accounts in the staff audit log (issue 34 §4), through the auth
-- service's password verification hook: GoTrue calls this function after each password
-- check of an existing account (`[auth.hook.password_verification_attempt]` in
-- supabase/config.toml; on a hosted project, Authentication → Hooks, on the plans that offer
-- that hook), in a transaction of its own, so the entry stays although the sign-in fails.
-- It only records; it never refuses a sign-in. Not recorded: attempts for an address with no
-- account, or an account that is not staff (nobody to attribute them to), and other kinds of
-- sign-in (links, codes), which GoTrue does not pass to this hook.

alter table public.staff_audit_log
  drop constraint staff_audit_log_action,
  add constraint staff_audit_log_action
    check (action in ('sign-in', 'sign-in-failed', 'added', 'role-changed', 'removed'));

create function public.staff_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (event->>'user_id')::uuid;
begin
  if (event->>'valid')::boolean is false
     and exists (select 1 from public.admin_users where user_id = who) then
    insert into public.staff_audit_log (action, member, member_email)
    values ('sign-in-failed', who, (select u.email from auth.users u where u.id = who));
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;
comment on function public.staff_password_verification_attempt(jsonb) is
  'The auth service''s password verification hook: records a staff account''s wrong password in the staff audit log.';

-- Only the auth service calls it (as supabase_auth_admin on Supabase; the local server runs
-- hooks as its superuser, and has no such role).
revoke execute on function public.staff_password_verification_attempt(jsonb)
  from public, anon, authenticated, service_role;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    grant usage on schema public to supabase_auth_admin;
    grant execute on function public.staff_password_verification_attempt(jsonb)
      to supabase_auth_admin;
  end if;
end
$$;
