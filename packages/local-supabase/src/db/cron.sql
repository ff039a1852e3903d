-- A stand-in for pg_cron's job table and cron.schedule / cron.unschedule, which a hosted
-- project has once pg_cron is enabled, so that a migration that schedules a job runs
-- unchanged here and the local server runs the job (src/db/cron.ts). Only the API roles'
-- lack of access matches the real one; the schedules understood are `N seconds` and any
-- five-field cron expression in GMT (src/db/cron.ts). Idempotent: it runs at every start, before the migrations.

create schema if not exists cron;
revoke all on schema cron from public;

create table if not exists cron.job (
  jobid bigint generated always as identity primary key,
  jobname text unique,
  schedule text not null,
  command text not null,
  active boolean not null default true
);

create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language sql
as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid
$$;

create or replace function cron.unschedule(job_name text)
returns boolean
language sql
as $$
  with gone as (delete from cron.job where jobname = job_name returning 1)
  select exists (select 1 from gone)
$$;

revoke all on all functions in schema cron from public;
