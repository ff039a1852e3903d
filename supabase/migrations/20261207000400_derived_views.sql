-- Every page carries only what it shows (issue 35): rows the database derives from a saved
-- document, for the pages that show a part of it, by one mechanism.
--
-- Until now two documents every page read were read whole for a small part of each:
--   - the alerts bar of every page reads the weather decisions' posting times, and carried the
--     whole `fieldsContent` (every field, its notes and the Facilities slider) for them;
--   - the header of every page decides its Register button from the programs' registration
--     links, and read the whole `programsContent` (every program's page) for them; /programs,
--     /contact and each program page carried it too.
-- From here on the database derives, after every change of a source document:
--   - from `fieldsContent`: `weatherPostingTimes`, the posting times alone (every page);
--   - from `programsContent`: `programSummaries`, each program's name, fees, registration and
--     eligibility (the header, /programs, /contact), and `program/<slug>`, one program's page
--     whole (its page);
--   - from `teams`, as before: `publicTeams` and the views of the teams (team/<id>,
--     teamRosters, teamSchedules, teamNames; 20261207000300_team_views.sql).
-- The client's projection of its built-in documents is core's entities/derived-views.ts (and
-- entities/team-views.ts for the teams).
--
-- One mechanism for all of them, replacing the two of the teams (public_teams_follow with
-- public_form_guard, team_views_follow with team_views_guard):
--   - public.derived_content_source(key): the document a derived row is made from (null for
--     any other key): the one list of which keys derive from which;
--   - public.derived_views(source, value): every row derived from that document's value;
--   - one trigger after a change of a source rewrites the rows whose value changed (and
--     `publicTeams` at every save: a reader names it by the version of the `teams` it holds),
--     at the save's version, and removes those no longer derived;
--   - one guard before any write: a derived row is written by that trigger alone (no client
--     role, staff included, may write or remove one), and a save of `teams` never puts the
--     public form of a roster over the stored details (as public_form_guard did);
--   - anyone reads them; they keep no revisions (their source keeps its own).

-- Keys -----------------------------------------------------------------------------
alter table public.website_content drop constraint if exists website_content_key_check;
alter table public.website_content add constraint website_content_key_check
  check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'
      or key ~ '^(news|team|program|event)/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$');

