-- Only what a public page shows is readable without a staff session: rosters too.
--
-- A team page shortens the names of players under 13 ("Sam Rivera" shows as "Sam R.") and
-- leaves out their heights and weights, as the team's roster privacy says (packages/core's
-- rosterPrivacyFor: the team's own setting, else the default for its age). Until now the
-- `teams` document was readable whole by anyone with the anon key, so a visitor could read
-- what the page hides: the full names, heights and weights of young players.
--
-- From here on:
--   - `teams` stays the one document staff edit, whole, and only staff read it;
--   - the database derives `publicTeams` from it after every change: the same teams, with
--     each roster as its page shows it. Visitors read that row. It carries the version of
--     the `teams` it was made from, so a reader holding either knows which one it has;
--   - nobody writes `publicTeams` but the trigger below, and it keeps no revisions;
--   - a save of `teams` that would put the public form of a roster over the stored details
--     (a client that read what visitors see and saved it back) is refused: staff lose nothing.
-- The client reads `publicTeams` as `teams` when `teams` is not readable
-- (packages/core/src/content/public-forms.ts).

-- The age group in a team's name ("Flash 12U") or id (`flash-12u`), as core's teamAge reads it.
create function public.roster_team_age(team jsonb)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    substring(coalesce(team ->> 'name', '') from '(?i)\y(\d{1,2})\s*U\y'),
    substring(coalesce(team ->> 'id', '') from '(?i)(?:^|-)(\d{1,2})u(?:-|$)')
  )::integer
$$;

