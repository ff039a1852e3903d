-- News drafts and scheduled posts.
--
-- A post that is not published yet never sits in the public `newsPosts` document. It is
-- an entry of `newsDrafts`, a document that is not on public.is_public_content_key's
-- allow-list, so only staff can read it (over REST and over Realtime alike). An entry is a
-- news post, plus `publishAt` (an ISO 8601 instant with its zone) when it is scheduled.
--
-- Publishing moves entries from `newsDrafts` into `newsPosts` in one transaction: both
-- rows are saved through their usual triggers (version check, limits, a revision each),
-- so the history shows the move and the public site never sees a half of it.
--   - public.publish_due_news(): publishes every entry whose time has come. Anyone may
--     call it: it only ever publishes what staff scheduled for now or earlier, and it
--     returns nothing but a count. The staff browser calls it when a post falls due,
--     the production server (apps/web start) every 30 s, and pg_cron every minute on a
--     hosted project where it is enabled (below).
--   - public.publish_news_post(id): staff only; publishes one draft now.
--   - public.unpublish_news_post(id): staff only; moves a published post back to drafts.
-- While `newsPosts` is not stored (the site still shows the built-in sample posts),
-- nothing is published, so the samples are never replaced by one post: the editor stores
-- `newsPosts` before it schedules anything.
--
-- Earlier migrations may already be applied to a hosted project; this one only adds.

-- The instant an entry is scheduled for, or null (a draft, or anything unreadable).
create function public.news_publish_at(entry jsonb)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  if jsonb_typeof(entry) <> 'object' or jsonb_typeof(entry -> 'publishAt') <> 'string' then
    return null;
  end if;
  -- Only a full instant with its zone: no 'now', 'infinity' or zone-less wall time.
  if (entry ->> 'publishAt') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$' then
    return null;
  end if;
  return (entry ->> 'publishAt')::timestamptz;
exception when others then
  return null;
end
$$;
revoke execute on function public.news_publish_at(jsonb) from public, anon, authenticated;