-- The document a derived row is made from, or null for a row staff save (or a news post).
create function public.derived_content_source(content_key text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when content_key = 'publicTeams' or public.is_team_view_key(content_key) then 'teams'
    when content_key = 'weatherPostingTimes' then 'fieldsContent'
    when content_key = 'programSummaries'
      or content_key ~ '^program/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'programsContent'
  end
$$;
grant execute on function public.derived_content_source(text) to anon, authenticated, service_role;

-- An object with only the fields named in `kept` (those it has).
create function public.derived_part(item jsonb, kept text[])
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((select jsonb_object_agg(f.key, f.value)
                     from jsonb_each(item) as f
                    where f.key = any (kept)), '{}'::jsonb)
$$;
grant execute on function public.derived_part(jsonb, text[]) to anon, authenticated, service_role;

-- Every row derived from the document `source` whose value is `doc`: key and value.
create function public.derived_views(source text, doc jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The teams: their public form, and the views of it.
  select 'publicTeams', public.teams_public_form(doc)
   where source = 'teams' and doc is not null
  union all
  select v.key, v.value
    from public.team_views(public.teams_public_form(doc)) as v
   where source = 'teams' and doc is not null
  -- The fields: the posting times alone.
  union all
  select 'weatherPostingTimes', doc -> 'weatherPostingTimes'
   where source = 'fieldsContent' and jsonb_typeof(doc -> 'weatherPostingTimes') = 'object'
  -- The programs: what the pages that name them show, and each one's page.
  union all
  select 'programSummaries', coalesce(jsonb_object_agg(p.key, public.derived_part(p.value,
           array['name', 'fees', 'registration', 'eligibility'])), '{}'::jsonb)
    from jsonb_each(case when jsonb_typeof(doc) = 'object' then doc else '{}'::jsonb end) as p
   where source = 'programsContent' and jsonb_typeof(doc) = 'object'
     and jsonb_typeof(p.value) = 'object'
  having source = 'programsContent' and jsonb_typeof(doc) = 'object'
  union all
  select 'program/' || p.key, p.value
    from jsonb_each(case when jsonb_typeof(doc) = 'object' then doc else '{}'::jsonb end) as p
   where source = 'programsContent'
     and jsonb_typeof(p.value) = 'object'
     and p.key ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
$$;
grant execute on function public.derived_views(text, jsonb) to anon, authenticated, service_role;

-- Rewrites the rows derived from `source` as stored now (`doc`; none when it is not stored):
-- each whose value changed is replaced at `at_version` (`publicTeams` at every save), and those
-- no longer derived go.
create function public.derived_refresh(source text, doc jsonb, at_version integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  views jsonb := '{}'::jsonb;
  wanted record;
begin
  if doc is not null then
    select coalesce(jsonb_object_agg(v.key, v.value), '{}'::jsonb) into views
      from public.derived_views(source, doc) as v;
  end if;
  perform set_config('club.derived', coalesce(at_version, 0)::text, true);
  delete from public.website_content w
   where public.derived_content_source(w.key) = source and not views ? w.key;
  -- Replaced, not updated: an update would keep the row it replaces as a revision.
  for wanted in
    select v.key, v.value
      from jsonb_each(views) as v
      left join public.website_content w on w.key = v.key
     where w.key is null or w.value is distinct from v.value or v.key = 'publicTeams'
  loop
    delete from public.website_content where key = wanted.key;
    insert into public.website_content (key, value, base_version) values (wanted.key, wanted.value, 0);
  end loop;
  perform set_config('club.derived', '', true);
end
$$;
revoke execute on function public.derived_refresh(text, jsonb, integer) from public, anon, authenticated;

-- After every change of a source document.
create function public.derived_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  source text := coalesce(new.key, old.key);
begin
  if source not in ('teams', 'fieldsContent', 'programsContent') then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.derived_refresh(source, null, 0);
  else
    perform public.derived_refresh(source, new.value, new.version);
  end if;
  return null;
end
$$;
revoke execute on function public.derived_follow() from public;

-- Before any write of a derived row (the refresh's alone, at the version it names) or of
-- `teams` (never the public form over the stored details). Named to run after
-- website_content_check_version, whose version it then sets.
create function public.derived_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  content_key text := coalesce(new.key, old.key);
  following text := current_setting('club.derived', true);
begin
  if public.derived_content_source(content_key) is null then
    if tg_op = 'UPDATE' and new.key = 'teams'
       and public.teams_save_loses_details(old.value, new.value) then
      raise exception 'This save would replace the full rosters with what visitors see (first names and initials): it was made from the public teams. Reload the teams, then save again.'
        using errcode = '22023';
    end if;
    return coalesce(new, old);
  end if;
  -- The service role may clear them with the rest of a table (a reset); no client role may.
  if tg_op = 'DELETE' and current_user not in ('anon', 'authenticated') then
    return old;
  end if;
  if coalesce(following, '') = '' then
    raise exception '% is kept by the database from %; save % instead',
      content_key, public.derived_content_source(content_key), public.derived_content_source(content_key)
      using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    new.version := greatest(following::integer, 1);
  end if;
  return coalesce(new, old);
end
$$;
revoke execute on function public.derived_guard() from public;

-- The two mechanisms of the teams make way for the one.
drop trigger website_content_public_teams on public.website_content;
drop trigger website_content_team_views on public.website_content;
drop trigger website_content_public_form_guard on public.website_content;
drop trigger website_content_team_views_guard on public.website_content;
drop function public.public_teams_follow();
drop function public.team_views_follow();
drop function public.team_views_refresh(jsonb, integer);
drop function public.public_form_guard();
drop function public.team_views_guard();

create trigger website_content_derived_follow
  after insert or update or delete on public.website_content
  for each row execute function public.derived_follow();

create trigger website_content_derived_guard
  before insert or update or delete on public.website_content
  for each row execute function public.derived_guard();

-- Derived rows keep no revisions: their source keeps its own (and `newsPosts` each post's).
create or replace function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.key = 'newsPosts' or public.derived_content_source(new.key) is not null then
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

-- Visitors read every derived row (each is made from a document they may read, or from the
-- public form of one they may not).
drop policy "Anyone can read what public pages show" on public.website_content;
create policy "Anyone can read what public pages show"
  on public.website_content for select
  to anon, authenticated
  using (public.is_public_content_key(key)
         or public.news_post_is_public(key, value)
         or public.derived_content_source(key) is not null);

-- The documents stored now get their derived rows.
do $$
declare
  stored public.website_content%rowtype;
begin
  for stored in
    select * from public.website_content where key in ('teams', 'fieldsContent', 'programsContent')
  loop
    perform public.derived_refresh(stored.key, stored.value, stored.version);
  end loop;
end
$$;
