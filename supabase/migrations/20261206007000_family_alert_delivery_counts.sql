-- Families' alerts, after sending (issue 33 §2): staff see each notification's delivery per
-- channel. A view over the notifications and their delivery rows, counted by channel and
-- status; `security_invoker`, so the tables' own row-level security decides who reads it
-- (staff only, 20261206002000_family_alerts.sql): anyone else reads no row.
--
-- Email has no "delivered" of its own here: `sent` is handed to the mail provider, `bounced`
-- refused by it; push `bounced` is a device its push service says is gone (404/410).

create view public.family_alert_delivery_counts
with (security_invoker = true)
as
select
  n.id as notification_id,
  n.created_at,
  n.alert_id,
  n.status_type,
  n.summary,
  n.target_pages,
  count(d.id) filter (where d.channel = 'email' and d.status = 'sent')::integer as email_sent,
  count(d.id) filter (where d.channel = 'email' and d.status in ('pending', 'sending'))::integer
    as email_waiting,
  count(d.id) filter (where d.channel = 'email' and d.status = 'failed')::integer as email_failed,
  count(d.id) filter (where d.channel = 'email' and d.status = 'bounced')::integer as email_bounced,
  count(d.id) filter (where d.channel = 'push' and d.status = 'sent')::integer as push_sent,
  count(d.id) filter (where d.channel = 'push' and d.status in ('pending', 'sending'))::integer
    as push_waiting,
  count(d.id) filter (where d.channel = 'push' and d.status = 'failed')::integer as push_failed,
  count(d.id) filter (where d.channel = 'push' and d.status = 'bounced')::integer as push_bounced
from public.family_notifications n
left join public.family_deliveries d on d.notification_id = n.id
group by n.id;

comment on view public.family_alert_delivery_counts is
  'Each families'' alert notification with its deliveries counted by channel and status. Staff read (the tables'' RLS).';

revoke all on public.family_alert_delivery_counts from anon, authenticated;
grant select on public.family_alert_delivery_counts to authenticated;
