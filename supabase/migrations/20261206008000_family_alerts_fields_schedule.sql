-- Families hear first (issue 33 §2), the two other triggers: a field closed or reopened (the
-- field status document, `fieldsContent`), and a game moved, cancelled or given another field
-- on a team's schedule (the `teams` document). Each becomes a notification of its own kind, as
-- a status alert does (20261206002000_family_alerts.sql), and the function `family-alerts`
-- fans it out and sends it.
--
-- * Whom it concerns is said by its target pages, which the function reads as for a status
--   alert: `/fields#<field id>` is that one field's followers; `/team/<team key>` the team's and
--   its program's. Anyone following the club hears of everything.
-- * The decision first, as its subject: "Closed: Briar Meadow", "Reopened: Briar Meadow",
--   "Cancelled: Big Train 12U vs Hawks, Saturday, May 2, 6:00 PM at Briar Meadow".
-- * Its alert_id ('field-status:<id>', 'schedule:<team>:<entry>') groups the notifications of
--   one field or game, so a change within 10 minutes goes out as an update to the first.
-- * A field saved with `notifyFamilies: false` (staff chose "Don't notify families" for the
--   publish that set its status) announces nothing; nor does a game entry saved with it.
-- * Both triggers only insert rows and queue one request: the save stays as fast as before.

-- The club's time zone, for the database's idea of "today": the zone of core's CLUB_TIME_ZONE
-- (packages/core/src/club/club-time.ts) and of the functions' CLUB_TIME_ZONE, which a contract
-- test (family-alerts-triggers.test.ts) holds equal.
create function public.club_time_zone()
returns text
language sql
immutable
set search_path = ''
as $$ select 'America/New_York' $$;

alter table public.family_notifications drop constraint family_notifications_kind;
alter table public.family_notifications add constraint family_notifications_kind
  check (trigger_kind in ('status-alert', 'field-status', 'schedule'));

