-- Realtime: which tables push their changes, and who may use private channels.
--
-- Hosted Supabase streams changes of the tables in the `supabase_realtime` publication
-- (it exists, empty, in every project); the local server mirrors the same publication
-- with triggers of its own. Each change is delivered only to subscribers whose role and
-- claims can SELECT the row under its RLS policies, so a staff-only table stays
-- staff-only even if it is added here. Still, only what the product pushes is listed:
-- content_revisions and form_submissions are deliberately not.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'website_content'
  ) then
    alter publication supabase_realtime add table public.website_content;
  end if;
end
$$;

-- Private channels (`config: { private: true }`) whose topic starts with `staff:` are
-- for staff only: the editors' presence and notices. realtime.topic() is the channel's
-- name while Realtime checks a join. Guarded because realtime.messages is created by
-- the Realtime service, which a bare Postgres (e.g. `db push --db-url` to a plain
-- server) does not have.
do $$
begin
  if to_regclass('realtime.messages') is not null then
    execute $policy$
      create policy "Staff receive on staff channels"
        on realtime.messages for select
        to authenticated
        using (
          (select public.is_admin())
          and (select realtime.topic()) like 'staff:%'
          and extension in ('broadcast', 'presence')
        )
    $policy$;
    execute $policy$
      create policy "Staff send on staff channels"
        on realtime.messages for insert
        to authenticated
        with check (
          (select public.is_admin())
          and (select realtime.topic()) like 'staff:%'
          and extension in ('broadcast', 'presence')
        )
    $policy$;
  end if;
end
$$;