-- A name as a roster that shortens names shows it: the first name and the last name's initial.
create function public.roster_short_name(player_name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when cardinality(parts) > 1
      then parts[1] || ' ' || upper(left(parts[cardinality(parts)], 1)) || '.'
    else parts[1]
  end
  from (select regexp_split_to_array(
                 regexp_replace(coalesce(player_name, ''), '^\s+|\s+$', '', 'g'), '\s+') as parts) p
$$;

-- One team as its page shows it: names shortened and heights and weights left out as its
-- roster privacy says (its own setting, else the default for its age: under 13, both).
create function public.team_public_form(team jsonb)
returns jsonb
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  age integer := public.roster_team_age(team);
  young boolean := age is not null and age < 13;
  privacy jsonb := coalesce(team -> 'rosterPrivacy', '{}'::jsonb);
  short_names boolean;
  show_body boolean;
  roster jsonb;
begin
  if jsonb_typeof(team) <> 'object' or jsonb_typeof(team -> 'roster') <> 'array' then
    return team;
  end if;
  if jsonb_typeof(privacy) <> 'object' then
    privacy := '{}'::jsonb;
  end if;
  short_names := case privacy ->> 'names'
                   when 'full' then false
                   when 'first-initial' then true
                   else young
                 end;
  show_body := case when jsonb_typeof(privacy -> 'showHeightWeight') = 'boolean'
                 then (privacy ->> 'showHeightWeight')::boolean
                 else not young
               end;
  if not short_names and show_body then
    return team;
  end if;
  select coalesce(jsonb_agg(
           case when jsonb_typeof(player) <> 'object' then player
           else player
             || case when short_names and jsonb_typeof(player -> 'name') = 'string'
                  then jsonb_build_object('name', public.roster_short_name(player ->> 'name'))
                  else '{}'::jsonb end
             || case when show_body then '{}'::jsonb
                  else jsonb_build_object('height', '', 'weight', null) end
           end order by position), '[]'::jsonb)
    into roster
    from jsonb_array_elements(team -> 'roster') with ordinality as r(player, position);
  return jsonb_set(team, '{roster}', roster);
end
$$;

-- Every team of a `teams` document as its page shows it.
create function public.teams_public_form(teams jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when jsonb_typeof(teams) <> 'object' then teams
    else coalesce((select jsonb_object_agg(t.key, public.team_public_form(t.value))
                     from jsonb_each(teams) as t), '{}'::jsonb)
  end
$$;
grant execute on function public.roster_team_age(jsonb) to anon, authenticated, service_role;
grant execute on function public.roster_short_name(text) to anon, authenticated, service_role;
grant execute on function public.team_public_form(jsonb) to anon, authenticated, service_role;
grant execute on function public.teams_public_form(jsonb) to anon, authenticated, service_role;

-- After every change of `teams`: `publicTeams` follows, at the same version.
create function public.public_teams_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.key, old.key) <> 'teams' then
    return null;
  end if;
  -- Replaced, not updated: an update would keep the row it replaces as a revision.
  perform set_config('club.public_form', 'delete', true);
  delete from public.website_content where key = 'publicTeams';
  if tg_op <> 'DELETE' then
    perform set_config('club.public_form', new.version::text, true);
    insert into public.website_content (key, value, base_version)
    values ('publicTeams', public.teams_public_form(new.value), 0);
  end if;
  perform set_config('club.public_form', '', true);
  return null;
end
$$;
revoke execute on function public.public_teams_follow() from public;

create trigger website_content_public_teams
  after insert or update or delete on public.website_content
  for each row execute function public.public_teams_follow();

-- True when a save of `teams` would put a roster's public form over the fuller details stored:
-- some team whose stored roster differs from its public form comes back as exactly that form.
create function public.teams_save_loses_details(stored jsonb, incoming jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select jsonb_typeof(stored) = 'object' and jsonb_typeof(incoming) = 'object'
     and exists (
       select 1
         from jsonb_each(stored) as s
         join jsonb_each(incoming) as i on i.key = s.key
        where jsonb_typeof(s.value -> 'roster') = 'array'
          and s.value -> 'roster' is distinct from i.value -> 'roster'
          and public.team_public_form(s.value) -> 'roster' = i.value -> 'roster')
$$;

-- Before any write of `publicTeams` (the trigger's alone, at the version of its `teams`) or of
-- `teams` (never the public form over the stored details). Named to run after
-- website_content_check_version, whose version it then sets.
create function public.public_form_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  following text := current_setting('club.public_form', true);
begin
  if coalesce(new.key, old.key) = 'publicTeams' then
    -- The service role may clear it with the rest of a table (a reset); no client role may.
    if tg_op = 'DELETE' and current_user not in ('anon', 'authenticated') then
      return old;
    end if;
    if coalesce(following, '') = '' then
      raise exception 'publicTeams is kept by the database from teams; save teams instead'
        using errcode = '42501';
    end if;
    if tg_op = 'INSERT' then
      new.version := following::integer;
    end if;
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' and new.key = 'teams'
     and public.teams_save_loses_details(old.value, new.value) then
    raise exception 'This save would replace the full rosters with what visitors see (first names and initials): it was made from the public teams. Reload the teams, then save again.'
      using errcode = '22023';
  end if;
  return coalesce(new, old);
end
$$;
revoke execute on function public.public_form_guard() from public;

create trigger website_content_public_form_guard
  before insert or update or delete on public.website_content
  for each row execute function public.public_form_guard();

-- The derived rows keep no revisions: `teams` keeps its own, and `newsPosts` each post's.
create or replace function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.key in ('newsPosts', 'publicTeams') then
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

-- Visitors read `publicTeams`, not `teams` (the rest of the list as it was).
create or replace function public.is_public_content_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key = any (array[
    -- read first by every page (the vital keys)
    'content', 'alerts', 'newsPosts', 'legacyStats',
    -- read by the pages that show them
    'aboutContent', 'clinics', 'publicTeams', 'alumni', 'programsContent', 'programCards',
    'fieldsContent', 'quickLinks', 'rulesAndFaqContent', 'staff'
  ])
$$;
comment on function public.is_public_content_key(text) is
  'True for the content keys public pages show. Every other key (teams, whose public form is publicTeams; adminProfile, adminReminders, adminSettings, photoLibrary, and any key added later) is readable by staff only.';

-- The teams stored now get their public form.
do $$
declare
  stored public.website_content%rowtype;
begin
  select * into stored from public.website_content where key = 'teams';
  if stored.key is not null then
    perform set_config('club.public_form', stored.version::text, true);
    insert into public.website_content (key, value, base_version)
    values ('publicTeams', public.teams_public_form(stored.value), 0);
    perform set_config('club.public_form', '', true);
  end if;
end
$$;