-- A field closed (from open or "check back"), or reopened (closed before, open now). With no
-- earlier state to compare (the document's first save, or a field added), a closure the editor
-- stamped in the last 10 minutes counts: the editor stamps only the fields it changed. The
-- field's followers are told, and those of each team with a game there today (club time).
create function public.website_content_family_field_alerts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  field jsonb;
  previous jsonb;
  was text;
  status text;
  decision text;
  name text;
  teams jsonb;
  queued integer := 0;
  today text := to_char((now() at time zone public.club_time_zone())::date, 'YYYY-MM-DD');
begin
  if jsonb_typeof(new.value) <> 'object' or jsonb_typeof(new.value->'fields') <> 'array' then
    return null;
  end if;
  for field in select value from jsonb_array_elements(new.value->'fields') loop
    continue when jsonb_typeof(field) <> 'object'
      or jsonb_typeof(field->'id') <> 'string'
      or field->'notifyFamilies' = 'false'::jsonb;
    status := field->>'status';
    continue when status is null or status not in ('open', 'closed');
    previous := null;
    if tg_op = 'UPDATE' and jsonb_typeof(old.value) = 'object'
      and jsonb_typeof(old.value->'fields') = 'array' then
      select value into previous from jsonb_array_elements(old.value->'fields')
       where value->>'id' = field->>'id' limit 1;
    end if;
    if previous is not null then
      was := coalesce(previous->>'status', '');
    else
      begin
        continue when coalesce(
          (field->>'statusUpdatedAt')::timestamptz < now() - interval '10 minutes', true);
      exception when others then
        continue;
      end;
      was := '';
    end if;
    if status = 'closed' and was <> 'closed' then
      decision := 'Closed';
    elsif status = 'open' and was = 'closed' then
      decision := 'Reopened';
    else
      continue;
    end if;
    name := coalesce(nullif(btrim(field->>'name'), ''), field->>'id');
    if teams is null then
      select value into teams from public.website_content where key = 'teams';
      teams := coalesce(teams, '{}'::jsonb);
    end if;
    insert into public.family_notifications
      (idempotency_key, trigger_kind, alert_id, status_type, summary, message, target_pages)
    values (
      'field-status:' || left(field->>'id', 100) || ':' || status || ':'
        || coalesce(field->>'statusUpdatedAt', now()::text),
      'field-status',
      'field-status:' || left(field->>'id', 100),
      case when status = 'closed' then 'game-off' else 'game-on' end,
      left(decision || ': ' || name, 400),
      left(coalesce(field->>'statusReason', ''), 4000),
      array['/fields#' || left(field->>'id', 100)] || array(
        select '/team/' || team.key
          from jsonb_each(case when jsonb_typeof(teams) = 'object' then teams else '{}' end) team
         where jsonb_typeof(team.value->'schedule') = 'array'
           and exists (
             select 1 from jsonb_array_elements(team.value->'schedule') game
              where game.value->>'fieldId' = field->>'id' and game.value->>'date' = today
                and coalesce(game.value->>'kind', 'game') = 'game'
                and coalesce(game.value->>'status', 'scheduled') = 'scheduled')
         order by team.key)
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
revoke execute on function public.website_content_family_field_alerts() from public;

create trigger website_content_family_field_alerts
  after insert or update on public.website_content
  for each row
  when (new.key = 'fieldsContent')
  execute function public.website_content_family_field_alerts();

-- A game on a team's schedule (kind `game`, today or later in club time) that was there before
-- the save and now is cancelled, postponed, back on, moved (another date or time) or given
-- another field. New games and games removed announce nothing. Followers of the team, its
-- program, and the game's field (before and after) are told.
create function public.website_content_family_schedule_alerts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change record;
  decision text;
  game text;
  place text;
  field_name text;
  fields jsonb;
  pages text[];
  queued integer := 0;
  today date := (now() at time zone public.club_time_zone())::date;
begin
  if tg_op <> 'UPDATE' or jsonb_typeof(new.value) <> 'object'
    or jsonb_typeof(old.value) <> 'object' then
    return null;
  end if;
  select value->'fields' into fields from public.website_content where key = 'fieldsContent';
  for change in
    with
      after_save as (
        select team.key as team_key, team.value as team, entry.value as entry
          from jsonb_each(new.value) team,
               lateral jsonb_array_elements(
                 case when jsonb_typeof(team.value->'schedule') = 'array'
                   then team.value->'schedule' else '[]'::jsonb end) entry
         where jsonb_typeof(entry.value) = 'object'
      ),
      before_save as (
        select team.key as team_key, entry.value as entry
          from jsonb_each(old.value) team,
               lateral jsonb_array_elements(
                 case when jsonb_typeof(team.value->'schedule') = 'array'
                   then team.value->'schedule' else '[]'::jsonb end) entry
         where jsonb_typeof(entry.value) = 'object'
      )
    select a.team_key, a.team, a.entry, b.entry as before
      from after_save a
      join before_save b on b.team_key = a.team_key and b.entry->>'id' = a.entry->>'id'
     where coalesce(a.entry->>'kind', 'game') = 'game'
       and a.entry->'notifyFamilies' is distinct from 'false'::jsonb
       and (a.entry->>'status', a.entry->>'date', a.entry->>'time', a.entry->>'fieldId')
           is distinct from
           (b.entry->>'status', b.entry->>'date', b.entry->>'time', b.entry->>'fieldId')
  loop
    begin
      continue when (change.entry->>'date')::date < today
        and (change.before->>'date')::date < today;
    exception when others then
      continue;
    end;
    decision := case
      when change.entry->>'status' = 'cancelled'
        and change.before->>'status' is distinct from 'cancelled' then 'Cancelled'
      when change.entry->>'status' = 'postponed'
        and change.before->>'status' is distinct from 'postponed' then 'Postponed'
      when change.entry->>'status' in ('cancelled', 'postponed') then null
      when change.before->>'status' in ('cancelled', 'postponed') then 'Back on'
      when (change.entry->>'date', change.entry->>'time')
        is distinct from (change.before->>'date', change.before->>'time') then 'Moved'
      else 'New field'
    end;
    continue when decision is null;
    field_name := null;
    if coalesce(change.entry->>'fieldId', '') <> '' and jsonb_typeof(fields) = 'array' then
      select nullif(btrim(value->>'name'), '') into field_name from jsonb_array_elements(fields)
       where value->>'id' = change.entry->>'fieldId' limit 1;
    end if;
    place := coalesce(
      field_name,
      nullif(btrim(change.entry->>'location'), ''),
      nullif(change.entry->>'fieldId', ''));
    game := coalesce(nullif(btrim(change.team->>'name'), ''), change.team_key)
      || coalesce(case when change.entry->>'homeAway' = 'away' then ' at ' else ' vs ' end
           || nullif(btrim(change.entry->>'opponent'), ''), '')
      || ', ' || to_char((change.entry->>'date')::date, 'FMDay, FMMonth FMDD')
      || coalesce(', ' || nullif(change.entry->>'time', ''), '')
      || coalesce(' at ' || place, '');
    pages := array['/team/' || change.team_key]
      || array(
        select distinct '/fields#' || id from unnest(array[
          nullif(change.entry->>'fieldId', ''), nullif(change.before->>'fieldId', '')]) id
         where id is not null);
    insert into public.family_notifications
      (idempotency_key, trigger_kind, alert_id, status_type, summary, message, target_pages)
    values (
      'schedule:' || left(change.team_key, 100) || ':' || left(change.entry->>'id', 100) || ':'
        || md5(concat_ws(E'\n', change.entry->>'status', change.entry->>'date',
             change.entry->>'time', change.entry->>'fieldId')),
      'schedule',
      left('schedule:' || change.team_key || ':' || (change.entry->>'id'), 100),
      case decision when 'Cancelled' then 'game-off' when 'Postponed' then 'delayed'
        else null end,
      left(decision || ': ' || game, 400),
      left(coalesce(change.entry->>'note', ''), 4000),
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
revoke execute on function public.website_content_family_schedule_alerts() from public;

create trigger website_content_family_schedule_alerts
  after update on public.website_content
  for each row
  when (new.key = 'teams')
  execute function public.website_content_family_schedule_alerts();

-- A correction saved while the first message is still queued (issue 33 §2): the unsent
-- deliveries of the earlier notifications of the same alert (field, game) within the 10-minute
-- correction window, to the recipients the correction reaches, go; each hears once, of the
-- decision as it stands. Deliveries being sent or sent stay (the correction is then an update
-- to them). Returns how many it removed.
create function public.family_alerts_replace_queued(correction uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.family_deliveries earlier
   using public.family_notifications first, public.family_notifications later_one
   where later_one.id = correction
     and later_one.alert_id is not null
     and first.alert_id = later_one.alert_id
     and first.id <> later_one.id
     and first.created_at <= later_one.created_at
     and first.created_at >= later_one.created_at - interval '10 minutes'
     and earlier.notification_id = first.id
     and earlier.status = 'pending'
     and exists (
       select 1 from public.family_deliveries later
        where later.notification_id = correction
          and later.channel = earlier.channel
          and (later.subscriber_id = earlier.subscriber_id
            or later.push_subscription_id = earlier.push_subscription_id));
  get diagnostics removed = row_count;
  return removed;
end
$$;
revoke execute on function public.family_alerts_replace_queued(uuid) from public;
grant execute on function public.family_alerts_replace_queued(uuid) to service_role;
