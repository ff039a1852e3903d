-- Families hear first (issue 33, the email half): families follow a team, a program, a field or
-- the whole club by email, and hear of a status alert ("All games cancelled") as it is
-- published or changed.
--
-- * family_subscribers: one row per address. Nothing but the confirmation email is ever sent
--   to an address until its double opt-in link is followed (confirmed_at).
-- * family_subscriptions: what an address follows (kind team | program | field | club, ref the
--   slug or id; '' for club). A subscription added from the site waits for the address's
--   confirmation link too (confirmed_at), so nobody can make someone else's address follow more.
-- * family_notifications: what was announced (no personal data): one per status alert and
--   decision, unique, so a save that repeats it announces nothing.
-- * family_deliveries: one row per notification, subscriber and channel (email now; a push
--   channel later adds rows of its own), unique, so a retried run never sends twice.
-- * family_alert_attempts: hashed per-address and per-IP counters for the subscribe limits.
--
-- Only staff read them (public.is_admin()); nobody writes them but the service role, which
-- the Edge Function `family-alerts` holds. The webhook below calls it when a status alert is
-- published or changed; a cron job calls it again while anything is due (retries), and
-- removes, daily, what the retention rule says goes.

create table public.family_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  confirmed_at timestamptz,
  -- sha256 (hex) of the secret every signed link of this address carries: replacing it
  -- voids every link sent before.
  manage_token_hash text not null,
  created_at timestamptz not null default now(),
  -- When the family last followed a link of ours (the confirmation, "My alerts").
  last_opened_at timestamptz,
  unsubscribed_at timestamptz,
  constraint family_subscribers_email check (
    char_length(email) between 3 and 254 and email = lower(email) and email !~ '\s'
  )
);
create unique index family_subscribers_email_idx on public.family_subscribers (email);
comment on table public.family_subscribers is
  'Addresses that asked for families'' alerts. Staff read; only the service role (family-alerts) writes.';

create table public.family_subscriptions (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references public.family_subscribers (id) on delete cascade,
  kind text not null,
  ref text not null default '',
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint family_subscriptions_kind check (kind in ('team', 'program', 'field', 'club')),
  constraint family_subscriptions_ref check (
    (kind = 'club' and ref = '') or (kind <> 'club' and ref ~ '^[A-Za-z0-9_-]{1,100}$')
  ),
  unique (subscriber_id, kind, ref)
);
create index family_subscriptions_ref_idx on public.family_subscriptions (kind, ref);
comment on table public.family_subscriptions is
  'What each address follows: a team, a program, a field or the club. Staff read; only the service role writes.';

create table public.family_notifications (
  id uuid primary key default gen_random_uuid(),
  -- 'status-alert:<alert id>:<md5 of the decision>': one announcement per decision.
  idempotency_key text not null unique,
  trigger_kind text not null default 'status-alert',
  alert_id text,
  status_type text,
  -- The decision as families read it (the alert's title and message), and where it applies.
  summary text not null,
  message text not null default '',
  target_pages text[] not null default '{}',
  -- pending: its deliveries are not all made yet; done: every delivery row exists.
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  constraint family_notifications_status check (status in ('pending', 'done')),
  constraint family_notifications_kind check (trigger_kind in ('status-alert')),
  constraint family_notifications_summary check (char_length(summary) <= 400),
  constraint family_notifications_message check (char_length(message) <= 4000)
);
comment on table public.family_notifications is
  'What families were told (a status alert published or changed): no personal data. Staff read; only the service role writes.';

create table public.family_deliveries (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references public.family_notifications (id) on delete cascade,
  subscriber_id uuid not null references public.family_subscribers (id) on delete cascade,
  channel text not null default 'email',
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint family_deliveries_channel check (channel in ('email')),
  constraint family_deliveries_status check (
    status in ('pending', 'sending', 'sent', 'failed', 'bounced')
  ),
  constraint family_deliveries_error check (error is null or char_length(error) <= 1000),
  unique (notification_id, subscriber_id, channel)
);
create index family_deliveries_due_idx on public.family_deliveries (next_attempt_at)
  where status = 'pending';
create index family_deliveries_subscriber_idx on public.family_deliveries (subscriber_id);
comment on table public.family_deliveries is
  'One delivery per notification, subscriber and channel: pending, sending, sent, failed or bounced. Staff read; only the service role writes.';

create table public.family_alert_attempts (
  id bigint generated always as identity primary key,
  -- 'ip:<sha256>' or 'address:<sha256>': never the address or the IP itself.
  key text not null,
  created_at timestamptz not null default now()
);
create index family_alert_attempts_key_idx on public.family_alert_attempts (key, created_at);
comment on table public.family_alert_attempts is
  'Hashed per-address and per-IP subscribe attempts, for the rate limits; kept a day.';

do $$
declare
  name text;
begin
  foreach name in array array[
    'family_subscribers', 'family_subscriptions', 'family_notifications',
    'family_deliveries', 'family_alert_attempts'
  ] loop
    execute format('revoke all on table public.%I from anon, authenticated', name);
    execute format('grant select on table public.%I to authenticated', name);
    execute format('grant all on table public.%I to service_role', name);
    execute format('alter table public.%I enable row level security', name);
    execute format(
      'create policy "Staff can read %s" on public.%I for select to authenticated using ((select public.is_admin()))',
      name, name);
  end loop;
end
$$;
-- No insert, update or delete policy: only the service role (which bypasses RLS) writes.

-- Queues a call of family-alerts with `body` (pg_net, after the transaction commits), with the
-- project's URL and service role key from Vault, as director_mail_request does. Never raises.
create function public.family_alerts_request(body jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if project_url is null or service_key is null then
    raise notice 'family-alerts: Vault holds no project_url or service_role_key; notifications wait';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/family-alerts',
    body := body,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key
    ),
    timeout_milliseconds := 60000
  );
