-- Pages that show teams download only what they show (issue 35: "pages fetch what they show").
--
-- Until now every page that showed a team carried the whole public teams document
-- (`publicTeams`): a team page, a program page, /teams and /schedule each downloaded every
-- team's roster, schedule and page, 135 to 145 KB with ten full teams, and more with each team.
--
-- From here on the database derives, after every change of `teams`, one row per thing a page
-- shows, each from the public form (public.team_public_form: young players' names shortened,
-- no heights or weights), so none holds more than `publicTeams` does:
--   - `team/<team id>`: one team, whole, as its page shows it (the team pages);
--   - `teamRosters`: every team with its coaches and roster, no schedule or page text (/teams);
--   - `teamSchedules`: every team with its schedule, no roster or coaches (/schedule);
--   - `teamNames`: every team's id, name, program and logo (program pages, /my-alerts).
-- A team's row keeps the fields a page reads of a team; the parts it leaves out are empty
-- (`roster: []`, `coaches: []`, `teamPageContent: {intro: ''}`), so each row reads as a
-- `teams` document (or, for `team/<id>`, a team) of the client's schema.
--
-- Each view is rewritten only when its value changed, at the version of the `teams` save that
-- changed it: a save of one team's roster touches that team's row and `teamRosters`, and
-- nothing else, so Realtime tells only the pages that show it. Versions only grow (the
-- version of `teams` does), also for a team removed and added again.
-- Anyone reads the views; nobody writes them but the trigger below; they keep no revisions.
-- `publicTeams` stays: the build and the production server's re-render list the team pages
-- and write the calendars from it.

-- Keys -----------------------------------------------------------------------------
alter table public.website_content drop constraint if exists website_content_key_check;
alter table public.website_content add constraint website_content_key_check
  check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'
      or key ~ '^news/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
      or key ~ '^team/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$');

-- True for a row the database derives from `teams` for the pages that show teams.
create function public.is_team_view_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key in ('teamRosters', 'teamSchedules', 'teamNames')
      or content_key ~ '^team/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
$$;
grant execute on function public.is_team_view_key(text) to anon, authenticated, service_role;

-- A team with only the fields named in `kept`, the parts a page reads always present.
create function public.team_view_part(team jsonb, kept text[])
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '{"coaches": [], "roster": [], "teamPageContent": {"intro": ""}}'::jsonb
         || coalesce((select jsonb_object_agg(f.key, f.value)
                        from jsonb_each(team) as f
                       where f.key = any (kept)), '{}'::jsonb)
$$;

-- Every view of a public teams document (public.teams_public_form's answer): key and value.
-- The client's projection of its built-in teams is core's entities/team-views.ts.
create function public.team_views(public_teams jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  with teams as (
    select t.key as team_key, t.value as team
      from jsonb_each(case when jsonb_typeof(public_teams) = 'object'
                           then public_teams else '{}'::jsonb end) as t
     where jsonb_typeof(t.value) = 'object'
  )
  select 'team/' || team_key, team
    from teams
   where team_key ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
  union all
  select 'teamRosters', coalesce(jsonb_object_agg(team_key, public.team_view_part(team,
           array['id', 'name', 'programSlug', 'logoUrl', 'coaches', 'roster', 'rosterPrivacy'])),
           '{}'::jsonb)
    from teams
  union all
  select 'teamSchedules', coalesce(jsonb_object_agg(team_key, public.team_view_part(team,
           array['id', 'name', 'programSlug', 'logoUrl', 'schedule'])), '{}'::jsonb)
    from teams
  union all
  select 'teamNames', coalesce(jsonb_object_agg(team_key, public.team_view_part(team,
           array['id', 'name', 'programSlug', 'logoUrl'])), '{}'::jsonb)
    from teams
$$;
grant execute on function public.team_view_part(jsonb, text[]) to anon, authenticated, service_role;
grant execute on function public.team_views(jsonb) to anon, authenticated, service_role;

-- Rewrites the views from `teams` as stored now (none when it is not stored): each view whose
-- value changed is replaced at `at_version`, and the views of teams no longer stored go.
create function public.team_views_refresh(teams jsonb, at_version integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  views jsonb := '{}'::jsonb;
  wanted record;
begin
  if teams is not null then
    select coalesce(jsonb_object_agg(v.key, v.value), '{}'::jsonb) into views
      from public.team_views(public.teams_public_form(teams)) as v;
  end if;
  perform set_config('club.team_views', coalesce(at_version, 0)::text, true);
  delete from public.website_content w
   where public.is_team_view_key(w.key) and not views ? w.key;
  -- Replaced, not updated: an update would keep the row it replaces as a revision.
  for wanted in
    select v.key, v.value
      from jsonb_each(views) as v
      left join public.website_content w on w.key = v.key
     where w.key is null or w.value is distinct from v.value
  loop
    delete from public.website_content where key = wanted.key;
    insert into public.website_content (key, value, base_version) values (wanted.key, wanted.value, 0);
  end loop;
  perform set_config('club.team_views', '', true);
end
$$;
revoke execute on function public.team_views_refresh(jsonb, integer) from public, anon, authenticated;

-- After every change of `teams`.
create function public.team_views_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.key, old.key) <> 'teams' then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.team_views_refresh(null, 0);
  else
    perform public.team_views_refresh(new.value, new.version);
  end if;
  return null;
end
$$;
revoke execute on function public.team_views_follow() from public;

create trigger website_content_team_views
  after insert or update or delete on public.website_content
  for each row execute function public.team_views_follow();

-- Before any write of a view: the refresh's alone, at the version it names. Named to run after
-- website_content_check_version, whose version it then sets.
create function public.team_views_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  following text := current_setting('club.team_views', true);
begin
  if not public.is_team_view_key(coalesce(new.key, old.key)) then
    return coalesce(new, old);
  end if;
  -- The service role may clear them with the rest of a table (a reset); no client role may.
  if tg_op = 'DELETE' and current_user not in ('anon', 'authenticated') then
    return old;
  end if;
  if coalesce(following, '') = '' then
    raise exception '% is kept by the database from teams; save teams instead', coalesce(new.key, old.key)
      using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    new.version := greatest(following::integer, 1);
  end if;
  return coalesce(new, old);
end
$$;
revoke execute on function public.team_views_guard() from public;

create trigger website_content_team_views_guard
  before insert or update or delete on public.website_content
  for each row execute function public.team_views_guard();

-- The views keep no revisions: `teams` keeps its own.
create or replace function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.key in ('newsPosts', 'publicTeams') or public.is_team_view_key(new.key) then
    return null;
  end if;
  insert into public.content_revisions (key, value, version, saved_by, saved_by_email, saved_at)
  values (
    new.key,
    new.value,
    new.version,
    new.updated_by,
    (select u.email from auth.users u where u.id = new.updated_by),
    new.updated_at
  );
  return null;
end
$$;
revoke execute on function public.website_content_keep_revision() from public;

-- Visitors read the views too.
drop policy "Anyone can read what public pages show" on public.website_content;
create policy "Anyone can read what public pages show"
  on public.website_content for select
  to anon, authenticated
  using (public.is_public_content_key(key)
         or public.news_post_is_public(key, value)
         or public.is_team_view_key(key));

-- The teams stored now get their views.
do $$
declare
  stored public.website_content%rowtype;
begin
  select * into stored from public.website_content where key = 'teams';
  if stored.key is not null then
    perform public.team_views_refresh(stored.value, stored.version);
  end if;
end
$$;
