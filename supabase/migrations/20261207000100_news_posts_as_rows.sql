-- News as one row per post.
--
-- Until now every news post lived in one document: the public `newsPosts` (every published
-- post, with its whole body) and the staff-only `newsDrafts`. Every page downloaded the
-- whole archive, and the document's 1 MiB cap stopped a club's posting in about its third
-- season. From here on:
--
--   - Each post is its own row of website_content, keyed `news/<post id>`. Its value is the
--     post (the client's newsPostSchema) plus `published` (true on the site, false for a
--     draft) and, for a scheduled draft, `publishAt` (an instant with its zone). A post is
--     saved alone, with the version check, limits, revisions and Realtime every document
--     has, so a save costs the same at 2,000 posts as at 10.
--   - Row-level security: visitors (and signed-in accounts that are not staff) read a post
--     only once it is published, or once its scheduled time has come; staff read and write
--     every post (the existing staff policies of website_content).
--   - `newsPosts` keeps its meaning for the pages (spec §9's vital key): the newest posts'
--     cards. The database keeps it: after every change of a post it is rewritten with the
--     card fields (no body) of the newest published posts and of those shown in the home
--     carousel. Nobody saves it by hand any more, and it keeps no revisions of its own.
--   - An article reads its own post (public.news_post_by_slug, which also answers an old
--     slug); the news list reads one page of cards at a time (public.news_cards_page), with a
--     year filter (public.news_years).
--   - Scheduling works per post: publish_due_news, publish_news_post and unpublish_news_post
--     now change one row each.
--
-- The stored `newsPosts` and `newsDrafts` documents move into rows below, with their ids,
-- slugs, bodies, images, carousel flags and revisions: each post's revisions are the
-- versions of it that the documents' revisions held, in order.
--
-- Earlier migrations may already be applied to a hosted project; this one changes them in
-- place (create or replace, new policies and triggers).

-- Keys -----------------------------------------------------------------------------
alter table public.website_content drop constraint if exists website_content_key_check;
alter table public.website_content add constraint website_content_key_check
  check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$' or key ~ '^news/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$');

-- The post id in a news post's key, or null for any other key.
create function public.news_post_id(content_key text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when content_key ~ '^news/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' then substr(content_key, 6) end
$$;
grant execute on function public.news_post_id(text) to anon, authenticated, service_role;

-- Whether a visitor may read this post now: published, or scheduled for now or earlier.
create function public.news_post_is_public(content_key text, post jsonb)
returns boolean
language sql
stable
parallel safe
set search_path = ''
as $$
  select content_key like 'news/%'
     and jsonb_typeof(post) = 'object'
     and (post -> 'published' = 'true'::jsonb
          or coalesce(public.news_publish_at(post) <= now(), false))
$$;
comment on function public.news_post_is_public(text, jsonb) is
  'True for a news post row (key news/<id>) that is on the site: published, or scheduled for now or earlier.';
grant execute on function public.news_publish_at(jsonb) to anon, authenticated, service_role;
grant execute on function public.news_post_is_public(text, jsonb) to anon, authenticated, service_role;

drop policy "Anyone can read what public pages show" on public.website_content;
create policy "Anyone can read what public pages show"
  on public.website_content for select
  to anon, authenticated
  using (public.is_public_content_key(key) or public.news_post_is_public(key, value));

-- A post's address is its own: two posts never share a slug. The list's order and the
-- year filter use the post's date (`YYYY-MM-DD`, which sorts as text).
create unique index website_content_news_slug_key
  on public.website_content ((value ->> 'slug')) where key like 'news/%';
create index website_content_news_date_idx
  on public.website_content ((value ->> 'date') desc, key) where key like 'news/%';
-- An old address (previousSlugs) of a post.
create index website_content_news_previous_slugs_idx
  on public.website_content using gin ((value -> 'previousSlugs')) where key like 'news/%';

-- The cards of newsPosts -------------------------------------------------------------
-- How many of the newest posts `newsPosts` holds (home shows the newest three, the news
-- list's first page twelve), and at most how many more the carousel may add.
create function public.news_card_limits(out newest integer, out carousel integer)
language sql
immutable
set search_path = ''
as $$ select 12, 12 $$;

-- A post's card: everything but its body and its old addresses, and never a draft's fields.
create function public.news_card(post jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (post - 'content' - 'previousSlugs' - 'published' - 'publishAt')
         || jsonb_build_object('content', '[]'::jsonb)
$$;
grant execute on function public.news_card(jsonb) to anon, authenticated, service_role;

-- Rewrites `newsPosts` from the rows: the newest published posts, then any older one shown
-- in the carousel, newest first. Only this function writes the key (see the guard below).
create function public.news_refresh_cards()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  cards jsonb;
  stored public.website_content%rowtype;
  limits record;
begin
  select * into limits from public.news_card_limits();
  with visible as (
    select w.key, w.value
      from public.website_content w
     where w.key like 'news/%' and public.news_post_is_public(w.key, w.value)
  ),
  chosen as (
    (select key, value from visible order by value ->> 'date' desc, key desc limit limits.newest)
    union
    (select key, value from visible where value -> 'showInCarousel' = 'true'::jsonb
      order by value ->> 'date' desc, key desc limit limits.carousel)
  )
  select coalesce(jsonb_agg(public.news_card(value) order by value ->> 'date' desc, key desc), '[]'::jsonb)
    into cards
    from chosen;

  select * into stored from public.website_content where key = 'newsPosts' for update;
  -- No post stored at all (and no list stored before): the site keeps its sample posts.
  if stored.key is null
     and not exists (select 1 from public.website_content where key like 'news/%') then
    return;
  end if;
  perform set_config('club.news_cards', 'refresh', true);
  if stored.key is null then
    insert into public.website_content (key, value, base_version) values ('newsPosts', cards, 0);
  elsif stored.value is distinct from cards then
    update public.website_content set value = cards, base_version = stored.version
     where key = 'newsPosts';
  end if;
  perform set_config('club.news_cards', '', true);
end
$$;
revoke execute on function public.news_refresh_cards() from public, anon, authenticated;

-- After any change of a post.
create function public.news_posts_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- (A trigger's WHEN cannot name OLD on insert and NEW on delete at once: tested here.)
  if coalesce(new.key, old.key) like 'news/%' then
    perform public.news_refresh_cards();
  end if;
  return null;
end
$$;
revoke execute on function public.news_posts_changed() from public;

create trigger website_content_news_cards
  after insert or update or delete on public.website_content
  for each row execute function public.news_posts_changed();

-- Before any write of a post or of `newsPosts`: the list is the database's alone, and a
-- post's key and id agree (an id is how the editor, the history and the alerts name it).
create function public.news_guard_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (coalesce(new.key, old.key) like 'news/%' or coalesce(new.key, old.key) = 'newsPosts') then
    return coalesce(new, old);
  end if;
  if coalesce(new.key, old.key) = 'newsPosts' then
    if current_setting('club.news_cards', true) is distinct from 'refresh' then
      raise exception 'News posts are saved one at a time (news/<id>); newsPosts is kept by the database'
        using errcode = '42501';
    end if;
    return coalesce(new, old);
  end if;
  if tg_op <> 'DELETE' then
    if jsonb_typeof(new.value) <> 'object'
       or new.value ->> 'id' is distinct from public.news_post_id(new.key)
       or jsonb_typeof(new.value -> 'published') <> 'boolean'
       or jsonb_typeof(new.value -> 'slug') <> 'string'
       or coalesce(new.value ->> 'date', '') !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'A news post (%) needs its id, slug, date and published flag', new.key
        using errcode = '22023';
    end if;
    if exists (select 1 from public.website_content w
                where w.key like 'news/%' and w.key <> new.key
                  and w.value ->> 'slug' = new.value ->> 'slug') then
      raise exception 'Another news post already has the address "%"', new.value ->> 'slug'
        using errcode = '23505';
    end if;
  end if;
  return coalesce(new, old);
end
$$;
revoke execute on function public.news_guard_write() from public;

create trigger website_content_news_guard
  before insert or update or delete on public.website_content
  for each row execute function public.news_guard_write();

-- The list is derived: it keeps no revisions (each post keeps its own). Its revisions from
-- before this migration stay, as the history of the old document.
create or replace function public.website_content_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.key = 'newsPosts' then
    return null;
  end if;
  insert into public.content_revisions (key, value, version, saved_by, saved_by_email, saved_at)
  values (
    new.key,
    new.value,
    new.version,
    new.updated_by,
    (select u.email from auth.users u where u.id = new.updated_by),
    new.updated_at
  );
  return null;
end
$$;
revoke execute on function public.website_content_keep_revision() from public;

-- Reading ----------------------------------------------------------------------------
-- One post by its address, or by an address it had before (then `moved` is true and the
-- caller leads to the current one). RLS applies: a visitor finds only what is public.
create function public.news_post_by_slug(post_slug text)
returns table (key text, value jsonb, version integer, updated_at timestamptz, moved boolean)
language sql
stable
set search_path = ''
as $$
  (select w.key, w.value, w.version, w.updated_at, false
     from public.website_content w
    where w.key like 'news/%' and w.value ->> 'slug' = post_slug
    limit 1)
  union all
  (select w.key, w.value, w.version, w.updated_at, true
     from public.website_content w
    where w.key like 'news/%' and w.value -> 'previousSlugs' ? post_slug
      and not exists (select 1 from public.website_content c
                       where c.key like 'news/%' and c.value ->> 'slug' = post_slug)
    order by w.value ->> 'date' desc
    limit 1)
$$;
comment on function public.news_post_by_slug(text) is
  'The news post at this address (or that had it before: moved = true). Visitors find published posts only.';
grant execute on function public.news_post_by_slug(text) to anon, authenticated, service_role;

-- One page of the news list: the cards of the public posts, newest first, optionally of one
-- year, with how many there are in all. Pages count from 1.
create function public.news_cards_page(page integer default 1, page_size integer default 12, year integer default null)
returns table (cards jsonb, total integer)
language sql
stable
set search_path = ''
as $$
  with visible as (
    select w.key, w.value
      from public.website_content w
     where w.key like 'news/%'
       and public.news_post_is_public(w.key, w.value)
       and (year is null or (w.value ->> 'date') like lpad(year::text, 4, '0') || '-%')
  ),
  one_page as (
    select key, value from visible
     order by value ->> 'date' desc, key desc
     limit least(greatest(page_size, 1), 48)
    offset (greatest(page, 1) - 1) * least(greatest(page_size, 1), 48)
  )
  select coalesce((select jsonb_agg(public.news_card(value) order by value ->> 'date' desc, key desc)
                     from one_page), '[]'::jsonb),
         (select count(*)::integer from visible)
$$;
comment on function public.news_cards_page(integer, integer, integer) is
  'One page of the public news list (cards, newest first; at most 48 a page), optionally of one year, and the total.';
grant execute on function public.news_cards_page(integer, integer, integer) to anon, authenticated, service_role;

-- The years that have public posts, newest first, with how many each.
create function public.news_years()
returns table (year integer, posts integer)
language sql
stable
set search_path = ''
as $$
  select substr(w.value ->> 'date', 1, 4)::integer, count(*)::integer
    from public.website_content w
   where w.key like 'news/%' and public.news_post_is_public(w.key, w.value)
   group by 1
   order by 1 desc
$$;
grant execute on function public.news_years() to anon, authenticated, service_role;

-- The staff's list of posts (the News screen): drafts and scheduled posts first, then the
-- published ones, newest first; optionally those whose title or address holds `search`. No
-- bodies: each row says how many blocks its post has. RLS applies (staff read every post; for
-- anyone else this lists what visitors may read).
create function public.news_admin_list(page integer default 1, page_size integer default 50, search text default null)
returns table (key text, post jsonb, blocks integer, version integer, total integer)
language sql
stable
set search_path = ''
as $$
  with listed as (
    select w.key, w.value, w.version
      from public.website_content w
     where w.key like 'news/%'
       and (coalesce(search, '') = ''
            or strpos(lower(w.value ->> 'title'), lower(search)) > 0
            or strpos(lower(w.value ->> 'slug'), lower(search)) > 0)
  )
  select l.key,
         l.value - 'content',
         case when jsonb_typeof(l.value -> 'content') = 'array' then jsonb_array_length(l.value -> 'content') else 0 end,
         l.version,
         (select count(*)::integer from listed)
    from listed l
   order by (l.value -> 'published' = 'true'::jsonb), l.value ->> 'date' desc, l.key desc
   limit least(greatest(page_size, 1), 200)
  offset (greatest(page, 1) - 1) * least(greatest(page_size, 1), 200)
$$;
comment on function public.news_admin_list(integer, integer, text) is
  'The News screen''s list: drafts and scheduled posts first, then published ones, newest first, without bodies; optionally filtered by title or address.';
grant execute on function public.news_admin_list(integer, integer, text) to authenticated, service_role;

-- Deleting a post names the version it was shown at, as a save does: a post someone changed
-- meanwhile is not deleted (PT409), and nothing of it is lost.
create function public.delete_news_post(post_id text, at_version integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  stored integer;
begin
  select w.version into stored from public.website_content w where w.key = 'news/' || post_id for update;
  if stored is null then
    return false;
  end if;
  if stored <> at_version then
    raise exception 'Content conflict on "news/%": stored version is %, this delete started from %', post_id, stored, at_version
      using errcode = 'PT409',
            detail = json_build_object('key', 'news/' || post_id, 'current_version', stored, 'base_version', at_version)::text;
  end if;
  delete from public.website_content w where w.key = 'news/' || post_id;
  return found;
end
$$;
comment on function public.delete_news_post(text, integer) is
  'Deletes the news post with this id if it is still at this version (else PT409); RLS decides who may. Its revisions stay.';
revoke execute on function public.delete_news_post(text, integer) from public, anon;
grant execute on function public.delete_news_post(text, integer) to authenticated, service_role;

-- Which posts use a photo: the photo library asks before deleting one, and its "not used"
-- filter leaves out what any post shows (a post is no longer among the documents the screen
-- holds). `needles` are photos' hashes or addresses; staff only, by RLS.
create function public.news_posts_using(needles text[])
returns table (needle text, key text, title text)
language sql
stable
set search_path = ''
as $$
  select n, w.key, w.value ->> 'title'
    from unnest(needles) as n
    join public.website_content w
      on w.key like 'news/%' and n <> '' and strpos(w.value::text, n) > 0
$$;
grant execute on function public.news_posts_using(text[]) to authenticated, service_role;

-- Every photo hash (64 hex digits) and site image path that any post holds.
create function public.news_image_refs()
returns table (ref text)
language sql
stable
set search_path = ''
as $$
  select distinct m[1]
    from public.website_content w
   cross join lateral regexp_matches(w.value::text, '([0-9a-f]{64}|/images/[^"\\[:space:]]+)', 'g') as m
   where w.key like 'news/%'
$$;
grant execute on function public.news_image_refs() to authenticated, service_role;

-- Scheduling, per post ---------------------------------------------------------------
create or replace function public.news_publish_drafts(only_id text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due record;
  moved integer := 0;
begin
  for due in
    select w.key, w.version
      from public.website_content w
     where w.key like 'news/%'
       and w.value -> 'published' = 'false'::jsonb
       and case when only_id is null
                then coalesce(public.news_publish_at(w.value) <= now(), false)
                else w.key = 'news/' || only_id end
     order by w.key
       for update
  loop
    update public.website_content
       set value = (value - 'publishAt') || '{"published": true}'::jsonb,
           base_version = due.version
     where key = due.key;
    moved := moved + 1;
  end loop;
  return moved;
end
$$;
revoke execute on function public.news_publish_drafts(text) from public, anon, authenticated;

create or replace function public.publish_due_news()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The usual answer (nothing due) takes no lock and writes nothing.
  if not exists (
    select 1 from public.website_content w
     where w.key like 'news/%'
       and w.value -> 'published' = 'false'::jsonb
       and public.news_publish_at(w.value) <= now()
  ) then
    return 0;
  end if;
  return public.news_publish_drafts(null);
end
$$;
comment on function public.publish_due_news() is
  'Publishes every scheduled news post whose time has come (its row''s published flag). Run every minute by pg_cron, and by a staff session; returns how many it published.';

create or replace function public.publish_news_post(post_id text)
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
  'Staff only: publishes the news draft with this id now. False when there is no such draft.';

create or replace function public.unpublish_news_post(post_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored public.website_content%rowtype;
begin
  if not (select public.is_admin()) then
    raise exception 'Only staff can unpublish a news post' using errcode = '42501';
  end if;
  select * into stored from public.website_content where key = 'news/' || post_id for update;
  if stored.key is null or stored.value -> 'published' <> 'true'::jsonb then
    return false;
  end if;
  update public.website_content
     set value = (value - 'publishAt') || '{"published": false}'::jsonb,
         base_version = stored.version
   where key = stored.key;
  return true;
end
$$;
comment on function public.unpublish_news_post(text) is
  'Staff only: takes the published news post with this id off the site, back to a draft.';

-- The documents into rows ------------------------------------------------------------
-- Each post's revisions are rebuilt from the documents' revisions (newsPosts as published,
-- newsDrafts as drafts), oldest first: a new revision wherever the post differs from its
-- previous one. The row is the post as stored now. Entries the checks would refuse (no id,
-- a repeated slug) are skipped rather than failing the migration; the documents' own
-- revisions stay in content_revisions.
do $$
declare
  entry record;
  last_value jsonb;
  next_version integer;
  current_posts jsonb;
  current_drafts jsonb;
  post jsonb;
begin
  select value into current_posts from public.website_content where key = 'newsPosts';
  select value into current_drafts from public.website_content where key = 'newsDrafts';
  if current_posts is null and current_drafts is null then
    return;
  end if;

  create temporary table news_history (
    ord bigint generated always as identity,
    id text,
    value jsonb,
    saved_by uuid,
    saved_by_email text,
    saved_at timestamptz
  ) on commit drop;

  -- Every version of every post the documents' revisions held, in the order they were saved.
  insert into news_history (id, value, saved_by, saved_by_email, saved_at)
  select e.value ->> 'id',
         (e.value - 'published') || jsonb_build_object('published', r.key = 'newsPosts'),
         r.saved_by, r.saved_by_email, r.saved_at
    from public.content_revisions r
   cross join lateral jsonb_array_elements(
           case when jsonb_typeof(r.value) = 'array' then r.value else '[]'::jsonb end
         ) with ordinality as e (value, pos)
   where r.key in ('newsPosts', 'newsDrafts')
     and jsonb_typeof(e.value) = 'object'
     and coalesce(e.value ->> 'id', '') ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
   order by r.saved_at, r.id, e.pos;

  -- The posts as stored now, last: drafts, then published (a post in both is published).
  insert into news_history (id, value, saved_by, saved_by_email, saved_at)
  select e.value ->> 'id', (e.value - 'published') || jsonb_build_object('published', false),
         null, null, now()
    from jsonb_array_elements(
           case when jsonb_typeof(current_drafts) = 'array' then current_drafts else '[]'::jsonb end
         ) with ordinality as e (value, pos)
   where jsonb_typeof(e.value) = 'object'
     and coalesce(e.value ->> 'id', '') ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
   order by e.pos;
  insert into news_history (id, value, saved_by, saved_by_email, saved_at)
  select e.value ->> 'id', (e.value - 'published' - 'publishAt') || jsonb_build_object('published', true),
         null, null, now()
    from jsonb_array_elements(
           case when jsonb_typeof(current_posts) = 'array' then current_posts else '[]'::jsonb end
         ) with ordinality as e (value, pos)
   where jsonb_typeof(e.value) = 'object'
     and coalesce(e.value ->> 'id', '') ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
   order by e.pos;

  -- Bookkeeping is done here, by hand: no version checks, no list rewrites per post.
  alter table public.website_content disable trigger user;

  -- Only the posts the documents hold now get a row; a post deleted earlier keeps its
  -- revisions (the history can bring it back).
  for entry in
    select h.id, h.value, h.saved_by, h.saved_by_email, h.saved_at, h.ord,
           h.ord = max(h.ord) over (partition by h.id) and h.id in (
             select e ->> 'id' from jsonb_array_elements(
               case when jsonb_typeof(current_posts) = 'array' then current_posts else '[]'::jsonb end
               || case when jsonb_typeof(current_drafts) = 'array' then current_drafts else '[]'::jsonb end) e
           ) as is_last
      from news_history h
     order by h.id, h.ord
  loop
    select r.value, r.version into last_value, next_version
      from public.content_revisions r
     where r.key = 'news/' || entry.id
     order by r.version desc
     limit 1;
    if last_value is distinct from entry.value then
      insert into public.content_revisions (key, value, version, saved_by, saved_by_email, saved_at)
      values ('news/' || entry.id, entry.value, coalesce(next_version, 0) + 1,
              entry.saved_by, entry.saved_by_email, entry.saved_at);
      last_value := entry.value;
      next_version := coalesce(next_version, 0) + 1;
    end if;
    if entry.is_last then
      post := entry.value;
      begin
        insert into public.website_content (key, value, version, updated_at, updated_by)
        values ('news/' || entry.id, post, next_version, now(), null)
        on conflict (key) do update set value = excluded.value, version = excluded.version;
      exception when unique_violation or check_violation then
        raise notice 'News post % was not moved (%): it stays in the old documents'' revisions', entry.id, sqlerrm;
      end;
    end if;
  end loop;

  delete from public.website_content where key = 'newsDrafts';
  delete from public.website_content where key = 'newsPosts';
  alter table public.website_content enable trigger user;

  perform public.news_refresh_cards();
end
$$;
