-- The director's notifications go out without anyone signed in: a database webhook calls the
-- Edge Function `director-mail` when a submission is stored, and a cron job calls it again
-- while the outbox (20261206000500_director_mail_outbox.sql) holds anything due: a retry after
-- a failed send, or the daily digest.
--
-- Both use pg_net (`net.http_post`), which queues the request and sends it after the
-- transaction commits: the insert never waits for the function, and a rolled-back insert calls
-- nothing. The project's URL and service-role key come from Vault (`project_url`,
-- `service_role_key`): the local backend writes them at each start; on a hosted project the
-- owner writes them once (docs/deploying.md). Until they are there, nothing is called and the
-- notifications wait in the outbox, which loses nothing.
--
-- Where pg_net or pg_cron is available but off (a hosted project), this turns it on; where it
-- cannot, it says so and moves on (docs/deploying.md has the SQL to run later).

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_net')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    begin
      create extension pg_net;
    exception when others then
      raise notice 'pg_net could not be enabled (%): see docs/deploying.md', sqlerrm;
    end;
  end if;
  if not exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension pg_cron;
    exception when others then
      raise notice 'pg_cron could not be enabled (%): see docs/deploying.md', sqlerrm;
    end;
  end if;
end
$$;

-- Queues a call of director-mail with `body`. Never raises: a webhook must not fail the
-- insert that fired it (what it would have sent waits in the outbox for the cron job).
create function public.director_mail_request(body jsonb)
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
    raise notice 'director-mail: Vault holds no project_url or service_role_key; notifications wait in the outbox';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/director-mail',
    body := body,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key
    ),
    -- A cold start fetches the function's packages; its answer is only recorded anyway.
    timeout_milliseconds := 60000
  );
exception when others then
  raise warning 'director-mail: the call could not be queued: %', sqlerrm;
  return null;
end
$$;
comment on function public.director_mail_request(jsonb) is
  'Queues a call (pg_net) of the director-mail Edge Function with the service role key from Vault. Never raises.';
revoke execute on function public.director_mail_request(jsonb) from public;

-- The webhook: the function reads what to send from the outbox, so the body names the row
-- only (the shape of a dashboard webhook's, without the visitor's details).
create function public.form_submissions_mail_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.director_mail_request(jsonb_build_object(
    'type', TG_OP,
    'table', TG_TABLE_NAME,
    'schema', TG_TABLE_SCHEMA,
    'record', jsonb_build_object('id', new.id, 'kind', new.kind),
    'old_record', null
  ));
  return null;
end
$$;
revoke execute on function public.form_submissions_mail_webhook() from public;

-- After the outbox row's trigger (triggers of one event fire in name order: "queue" < "webhook").
create trigger form_submissions_webhook_mail
  after insert on public.form_submissions
  for each row execute function public.form_submissions_mail_webhook();

-- The cron job: every 20 seconds, a call only while something in the outbox is due (a retry,
-- or rows waiting for the digest), so an idle outbox costs no function call. It passes the
-- database's time, which decides what is due.
do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    perform cron.schedule('director-mail', '20 seconds', $job$
      select public.director_mail_request(jsonb_build_object('now', now()))
      where exists (
        select 1 from public.mail_outbox where status = 'pending' and next_attempt_at <= now()
      )
    $job$);
  else
    raise notice 'pg_cron is off: schedule director-mail as docs/deploying.md shows';
  end if;
exception when others then
  raise notice 'Could not schedule director-mail with pg_cron: %', sqlerrm;
end
$$;
