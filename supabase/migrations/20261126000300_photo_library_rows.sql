-- The photo library as rows: one row per photo, one per album, per-photo revisions of the
-- fields people edit, and the move of the old `photoLibrary` document into them.
--
-- The library used to be one content document (key `photoLibrary`): capped at 2,000 photos
-- and 1 MiB, rewritten whole (with a whole revision) for every uploaded batch, and readable
-- by anyone. Rows are read by staff only, page by page, and each upload adds its own row.

-- Albums -------------------------------------------------------------------------
create table public.photo_albums (
  id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'),
  title text not null check (char_length(title) between 1 and 200),
  created_at timestamptz not null default now()
);
comment on table public.photo_albums is 'Albums of the photo library. Staff only.';

-- Photos -------------------------------------------------------------------------
create table public.photos (
  id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'),
  -- A path in the photo bucket (`library/ab/<sha256>.webp`), a site path or a web address.
  src text not null check (char_length(src) between 1 and 2048 and src !~ '[[:space:]<>"''`\\]'),
  thumbnail text check (thumbnail is null or (char_length(thumbnail) <= 2048 and thumbnail !~ '[[:space:]<>"''`\\]')),
  -- The original file's name as it was picked or found in the folder (searchable).
  file_name text not null default '' check (char_length(file_name) <= 255 and file_name !~ '[[:cntrl:]]'),
  alt text not null default '' check (char_length(alt) <= 200),
  -- The alt text is a draft (e.g. made from the file name) until a person confirms it.
  needs_alt_text boolean not null default false,
  caption text check (caption is null or char_length(caption) <= 200),
  album_id text references public.photo_albums (id) on delete set null,
  width integer not null check (width between 1 and 20000),
  height integer not null check (height between 1 and 20000),
  taken_at timestamptz,
  uploaded_at timestamptz not null default now(),
  -- The library's order and date search: when the photo was taken, else when it was uploaded.
  shown_at timestamptz generated always as (coalesce(taken_at, uploaded_at)) stored,
  -- The original file's SHA-256: the same file is stored once, however many uploaders race.
  sha256 text check (sha256 is null or sha256 ~ '^[0-9a-f]{64}$'),
  variants jsonb check (variants is null or (jsonb_typeof(variants) = 'array' and jsonb_array_length(variants) <= 12)),
  blurhash text check (blurhash is null or blurhash ~ '^[0-9A-Za-z#$%*+,.:;=?@\[\]^_{|}~-]{6,120}$'),
  dominant_color text check (dominant_color is null or dominant_color ~ '^#[0-9A-Fa-f]{6}$'),
  -- Increases by one with each change of alt text, caption or album; an edit names the
  -- version it started from (`version=eq.N`), so two editors never silently overwrite.
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint photos_sha256_key unique (sha256)
);
comment on table public.photos is
  'The photo library: one row per photo. Staff only (visitors read nothing of it; pages store the addresses they show).';

-- The library screen: newest first, by name, by album, and the "needs alt text" filter.
create index photos_shown_idx on public.photos (shown_at desc, id);
create index photos_file_name_idx on public.photos (lower(file_name));
create index photos_album_idx on public.photos (album_id, shown_at desc);
create index photos_needs_alt_idx on public.photos (shown_at desc) where needs_alt_text or alt = '';

-- Privileges: only signed-in users reach the tables at all, and RLS keeps them to staff.
revoke all on table public.photos, public.photo_albums from anon;
grant select, insert, update, delete on table public.photos, public.photo_albums to authenticated;
grant all on table public.photos, public.photo_albums to service_role;

alter table public.photos enable row level security;
alter table public.photo_albums enable row level security;

create policy "Staff read photos" on public.photos for select
  to authenticated using ((select public.is_admin()));
create policy "Staff add photos" on public.photos for insert
  to authenticated with check ((select public.is_admin()));
create policy "Staff change photos" on public.photos for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Staff remove photos" on public.photos for delete
  to authenticated using ((select public.is_admin()));

create policy "Staff read albums" on public.photo_albums for select
  to authenticated using ((select public.is_admin()));
create policy "Staff add albums" on public.photo_albums for insert
  to authenticated with check ((select public.is_admin()));
create policy "Staff change albums" on public.photo_albums for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Staff remove albums" on public.photo_albums for delete
  to authenticated using ((select public.is_admin()));

