-- Events pages carry only what they show (issue 35: "pages fetch what they show").
--
-- Every event page, /camps-events and home carried the whole `clinics` document: every camp,
-- clinic and event with its full description (31 KB of content JSON with twenty events, more
-- with each). From here on the database derives from `clinics`, by the mechanism of
-- 20261207000400_derived_views.sql:
--   - `event/<slug>`: one event whole, as its page shows it (the first of that slug, as the
--     page finds it);
--   - `eventCards`: every event as the cards show it (/camps-events, home's events strip): the
--     same list in the same order, without the description paragraphs or the capacity note
--     (`description: []`), so it reads as a `clinics` document.
-- The client's projection of its built-in events is core's entities/derived-views.ts.

-- The documents rows are derived from: what the follow trigger follows.
create function public.is_derived_source(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key in ('teams', 'fieldsContent', 'programsContent', 'clinics')
$$;
grant execute on function public.is_derived_source(text) to anon, authenticated, service_role;

create or replace function public.derived_content_source(content_key text)
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
    when content_key = 'eventCards'
      or content_key ~ '^event/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'clinics'
  end
$$;

create or replace function public.derived_views(source text, doc jsonb)
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
  -- The events: the cards, and each one's page.
  union all
  select 'eventCards', coalesce(jsonb_agg((e.value - 'capacityNote')
                                          || '{"description": []}'::jsonb order by e.n), '[]'::jsonb)
    from jsonb_array_elements(case when jsonb_typeof(doc) = 'array' then doc else '[]'::jsonb end)
         with ordinality as e(value, n)
   where source = 'clinics' and jsonb_typeof(doc) = 'array'
     and jsonb_typeof(e.value) = 'object'
  having source = 'clinics' and jsonb_typeof(doc) = 'array'
  union all
  (select distinct on (e.value ->> 'slug') 'event/' || (e.value ->> 'slug'), e.value
     from jsonb_array_elements(case when jsonb_typeof(doc) = 'array' then doc else '[]'::jsonb end)
          with ordinality as e(value, n)
    where source = 'clinics'
      and jsonb_typeof(e.value) = 'object'
      and coalesce(e.value ->> 'slug', '') ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
    order by e.value ->> 'slug', e.n)
$$;

-- After every change of a source document.
create or replace function public.derived_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  source text := coalesce(new.key, old.key);
begin
  if not public.is_derived_source(source) then
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

-- The events stored now get their rows.
do $$
declare
  stored public.website_content%rowtype;
begin
  select * into stored from public.website_content where key = 'clinics';
  if stored.key is not null then
    perform public.derived_refresh(stored.key, stored.value, stored.version);
  end if;
end
$$;
