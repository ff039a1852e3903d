-- Work that runs with nobody signed in runs where a hosted project runs it: in the database.
--
-- Until now the production server (apps/web start) and the dev server asked, with the anon
-- key, every few minutes, for due news posts to be published and for the public copies of
-- photos no page uses to be removed; for that, anyone holding the anon key could remove those
-- copies. A site on static hosting has no such server.
--
-- * Due news posts: pg_cron runs `public.publish_due_news()` every minute (migration
--   20261127000200). That is SQL and needs nothing more; the anon key may no longer call it
--   (a staff session still may, and publishes what is due as soon as the admin opens).
-- * Unused public photo copies: only the Storage API can remove a stored file, so pg_cron
--   calls the Edge Function `retire-unused-photos` through pg_net every five minutes, with the
--   project URL and the service role's key from the Vault (see docs/deploying.md). The anon
--   key's right to see and remove those copies goes.

drop policy if exists "Anyone may see a public photo copy no page uses" on storage.objects;
drop policy if exists "Anyone may remove a public photo copy no page uses" on storage.objects;
revoke execute on function public.retirable_public_photos() from anon, authenticated;
comment on function public.retirable_public_photos() is
  'Public copies of library photos that no stored document uses (public for over 10 minutes, kept in the private library): the function retire-unused-photos removes them, every five minutes.';

revoke execute on function public.publish_due_news() from anon;
comment on function public.publish_due_news() is
  'Publishes every scheduled news post whose time has come (newsDrafts → newsPosts, atomically). Run every minute by pg_cron, and by a staff session; returns how many it published.';

-- Turns pg_net on where it is available but off, then schedules the function where pg_cron
-- and pg_net both run; where they cannot, it says so and moves on (docs/deploying.md shows the
-- same schedule by hand).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_net')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    begin
      create extension pg_net;
    exception when others then
      raise notice 'pg_net could not be enabled (%): schedule retire-unused-photos by hand', sqlerrm;
    end;
  end if;
  if to_regprocedure('cron.schedule(text,text,text)') is not null
     and to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is not null then
    perform cron.schedule(
      'retire-unused-photos',
      '*/5 * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/retire-unused-photos',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (
              select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
          body := '{}'::jsonb,
          timeout_milliseconds := 60000)
        where exists (select 1 from vault.decrypted_secrets where name = 'project_url')
      $job$
    );
  end if;
exception when others then
  raise notice 'Could not schedule retire-unused-photos: %', sqlerrm;
end
$$;