-- Versions and revisions ---------------------------------------------------------
create table public.photo_revisions (
  id bigint generated always as identity primary key,
  photo_id text not null,
  version integer not null,
  alt text not null,
  needs_alt_text boolean not null,
  caption text,
  album_id text,
  saved_by uuid references auth.users (id) on delete set null,
  saved_at timestamptz not null default now(),
  constraint photo_revisions_photo_version_key unique (photo_id, version)
);
comment on table public.photo_revisions is
  'Every stored version of the edited fields of a photo (alt text, caption, album). Staff read; written only by the trigger.';

revoke all on table public.photo_revisions from anon;
grant select on table public.photo_revisions to authenticated;
grant all on table public.photo_revisions to service_role;
alter table public.photo_revisions enable row level security;
create policy "Staff read photo revisions" on public.photo_revisions for select
  to authenticated using ((select public.is_admin()));

-- Who and when, and the version: set here, whatever the caller sent.
create function public.photos_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
  else
    new.id := old.id;
    new.sha256 := old.sha256;
    new.uploaded_at := old.uploaded_at;
    if (new.alt, new.needs_alt_text, new.caption, new.album_id)
       is not distinct from (old.alt, old.needs_alt_text, old.caption, old.album_id) then
      new.version := old.version;
      return new;
    end if;
    new.version := old.version + 1;
  end if;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end
$$;
revoke execute on function public.photos_before_write() from public;

create trigger photos_before_write
  before insert or update on public.photos
  for each row execute function public.photos_before_write();

-- security definer: callers have no insert right on revisions; only this trigger writes them.
-- One revision per photo when it is added, and one per edit of its edited fields: the
-- table grows with the photos and their edits, never with the size of the library.
create function public.photos_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.version = old.version then
    return null;
  end if;
  insert into public.photo_revisions (photo_id, version, alt, needs_alt_text, caption, album_id, saved_by, saved_at)
  values (new.id, new.version, new.alt, new.needs_alt_text, new.caption, new.album_id, new.updated_by, new.updated_at)
  on conflict (photo_id, version) do nothing;
  return null;
end
$$;
revoke execute on function public.photos_keep_revision() from public;

create trigger photos_keep_revision
  after insert or update on public.photos
  for each row execute function public.photos_keep_revision();

-- Realtime: the browser library follows uploads from the desktop app (staff only, by RLS).
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.photos, public.photo_albums;
end
$$;

-- Move the `photoLibrary` document into rows ------------------------------------
-- Runs once wherever this migration is applied (local and hosted alike). Items that the
-- document's own schema would have refused are skipped rather than failing the migration;
-- the document's past versions stay in content_revisions.
do $$
declare
  doc jsonb;
  photo jsonb;
begin
  select value into doc from public.website_content where key = 'photoLibrary';
  if doc is null then
    return;
  end if;

  insert into public.photo_albums (id, title)
  select album->>'id', left(album->>'title', 200)
  from jsonb_array_elements(case when jsonb_typeof(doc->'albums') = 'array' then doc->'albums' else '[]' end) as album
  where jsonb_typeof(album) = 'object'
    and album->>'id' ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'
    and coalesce(album->>'title', '') <> ''
  on conflict (id) do nothing;

  -- One photo at a time, so an item the table's checks refuse is skipped, not fatal.
  for photo in
    select item from jsonb_array_elements(
      case when jsonb_typeof(doc->'photos') = 'array' then doc->'photos' else '[]' end
    ) as item
    where jsonb_typeof(item) = 'object'
  loop
    begin
      insert into public.photos (id, src, thumbnail, file_name, alt, needs_alt_text, caption, album_id,
                                 width, height, taken_at, uploaded_at, sha256, variants, blurhash, dominant_color)
      values (
        photo->>'id',
        photo->>'src',
        photo->>'thumbnail',
        left(regexp_replace(photo->>'src', '^.*/', ''), 255),
        left(coalesce(photo->>'alt', ''), 200),
        coalesce((photo->>'needsAltText')::boolean, false),
        left(photo->>'caption', 200),
        case when exists (select 1 from public.photo_albums a where a.id = photo->>'albumId')
             then photo->>'albumId' end,
        (photo->>'width')::integer,
        (photo->>'height')::integer,
        (photo->>'takenAt')::timestamptz,
        coalesce((photo->>'uploadedAt')::timestamptz, now()),
        photo->>'sha256',
        case when jsonb_typeof(photo->'variants') = 'array' then photo->'variants' end,
        photo->>'blurhash',
        photo->>'dominantColor'
      )
      on conflict do nothing;
    exception when others then
      raise notice 'photoLibrary item % not moved: %', left(photo->>'id', 100), sqlerrm;
    end;
  end loop;

  -- The rows hold the library now; the document's old versions stay in content_revisions.
  delete from public.website_content where key = 'photoLibrary';
end
$$;
