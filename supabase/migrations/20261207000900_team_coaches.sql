-- A team page carries its own coaches, not the club's whole staff (issue 35 §3: "≤ 20 KB on
-- the pages that show no news").
--
-- A team page shows the cards of its team's coaches (two or three), and read the whole `staff`
-- document for them (every staff member's card: 1.75 KB with the bench's content). From here on
-- the database also derives, by the mechanism of 20261207000400_derived_views.sql, a row made
-- from two documents:
--   - `coaches/<team id>`, for each stored team while `staff` is stored too: the `staff`
--     members the team's `coaches` list names, in that list's order, each once and exactly as
--     in `staff` (the first member of an id, as the page finds it); an id that names nobody is
--     left out, as the page leaves it out. It reads as a `staff` document.
-- A save of `teams` and a save of `staff` both rewrite the rows whose value changed, and remove
-- those no longer derived (a team gone; every row while either document is not stored: the page
-- then reads `staff` whole, stored or built in, as it did before).
--
-- Versions: a reader holding a row asks for it again unless it is at the version held
-- (`version.neq.v`), so a rewritten row must never take a version it had before. A row of two
-- documents cannot take its source's version; the sum of both would repeat once a document is
-- removed and stored again (its versions start over). Each refresh that rewrites rows takes the
-- next value of its own sequence instead: always new, and larger than any before.
--
-- The client's projection of the built-in documents is core's entities/team-views.ts
-- (teamCoaches).

-- Keys -----------------------------------------------------------------------------
alter table public.website_content drop constraint if exists website_content_key_check;
alter table public.website_content add constraint website_content_key_check
  check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'
      or key ~ '^(news|team|program|event|coaches)/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$');

-- True for a team's coaches row.
create function public.is_team_coaches_key(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(content_key ~ '^coaches/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$', false)
$$;
grant execute on function public.is_team_coaches_key(text) to anon, authenticated, service_role;

-- The documents rows are derived from: what the follow trigger follows (`staff` joins them).
create or replace function public.is_derived_source(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key in ('teams', 'content', 'fieldsContent', 'programsContent', 'clinics', 'staff')
$$;

-- Replaced in place: the policy that lets anyone read a derived row names it. A coaches row is
-- named after `staff`, whose cards it holds (which coaches a team has is saved in `teams`).
create or replace function public.derived_content_source(content_key text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when content_key = 'publicTeams' or public.is_team_view_key(content_key) then 'teams'
    when public.is_team_coaches_key(content_key) then 'staff'
    when content_key = 'siteFooter' then 'content'
    when content_key in ('weatherPostingTimes', 'fieldList') then 'fieldsContent'
    when content_key in ('programSummaries', 'programRegistrations')
      or content_key ~ '^program/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'programsContent'
    when content_key in ('eventCards', 'eventSlugs')
      or content_key ~ '^event/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'clinics'
  end
$$;

-- Every team's coaches row, from the teams `teams` and the staff `staff`.
create function public.team_coaches(teams jsonb, staff jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  with members as (
    -- The first member of each id, as the page finds it.
    select distinct on (m.value ->> 'id') m.value ->> 'id' as id, m.value as card
      from jsonb_array_elements(case when jsonb_typeof(staff) = 'array' then staff else '[]'::jsonb end)
           with ordinality as m(value, n)
     where jsonb_typeof(m.value) = 'object' and jsonb_typeof(m.value -> 'id') = 'string'
     order by m.value ->> 'id', m.n
  )
  select 'coaches/' || t.key,
         coalesce((select jsonb_agg(s.card order by c.first)
                     from (select c.value #>> '{}' as id, min(c.n) as first
                             from jsonb_array_elements(case when jsonb_typeof(t.value -> 'coaches') = 'array'
                                                            then t.value -> 'coaches' else '[]'::jsonb end)
                                  with ordinality as c(value, n)
                            where jsonb_typeof(c.value) = 'string'
                            group by c.value #>> '{}') as c
                     join members s on s.id = c.id), '[]'::jsonb)
    from jsonb_each(case when jsonb_typeof(teams) = 'object' then teams else '{}'::jsonb end) as t
   where jsonb_typeof(t.value) = 'object'
     and t.key ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
$$;
grant execute on function public.team_coaches(jsonb, jsonb) to anon, authenticated, service_role;

-- The versions of the coaches rows: each refresh that rewrites some takes the next.
create sequence public.team_coaches_version as integer;
revoke all on sequence public.team_coaches_version from public, anon, authenticated;

-- Rewrites the coaches rows from `teams` and `staff` as stored now: each whose value changed
-- is replaced at a version no row had before, and those no longer derived go.
create function public.team_coaches_refresh()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored_teams jsonb;
  stored_staff jsonb;
  views jsonb := '{}'::jsonb;
  wanted record;
  stamped boolean := false;
begin
  select w.value into stored_teams from public.website_content w where w.key = 'teams';
  select w.value into stored_staff from public.website_content w where w.key = 'staff';
  if stored_teams is not null and stored_staff is not null then
    select coalesce(jsonb_object_agg(v.key, v.value), '{}'::jsonb) into views
      from public.team_coaches(stored_teams, stored_staff) as v;
  end if;
  perform set_config('club.derived', '0', true);
  delete from public.website_content w
   where public.is_team_coaches_key(w.key) and not views ? w.key;
  -- Replaced, not updated: an update would keep the row it replaces as a revision.
  for wanted in
    select v.key, v.value
      from jsonb_each(views) as v
      left join public.website_content w on w.key = v.key
     where w.key is null or w.value is distinct from v.value
  loop
    if not stamped then
      perform set_config('club.derived', nextval('public.team_coaches_version')::text, true);
      stamped := true;
    end if;
    delete from public.website_content where key = wanted.key;
    insert into public.website_content (key, value, base_version) values (wanted.key, wanted.value, 0);
  end loop;
  perform set_config('club.derived', '', true);
end
$$;
revoke execute on function public.team_coaches_refresh() from public, anon, authenticated;

-- The refresh of 20261207000400_derived_views.sql, kept under a second name and not restated,
-- and the coaches rows after a change of either of their documents.
alter function public.derived_refresh(text, jsonb, integer) rename to derived_refresh_but_coaches;

create function public.derived_refresh(source text, doc jsonb, at_version integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- `staff` has no rows of its own: its refresh would take away every row named after it.
  if source <> 'staff' then
    perform public.derived_refresh_but_coaches(source, doc, at_version);
  end if;
  if source in ('teams', 'staff') then
    perform public.team_coaches_refresh();
  end if;
end
$$;
revoke execute on function public.derived_refresh(text, jsonb, integer) from public, anon, authenticated;

-- The teams and the staff stored now get their coaches rows.
select public.team_coaches_refresh();