exception when others then
  raise warning 'family-alerts: the call could not be queued: %', sqlerrm;
  return null;
end
$$;
revoke execute on function public.family_alerts_request(jsonb) from public;

-- A status alert published or changed: each live status alert (isActive, started, not ended)
-- whose decision (status, title, message) is new or differs from the stored one before the
-- save becomes one notification, and the function is called. Anything else in the save (a
-- general alert, a reorder, an alert taken down) announces nothing. The save itself only
-- inserts a row and queues a request: it stays as fast as before.
create function public.website_content_family_alerts()
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
      or item->'isActive' is distinct from 'true'::jsonb;
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

create trigger website_content_family_alerts
  after insert or update on public.website_content
  for each row
  when (new.key = 'alerts')
  execute function public.website_content_family_alerts();

-- The fan-out of one notification: a delivery row (email) for each confirmed, subscribed
-- address that follows what it concerns (the teams, programs and fields the function found in
-- its target pages), or every such address for a club-wide one; anyone following the club
-- hears of everything. Unique per notification and subscriber, so running it again adds
-- nothing. Marks the notification done; returns how many deliveries it added.
create function public.family_alerts_fan_out(
  notification uuid,
  everyone boolean,
  teams text[],
  programs text[],
  fields text[]
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  added integer;
begin
  insert into public.family_deliveries (notification_id, subscriber_id, channel)
  select distinct notification, subscriber.id, 'email'
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
     )
  on conflict (notification_id, subscriber_id, channel) do nothing;
  get diagnostics added = row_count;
  update public.family_notifications set status = 'done' where id = notification;
  return added;
end
$$;
revoke execute on function public.family_alerts_fan_out(uuid, boolean, text[], text[], text[]) from public;
grant execute on function public.family_alerts_fan_out(uuid, boolean, text[], text[], text[]) to service_role;

-- One sending run at a time, so that MAIL_PER_SECOND holds for the whole project however
-- often the webhook and the cron job call: a run takes the lease (for at most `seconds`),
-- renews it between batches, and gives it back when done; a call that finds it taken leaves
-- the work to the run that holds it.
create table public.family_alert_runs (
  id integer primary key default 1,
  holder uuid,
  locked_until timestamptz not null default '-infinity',
  constraint family_alert_runs_one check (id = 1)
);
insert into public.family_alert_runs (id) values (1);
revoke all on table public.family_alert_runs from anon, authenticated;
grant all on table public.family_alert_runs to service_role;
alter table public.family_alert_runs enable row level security;

create function public.family_alerts_lease(run uuid, seconds integer)
returns boolean
language sql
security definer
set search_path = ''
as $$
  update public.family_alert_runs
     set holder = case when seconds > 0 then run end,
         locked_until = now() + make_interval(secs => greatest(seconds, 0))
   where id = 1 and (holder = run or holder is null or locked_until < now())
  returning true
$$;
revoke execute on function public.family_alerts_lease(uuid, integer) from public;
grant execute on function public.family_alerts_lease(uuid, integer) to service_role;

-- Retention: an address that never confirmed goes after 7 days; one that followed none of our
-- links for a season (365 days since it confirmed or last opened anything) goes with all its
-- subscriptions and deliveries; an unsubscribed one goes after 30 days; announcements after a
-- year; subscribe attempts after a day. Returns how many addresses it removed.
create function public.family_alerts_cleanup()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.family_subscribers
   where (confirmed_at is null and created_at < now() - interval '7 days')
      or (unsubscribed_at is not null and unsubscribed_at < now() - interval '30 days')
      or (greatest(confirmed_at, last_opened_at) < now() - interval '365 days');
  get diagnostics removed = row_count;
  delete from public.family_notifications where created_at < now() - interval '365 days';
  delete from public.family_alert_attempts where created_at < now() - interval '1 day';
  return removed;
end
$$;
revoke execute on function public.family_alerts_cleanup() from public;
grant execute on function public.family_alerts_cleanup() to service_role;
comment on function public.family_alerts_cleanup() is
  'Removes what families'' alerts keep no longer: unconfirmed addresses after 7 days, addresses that opened nothing for a season (365 days), unsubscribed ones after 30 days. Daily by pg_cron.';

-- The cron jobs: every 20 seconds a call while a notification or a retry is due; the cleanup
-- daily at 4:15 (UTC).
do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    perform cron.schedule('family-alerts', '20 seconds', $job$
      select public.family_alerts_request(jsonb_build_object('action', 'notify'))
      where exists (select 1 from public.family_notifications where status = 'pending')
         or exists (
           select 1 from public.family_deliveries
            where status = 'pending' and next_attempt_at <= now())
    $job$);
    perform cron.schedule('family-alerts-cleanup', '15 4 * * *',
      'select public.family_alerts_cleanup()');
  else
    raise notice 'pg_cron is off: schedule family-alerts as docs/deploying.md shows';
  end if;
exception when others then
  raise notice 'Could not schedule family-alerts with pg_cron: %', sqlerrm;
end
$$;
