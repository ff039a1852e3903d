-- This account's signed-in devices (issue 34 §4): Profile lists the caller's own sessions
-- (browser or desktop app, from the User-Agent the auth service keeps; last seen, the last
-- refresh of its token) and signs one of them out. Both functions read or touch only rows
-- of auth.sessions whose user_id is auth.uid(); the API roles hold no right on auth.sessions
-- itself. Signing out all other devices at once is the auth service's own
-- (`signOut({ scope: 'others' })`).

create function public.my_sessions()
returns table (
  id uuid,
  signed_in_at timestamptz,
  last_seen_at timestamptz,
  user_agent text,
  aal text,
  current boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    s.id,
    s.created_at,
    greatest(
      s.created_at,
      s.updated_at,
      (s.refreshed_at at time zone 'utc')
    ),
    s.user_agent,
    s.aal::text,
    s.id::text = (select auth.jwt() ->> 'session_id')
  from auth.sessions s
  where s.user_id = (select auth.uid())
    and (s.not_after is null or s.not_after > now())
  order by 3 desc, s.id
$$;
comment on function public.my_sessions() is
  'The caller''s own signed-in sessions, newest first: the current one is marked.';

-- Ends one of the caller's own sessions: its refresh tokens go with it, so it cannot renew
-- its access token (which lapses within jwt_expiry). True when a session was ended.
create function public.sign_out_my_session(target uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  delete from auth.refresh_tokens t
    using auth.sessions s
    where t.session_id = s.id and s.id = target and s.user_id = (select auth.uid());
  delete from auth.sessions s where s.id = target and s.user_id = (select auth.uid());
  get diagnostics ended = row_count;
  return ended > 0;
end
$$;
comment on function public.sign_out_my_session(uuid) is
  'Signs out one of the caller''s own sessions (never another account''s).';

revoke execute on function public.my_sessions() from public, anon;
revoke execute on function public.sign_out_my_session(uuid) from public, anon;
grant execute on function public.my_sessions() to authenticated;
grant execute on function public.sign_out_my_session(uuid) to authenticated;
