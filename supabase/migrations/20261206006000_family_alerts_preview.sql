-- Families' alerts, before publishing (issue 33 §2): the alerts editors say how many would be
-- told, with a "Don't notify" choice.
--
-- 1. public.family_alerts_audience counts, without listing anyone, the confirmed addresses and
--    the push devices a notification on these teams, programs and fields (or club-wide) would
--    reach now, with the same rule as public.family_alerts_fan_out. Only the service role (the
--    Edge Function `family-alerts`, for staff who ask with their own token) may call it.
-- 2. A status alert whose `notifyFamilies` is false (staff chose "Don't notify") announces
--    nothing: the trigger of 20261206002000_family_alerts.sql, with that one condition added.

create function public.family_alerts_audience(
  everyone boolean,
  teams text[],
  programs text[],
  fields text[]
)
returns table (email integer, push integer)
language sql
stable
security definer
set search_path = ''
as $$
  select
    (select count(distinct subscriber.id)::integer
       from public.family_subscribers subscriber
       join public.family_subscriptions follow on follow.subscriber_id = subscriber.id
      where subscriber.confirmed_at is not null
        and subscriber.unsubscribed_at is null
        and follow.confirmed_at is not null
        and (
          everyone
          or follow.kind = 'club'
          or (follow.kind = 'team' and follow.ref = any (coalesce(teams, '{}')))
          or (follow.kind = 'program' and follow.ref = any (coalesce(programs, '{}')))
          or (follow.kind = 'field' and follow.ref = any (coalesce(fields, '{}')))
        )),
    (select count(distinct follow.push_subscription_id)::integer
       from public.family_push_follows follow
      where everyone
         or follow.kind = 'club'
         or (follow.kind = 'team' and follow.ref = any (coalesce(teams, '{}')))
         or (follow.kind = 'program' and follow.ref = any (coalesce(programs, '{}')))
         or (follow.kind = 'field' and follow.ref = any (coalesce(fields, '{}'))))
$$;
revoke execute on function public.family_alerts_audience(boolean, text[], text[], text[]) from public, anon, authenticated;
grant execute on function public.family_alerts_audience(boolean, text[], text[], text[]) to service_role;

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
      or item->>'alert_category' is distinct from 'status'
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
