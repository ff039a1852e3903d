-- A team page carries only what it shows (issue 35 §3: "≤ 20 KB on the pages that show no
-- news"), and so does every page's footer.
--
-- Every page but home, /donate and /sponsors carried the whole home document (`content`: the
-- hero, the figures, the support block, 2.7 KB with the samples) for its footer, which shows the
-- social links and the club's contact details; every page's header read every program's
-- summary (`programSummaries`: name, fees, registration, eligibility; 2.3 KB) at start for its
-- Register button, which goes by the registration links alone; a team page and /schedule carried
-- the whole `fieldsContent` (the Facilities page's text, slider and posting times beside the
-- fields) to name and link the fields games are played at. From here on the database also
-- derives, by the mechanism of 20261207000400_derived_views.sql:
--   - from `content`: `siteFooter`, its `footer` and `contact` alone (every page's footer);
--   - from `programsContent`: `programRegistrations`, each program's `registration` alone
--     (every page's header);
--   - from `fieldsContent`: `fieldList`, the fields alone, in their order, each without
--     `notifyFamilies` (a staff choice no page shows): a team page, /schedule. Always there
--     while `fieldsContent` is stored (`[]` without fields), so that a stored document never
--     reads as the sample fields.
-- The client's projection of its built-in documents is core's entities/derived-views.ts.

-- The documents rows are derived from: what the follow trigger follows.
create or replace function public.is_derived_source(content_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select content_key in ('teams', 'content', 'fieldsContent', 'programsContent', 'clinics')
$$;

-- Replaced in place: the policy that lets anyone read a derived row names it.
create or replace function public.derived_content_source(content_key text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when content_key = 'publicTeams' or public.is_team_view_key(content_key) then 'teams'
    when content_key = 'siteFooter' then 'content'
    when content_key in ('weatherPostingTimes', 'fieldList') then 'fieldsContent'
    when content_key in ('programSummaries', 'programRegistrations')
      or content_key ~ '^program/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'programsContent'
    when content_key in ('eventCards', 'eventSlugs')
      or content_key ~ '^event/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then 'clinics'
  end
$$;

-- The rows of 20261207000600_event_slugs.sql, kept under a second name and not restated, and
-- the footer's, the registrations' and the fields' beside them.
alter function public.derived_views(text, jsonb) rename to derived_views_but_footer_and_fields;

create function public.derived_views(source text, doc jsonb)
returns table (key text, value jsonb)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.key, v.value
    from public.derived_views_but_footer_and_fields(source, doc) as v
  union all
  select 'siteFooter', public.derived_part(case when jsonb_typeof(doc) = 'object' then doc
                                                else '{}'::jsonb end, array['footer', 'contact'])
   where source = 'content' and jsonb_typeof(doc) = 'object'
  union all
  select 'programRegistrations', coalesce(jsonb_object_agg(p.key, public.derived_part(p.value,
           array['registration'])), '{}'::jsonb)
    from jsonb_each(case when jsonb_typeof(doc) = 'object' then doc else '{}'::jsonb end) as p
   where source = 'programsContent' and jsonb_typeof(doc) = 'object'
     and jsonb_typeof(p.value) = 'object'
  having source = 'programsContent' and jsonb_typeof(doc) = 'object'
  union all
  select 'fieldList', coalesce(jsonb_agg(f.value - 'notifyFamilies' order by f.n), '[]'::jsonb)
    from jsonb_array_elements(case when jsonb_typeof(doc -> 'fields') = 'array'
                                   then doc -> 'fields' else '[]'::jsonb end)
         with ordinality as f(value, n)
   where source = 'fieldsContent' and jsonb_typeof(doc) = 'object'
     and jsonb_typeof(f.value) = 'object'
  having source = 'fieldsContent' and jsonb_typeof(doc) = 'object'
$$;
grant execute on function public.derived_views(text, jsonb) to anon, authenticated, service_role;

-- The home document, the programs and the fields stored now get their rows.
do $$
declare
  stored public.website_content%rowtype;
begin
  for stored in
    select * from public.website_content where key in ('content', 'programsContent', 'fieldsContent')
  loop
    perform public.derived_refresh(stored.key, stored.value, stored.version);
  end loop;
end
$$;
