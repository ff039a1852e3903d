-- The director's email notifications: a persistent outbox, so that no notification is lost.
--
-- Every new form submission gets a row here in the same transaction as the submission itself
-- (the trigger below), so a stored submission always has its notification waiting, whether or
-- not mail works at that moment. The Edge Function `director-mail` (supabase/functions) sends
-- the rows: it reads adminSettings (the two switches, "right away" or a daily digest, the
-- address) and adminProfile, sends over SMTP, and records the outcome. A failed send is tried
-- again with a growing wait (next_attempt_at); after the last try the row is 'failed', which
-- Settings shows the director. A row the director's switch was off for is 'skipped'.
--
-- One row per submission (idempotency_key 'submission:<id>'), claimed before each send
-- ('pending' → 'sending' in one statement), so two runs of the function never send it twice.
--
-- Staff may read the rows (Settings shows the last delivery and any failure); only the service
-- role (the function) writes them. Earlier migrations may already be applied to a hosted
-- project, so this one only adds.

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  -- 'submission:<form_submissions.id>': one notification per submission, ever.
  idempotency_key text not null unique,
  submission_id uuid references public.form_submissions (id) on delete set null,
  -- The submission's kind, which decides the switch: 'registration-interest' or 'contact'.
  kind text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error text,
  -- Sent alone ('immediate') or in a daily digest ('digest'); set when it is sent.
  delivery text,
  recipient text,
  message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint mail_outbox_kind check (kind in ('contact', 'registration-interest')),
  constraint mail_outbox_status check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  constraint mail_outbox_delivery check (delivery is null or delivery in ('immediate', 'digest')),
  constraint mail_outbox_attempts check (attempts >= 0),
  constraint mail_outbox_error_length check (last_error is null or char_length(last_error) <= 1000)
);
comment on table public.mail_outbox is
  'The director''s email notifications, one per form submission: pending, sending, sent, failed (after its retries) or skipped (switch off). Staff read; only the service role (the director-mail Edge Function) writes.';

-- The function's work list, and Settings' last delivery.
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_sent_idx on public.mail_outbox (sent_at desc) where status = 'sent';

revoke all on table public.mail_outbox from anon, authenticated;
grant select on table public.mail_outbox to authenticated;
grant all on table public.mail_outbox to service_role;

alter table public.mail_outbox enable row level security;

create policy "Staff can read the mail outbox"
  on public.mail_outbox for select
  to authenticated
  using ((select public.is_admin()));
-- No insert, update or delete policy: only the service role (which bypasses RLS) writes.

-- Each stored submission gets its notification row, in the same transaction. security
-- definer: the sender may not write the outbox. A honeypot row never gets here (the before
-- trigger drops it).
create function public.form_submissions_queue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.mail_outbox (idempotency_key, submission_id, kind)
  values ('submission:' || new.id::text, new.id, new.kind)
  on conflict (idempotency_key) do nothing;
  return null;
end
$$;
revoke execute on function public.form_submissions_queue_mail() from public;

create trigger form_submissions_queue_mail
  after insert on public.form_submissions
  for each row execute function public.form_submissions_queue_mail();

-- A notification waiting for the daily digest waits (next_attempt_at) until the digest's hour.
-- When the director changes the settings (the switches, right away or digest, the hour), every
-- notification not yet tried is due again, so that the function decides anew by the new ones.
create function public.admin_settings_requeue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.mail_outbox
     set next_attempt_at = now()
   where status = 'pending' and attempts = 0 and next_attempt_at > now();
  return null;
end
$$;
revoke execute on function public.admin_settings_requeue_mail() from public;

create trigger website_content_requeue_mail
  after insert or update on public.website_content
  for each row
  when (new.key = 'adminSettings')
  execute function public.admin_settings_requeue_mail();
