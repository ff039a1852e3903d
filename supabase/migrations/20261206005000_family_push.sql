-- Families hear first (issue 33, the Web Push half): a device follows a team, a program, a
-- field or the club by Web Push, next to email (20261206002000_family_alerts.sql).
--
-- * family_push_subscriptions: one row per device's push subscription (its endpoint and its
--   keys, as `PushSubscription.toJSON()` gives them). The browser's permission prompt, which the
--   family answered after tapping "Push on this device", is the opt-in: no confirmation link.
-- * family_push_follows: what a device follows (as family_subscriptions).
-- * family_deliveries gains a push channel: one row per notification and push subscription.
--   A push service answering 404 or 410 removes the subscription; its delivery rows stay, as
--   the log (push_subscription_id set null).
--
-- Only staff read them (public.is_admin()): an endpoint lets whoever holds it push to the
-- device, so anon and families never read one. Nobody writes them but the service role (the
-- Edge Function `family-alerts`).

create table public.family_push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  endpoint text not null,
  -- The device's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  -- When the device last subscribed again or opened "My alerts" (for the retention rule).
  last_opened_at timestamptz not null default now(),
  constraint family_push_subscriptions_endpoint check (
    char_length(endpoint) between 12 and 1000 and endpoint ~ '^https?://[^\s]+$'
  ),
  constraint family_push_subscriptions_p256dh check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  constraint family_push_subscriptions_auth check (auth ~ '^[A-Za-z0-9_-]{16,24}={0,2}$')
);
create unique index family_push_subscriptions_endpoint_idx
  on public.family_push_subscriptions (endpoint);
comment on table public.family_push_subscriptions is
  'Devices'' Web Push subscriptions (endpoint and keys) for families'' alerts. Staff read; only the service role (family-alerts) writes.';

create table public.family_push_follows (
  id uuid primary key default gen_random_uuid(),
  push_subscription_id uuid not null
    references public.family_push_subscriptions (id) on delete cascade,
  kind text not null,
  ref text not null default '',
  created_at timestamptz not null default now(),
  constraint family_push_follows_kind check (kind in ('team', 'program', 'field', 'club')),
  constraint family_push_follows_ref check (
    (kind = 'club' and ref = '') or (kind <> 'club' and ref ~ '^[A-Za-z0-9_-]{1,100}$')
  ),
  unique (push_subscription_id, kind, ref)
);
create index family_push_follows_ref_idx on public.family_push_follows (kind, ref);
comment on table public.family_push_follows is
  'What each push subscription follows: a team, a program, a field or the club. Staff read; only the service role writes.';

do $$
declare
  name text;
begin
  foreach name in array array['family_push_subscriptions', 'family_push_follows'] loop
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

-- The push channel of the delivery log.
alter table public.family_deliveries alter column subscriber_id drop not null;
alter table public.family_deliveries
  add column push_subscription_id uuid
    references public.family_push_subscriptions (id) on delete set null;
alter table public.family_deliveries drop constraint family_deliveries_channel;
alter table public.family_deliveries add constraint family_deliveries_channel check (
  (channel = 'email' and subscriber_id is not null and push_subscription_id is null)
  or (channel = 'push' and subscriber_id is null)
);
create unique index family_deliveries_push_idx
  on public.family_deliveries (notification_id, push_subscription_id)
  where push_subscription_id is not null;
create index family_deliveries_push_subscription_idx
  on public.family_deliveries (push_subscription_id);
comment on table public.family_deliveries is
  'One delivery per notification, subscriber (email) or push subscription (push): pending, sending, sent, failed or bounced (a push endpoint that is gone). Staff read; only the service role writes.';

-- The fan-out (as before, for email) adds a push delivery for each push subscription that
-- follows what the notification concerns.
create or replace function public.family_alerts_fan_out(
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
  pushed integer;
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
  insert into public.family_deliveries (notification_id, push_subscription_id, channel)
  select distinct notification, follow.push_subscription_id, 'push'
    from public.family_push_follows follow
   where everyone
      or follow.kind = 'club'
      or (follow.kind = 'team' and follow.ref = any (coalesce(teams, '{}')))
      or (follow.kind = 'program' and follow.ref = any (coalesce(programs, '{}')))
      or (follow.kind = 'field' and follow.ref = any (coalesce(fields, '{}')))
  on conflict (notification_id, push_subscription_id) where push_subscription_id is not null
  do nothing;
  get diagnostics pushed = row_count;
  update public.family_notifications set status = 'done' where id = notification;
  return added + pushed;
end
$$;

-- Retention (as before), and push subscriptions not renewed for a season (365 days).
create or replace function public.family_alerts_cleanup()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
  devices integer;
begin
  delete from public.family_subscribers
   where (confirmed_at is null and created_at < now() - interval '7 days')
      or (unsubscribed_at is not null and unsubscribed_at < now() - interval '30 days')
      or (greatest(confirmed_at, last_opened_at) < now() - interval '365 days');
  get diagnostics removed = row_count;
  delete from public.family_push_subscriptions
   where last_opened_at < now() - interval '365 days';
  get diagnostics devices = row_count;
  delete from public.family_notifications where created_at < now() - interval '365 days';
  delete from public.family_alert_attempts where created_at < now() - interval '1 day';
  return removed + devices;
end
$$;
