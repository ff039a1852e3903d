-- An event page shows an event the stored events have, never a sample one (issue 35).
--
-- An event page reads its own row, `event/<slug>` (20261207000500_event_views.sql). An event
-- staff removed has no row, and a row that is missing reads as the built-in document of that
-- key: a page of a sample event's slug showed the sample (its dates, its fee) after the stored
-- events had dropped it, as team pages did before they read `teamNames`. From here on the
-- database also derives from `clinics`:
--   - `eventSlugs`: the slugs of the stored events, each once, in code-point order: which
--     events there are (about 30 bytes an event), read by every event page beside its row.
-- While no events are stored, the built-in slugs stand in, and the sample events show.
-- The client's projection is core's entities/derived-views.ts.

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
    when content_key in ('eventCards', 'eventSlugs')
      or content_key ~ '^event/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'clinics'
  end
$$;

-- The rows of 20261207000500_event_views.sql, kept under a second name and not restated, and
-- the events' slugs beside them.
alter function public.derived_views(text, jsonb) rename to derived_views_but_event_slugs;

create function public.derived_views(source text, doc jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.key, v.value
    from public.derived_views_but_event_slugs(source, doc) as v
  union all
  select 'eventSlugs', coalesce(jsonb_agg(s.slug order by s.slug collate "C"), '[]'::jsonb)
    from (select distinct e.value ->> 'slug' as slug
            from jsonb_array_elements(case when jsonb_typeof(doc) = 'array' then doc else '[]'::jsonb end) as e
           where jsonb_typeof(e.value) = 'object'
             and coalesce(e.value ->> 'slug', '') ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$') as s
   where source = 'clinics' and jsonb_typeof(doc) = 'array'
  having source = 'clinics' and jsonb_typeof(doc) = 'array'
$$;
grant execute on function public.derived_views(text, jsonb) to anon, authenticated, service_role;

-- The events stored now get their slugs.
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
