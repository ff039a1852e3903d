-- Families' alerts (issue 33 §2): "an alert targeted at a team's or program's page" is news for
-- that team's families whatever its category (a practice moved, a uniform pickup), so it is
-- announced as a status alert is, to the followers of the teams and programs its pages name
-- (and of the club). An alert of another category with no such page (club-wide news,
-- registration) still announces nothing: the families chose decisions, not every notice.
-- The alerts editor says so before saving (notify-families.tsx, alerts/alert-visibility.ts's
-- targetsTeamOrProgram, the same rule).

-- Whether an alert's pages (`targetPage`, then `morePages`) name a team's page at any of its
-- addresses (/team/{key}, /dmv/{year}, /programs/{program}/{team}) or a program's page.
create function public.family_alert_targets_team_or_program(item jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(item->>'targetPage', '') <> '' and exists (
    select 1 from (
      select item->>'targetPage' as page
      union all
      select value from jsonb_array_elements_text(
        case when jsonb_typeof(item->'morePages') = 'array' then item->'morePages' else '[]' end)
    ) listed
    where lower(page) ~ '^/?(team/[^/]+|dmv/[^/]+|programs/[^/]+(/[^/]+)?)/?$'
  )
$$;
revoke execute on function public.family_alert_targets_team_or_program(jsonb) from public, anon, authenticated;

create or replace function public.website_content_family_alerts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  item jsonb;
  previous jsonb;
  decision text;
  pages text[];
  queued integer := 0;
begin
  if jsonb_typeof(new.value) <> 'array' then
    return null;
  end if;
  for item in select value from jsonb_array_elements(new.value) loop
    continue when jsonb_typeof(item) <> 'object'
      or (item->>'alert_category' is distinct from 'status'
        and not public.family_alert_targets_team_or_program(item))
      or item->'isActive' is distinct from 'true'::jsonb
      -- Staff chose "Don't notify" for this alert.
      or item->'notifyFamilies' = 'false'::jsonb;
    begin
      continue when (item->>'startDate')::timestamptz > now()
        or (item->>'endDate')::timestamptz <= now();
    exception when others then
      continue;
    end;
    previous := null;
    if tg_op = 'UPDATE' and jsonb_typeof(old.value) = 'array' then
      select value into previous from jsonb_array_elements(old.value)
       where value->>'id' = item->>'id' limit 1;
    end if;
    continue when previous is not null
      and previous->'isActive' = 'true'::jsonb
      and previous->>'status_type' is not distinct from item->>'status_type'
      and previous->>'title' is not distinct from item->>'title'
      and previous->>'message' is not distinct from item->>'message';
    decision := coalesce(item->>'status_type', '') || E'\n' || coalesce(item->>'title', '')
      || E'\n' || coalesce(item->>'message', '');
    pages := array(
      select page from (
        select item->>'targetPage' as page
        union all
        select value from jsonb_array_elements_text(
          case when jsonb_typeof(item->'morePages') = 'array' then item->'morePages' else '[]' end)
      ) listed
      where page is not null and page <> '' and item->>'targetPage' is not null
    );
    insert into public.family_notifications
      (idempotency_key, alert_id, status_type, summary, message, target_pages)
    values (
      'status-alert:' || left(coalesce(item->>'id', ''), 100) || ':' || md5(decision),
      left(item->>'id', 100),
      left(item->>'status_type', 50),
      left(coalesce(item->>'title', ''), 400),
      left(coalesce(item->>'message', ''), 4000),
      pages
    )
    on conflict (idempotency_key) do nothing;
    if found then
      queued := queued + 1;
    end if;
  end loop;
  if queued > 0 then
    perform public.family_alerts_request(jsonb_build_object('action', 'notify'));
  end if;
  return null;
end
$$;
revoke execute on function public.website_content_family_alerts() from public;