-- The move itself: every due entry (only_id null) or the one entry `only_id`. Not callable
-- through the API; the three functions below decide who may ask for what.
create function public.news_publish_drafts(only_id text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  drafts public.website_content%rowtype;
  posts public.website_content%rowtype;
  moving jsonb;
  staying jsonb;
  moving_ids text[];
begin
  -- Always newsDrafts, then newsPosts: the same order as unpublish, so the two never deadlock.
  select * into drafts from public.website_content where key = 'newsDrafts' for update;
  if not found or jsonb_typeof(drafts.value) <> 'array' then
    return 0;
  end if;
  select * into posts from public.website_content where key = 'newsPosts' for update;
  if not found or jsonb_typeof(posts.value) <> 'array' then
    return 0;
  end if;

  with entries as (
    select e.value as entry, e.ord,
           coalesce(jsonb_typeof(e.value) = 'object'
             and case when only_id is null
                      then public.news_publish_at(e.value) <= now()
                      else e.value ->> 'id' = only_id end, false) as due
    from jsonb_array_elements(drafts.value) with ordinality as e (value, ord)
  )
  select coalesce(jsonb_agg(entry - 'publishAt' order by ord) filter (where due), '[]'::jsonb),
         coalesce(jsonb_agg(entry order by ord) filter (where not due), '[]'::jsonb)
    into moving, staying
    from entries;
  if jsonb_array_length(moving) = 0 then
    return 0;
  end if;
  select array_agg(m ->> 'id') into moving_ids from jsonb_array_elements(moving) m;

  update public.website_content
     set value = staying, base_version = drafts.version
   where key = 'newsDrafts';
  -- Newest first, as the editor stores them; a stored post with the same id is replaced.
  update public.website_content
     set value = moving || coalesce(
           (select jsonb_agg(p.value order by p.ord)
              from jsonb_array_elements(posts.value) with ordinality as p (value, ord)
             where not coalesce(p.value ->> 'id' = any (moving_ids), false)),
           '[]'::jsonb),
         base_version = posts.version
   where key = 'newsPosts';
  return jsonb_array_length(moving);
end
$$;
revoke execute on function public.news_publish_drafts(text) from public, anon, authenticated;

create function public.publish_due_news()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The usual answer (nothing due) takes no lock and writes nothing.
  if not exists (
    select 1
      from public.website_content w
     cross join lateral jsonb_array_elements(
             case when jsonb_typeof(w.value) = 'array' then w.value else '[]'::jsonb end) e
     where w.key = 'newsDrafts' and public.news_publish_at(e.value) <= now()
  ) then
    return 0;
  end if;
  return public.news_publish_drafts(null);
end
$$;
comment on function public.publish_due_news() is
  'Publishes every scheduled news post whose time has come (newsDrafts → newsPosts, atomically). Safe for anyone to call; returns how many it published.';
revoke execute on function public.publish_due_news() from public;
grant execute on function public.publish_due_news() to anon, authenticated, service_role;

create function public.publish_news_post(post_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only staff can publish a news post' using errcode = '42501';
  end if;
  return public.news_publish_drafts(post_id) > 0;
end
$$;
comment on function public.publish_news_post(text) is
  'Staff only: publishes the news draft with this id now. False when there is no such draft (or newsPosts is not stored yet).';
revoke execute on function public.publish_news_post(text) from public, anon;
grant execute on function public.publish_news_post(text) to authenticated, service_role;

create function public.unpublish_news_post(post_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  drafts public.website_content%rowtype;
  posts public.website_content%rowtype;
  entry jsonb;
begin
  if not (select public.is_admin()) then
    raise exception 'Only staff can unpublish a news post' using errcode = '42501';
  end if;
  select * into drafts from public.website_content where key = 'newsDrafts' for update;
  select * into posts from public.website_content where key = 'newsPosts' for update;
  if posts.key is null or jsonb_typeof(posts.value) <> 'array' then
    return false;
  end if;
  select p.value into entry
    from jsonb_array_elements(posts.value) p
   where p.value ->> 'id' = post_id
   limit 1;
  if entry is null then
    return false;
  end if;

  update public.website_content
     set value = coalesce(
           (select jsonb_agg(p.value order by p.ord)
              from jsonb_array_elements(posts.value) with ordinality as p (value, ord)
             where p.value ->> 'id' is distinct from post_id),
           '[]'::jsonb),
         base_version = posts.version
   where key = 'newsPosts';
  -- Back among the drafts, first, as a draft (no time).
  if drafts.key is null then
    insert into public.website_content (key, value, base_version)
    values ('newsDrafts', jsonb_build_array(entry - 'publishAt'), 0);
  else
    update public.website_content
       set value = jsonb_build_array(entry - 'publishAt') || coalesce(
             (select jsonb_agg(d.value order by d.ord)
                from jsonb_array_elements(
                       case when jsonb_typeof(drafts.value) = 'array' then drafts.value else '[]'::jsonb end
                     ) with ordinality as d (value, ord)
               where d.value ->> 'id' is distinct from post_id),
             '[]'::jsonb),
           base_version = drafts.version
     where key = 'newsDrafts';
  end if;
  return true;
end
$$;
comment on function public.unpublish_news_post(text) is
  'Staff only: takes the published news post with this id off the site, back into newsDrafts, atomically.';
revoke execute on function public.unpublish_news_post(text) from public, anon;
grant execute on function public.unpublish_news_post(text) to authenticated, service_role;

-- On a hosted project with pg_cron (Dashboard → Database → Extensions), due posts are
-- published every minute even with no staff browser or production server running. Where
-- pg_cron is available but off, this turns it on; where it cannot, it says so and moves on
-- (see docs/deploying.md to schedule it by hand later).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension pg_cron;
    exception when others then
      raise notice 'pg_cron could not be enabled (%): due news posts are published by the staff browser and the production server', sqlerrm;
    end;
  end if;
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    perform cron.schedule('publish-due-news', '* * * * *', 'select public.publish_due_news()');
  end if;
exception when others then
  raise notice 'Could not schedule publish-due-news with pg_cron: %', sqlerrm;
end
$$;
