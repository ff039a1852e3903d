-- A team page reads which teams there are as their keys alone (issue 35: a team page carries
-- only what it shows).
--
-- A team page shows its team only when the stored teams have it (a missing `team/<id>` row
-- reads as the built-in team of that key), and learnt that from `teamNames`: every team's id,
-- name, program and logo, about 3 KB with ten teams, of which it used the keys. From here on
-- the views of the teams (20261207000300_team_views.sql) also hold:
--   - `teamKeys`: the stored teams' keys, in code-point order (about 20 bytes a team).
-- The pages that name teams (a program page, /my-alerts) keep reading `teamNames`.
-- The client's projection is core's entities/team-views.ts.

create or replace function public.is_team_view_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key in ('teamRosters', 'teamSchedules', 'teamNames', 'teamKeys')
      or content_key ~ '^team/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
$$;

-- The views of 20261207000300_team_views.sql, kept under a second name and not restated, and
-- the teams' keys beside them.
alter function public.team_views(jsonb) rename to team_views_but_keys;

create function public.team_views(public_teams jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.key, v.value
    from public.team_views_but_keys(public_teams) as v
  union all
  select 'teamKeys', coalesce(jsonb_agg(t.key order by t.key collate "C"), '[]'::jsonb)
    from jsonb_each(case when jsonb_typeof(public_teams) = 'object'
                         then public_teams else '{}'::jsonb end) as t
   where jsonb_typeof(t.value) = 'object'
     and t.key ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
$$;
grant execute on function public.team_views(jsonb) to anon, authenticated, service_role;

-- The teams stored now get their keys.
do $$
declare
  stored public.website_content%rowtype;
begin
  select * into stored from public.website_content where key = 'teams';
  if stored.key is not null then
    perform public.derived_refresh(stored.key, stored.value, stored.version);
  end if;
end
$$;
