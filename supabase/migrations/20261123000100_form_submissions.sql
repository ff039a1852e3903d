-- Messages visitors send from the public site: the contact form and registration interest.
--
-- Anyone may send one; only staff may read them, mark them read or archived, or delete
-- them. The limits live here, not in the apps: field sizes (check constraints), a
-- honeypot that quietly drops what bots fill in, and a rate limit per sender and overall.
-- adminSettings' notifications refer to these rows: emailOnNewRegistration to kind
-- 'registration-interest', emailOnFormSubmission to kind 'contact'.

create table public.form_submissions (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  name text not null,
  email text not null,
  phone text,
  message text not null default '',
  -- The program a registration interest is about (a program slug); null when not sure.
  program text,
  -- Honeypot: a field people never see. The insert trigger drops a row that fills it,
  -- so a stored row always has it empty.
  website text not null default '',
  status text not null default 'new',
  created_at timestamptz not null default now(),
  status_changed_at timestamptz,
  status_changed_by uuid references auth.users (id) on delete set null,
  constraint form_submissions_kind check (kind in ('contact', 'registration-interest')),
  constraint form_submissions_status check (status in ('new', 'read', 'archived')),
  constraint form_submissions_name_length check (char_length(name) between 1 and 100),
  constraint form_submissions_name_plain check (name !~ '[[:cntrl:]]'),
  constraint form_submissions_email_format check (
    char_length(email) <= 254 and email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$'
  ),
  constraint form_submissions_phone_format check (phone is null or phone ~ '^\+?[0-9 ().-]{7,30}$'),
  constraint form_submissions_message_length check (char_length(message) <= 5000),
  constraint form_submissions_message_required check (kind <> 'contact' or btrim(message) <> ''),
  constraint form_submissions_program_slug check (
    program is null
    or (kind = 'registration-interest' and char_length(program) <= 64 and program ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
  ),
  -- Multi-byte text could pass every length above and still be large; this caps the bytes.
  constraint form_submissions_total_size check (
    octet_length(name) + octet_length(email) + coalesce(octet_length(phone), 0)
      + octet_length(message) + coalesce(octet_length(program), 0) <= 16384
  ),
  constraint form_submissions_honeypot_empty check (website = '')
);
comment on table public.form_submissions is
  'Contact and registration-interest messages from the public site. Anyone may insert (rate-limited, see the insert trigger); only staff may read, change the status of, or delete them.';
comment on column public.form_submissions.status is
  'new, read or archived. Only staff change it; the update trigger records when and by whom.';

-- The rate-limit counts and the staff inbox's newest-first list.
create index form_submissions_email_created_idx on public.form_submissions (lower(email), created_at desc);
create index form_submissions_created_idx on public.form_submissions (created_at desc);

-- Privileges: a visitor names only the fields of the form; staff change only the status.
-- Anonymous callers get no SELECT at all, so no policy mistake could ever show them a row.
-- (An insert without a returned representation needs no SELECT: supabase-js's plain
-- .insert() sends none.)
revoke all on table public.form_submissions from anon, authenticated;
grant insert (kind, name, email, phone, message, program, website)
  on table public.form_submissions to anon, authenticated;
grant select, delete on table public.form_submissions to authenticated;
grant update (status) on table public.form_submissions to authenticated;
grant all on table public.form_submissions to service_role;

alter table public.form_submissions enable row level security;

create policy "Anyone can send a form"
  on public.form_submissions for insert
  to anon, authenticated
  -- The insert trigger has already set these; the check keeps a new row new.
  with check (status = 'new' and status_changed_by is null);
create policy "Staff can read form submissions"
  on public.form_submissions for select
  to authenticated
  using ((select public.is_admin()));
create policy "Staff can change a submission's status"
  on public.form_submissions for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Staff can remove form submissions"
  on public.form_submissions for delete
  to authenticated
  using ((select public.is_admin()));

-- Insert: honeypot, normalisation, rate limit --------------------------------------
--
-- security definer: counting recent rows must see every row, and the sender cannot
-- read the table. The limits: 3 per sender email per 10 minutes, 30 overall per minute.
-- Both raise SQLSTATE PT429, which PostgREST answers with HTTP 429; the detail says
-- which limit and how many seconds until the next send is accepted.
create function public.form_submissions_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender_window constant interval := interval '10 minutes';
  sender_limit constant integer := 3;
  overall_window constant interval := interval '1 minute';
  overall_limit constant integer := 30;
  recent integer;
  oldest timestamptz;
begin
  -- A filled honeypot is a bot. Returning null skips the row without an error, so the
  -- sender is answered exactly as if it had been stored and learns nothing.
  if coalesce(new.website, '') <> '' then
    return null;
  end if;

  -- Whatever the caller sent, a new submission starts like this.
  new.status := 'new';
  new.created_at := now();
  new.status_changed_at := null;
  new.status_changed_by := null;
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.phone := nullif(btrim(new.phone), '');
  new.program := nullif(btrim(new.program), '');

  -- One sender at a time, so two concurrent sends cannot both slip under a limit.
  -- The key is an arbitrary constant that only this function uses.
  perform pg_advisory_xact_lock(2026112300100);

  select count(*), min(created_at) into recent, oldest
    from public.form_submissions
   where lower(email) = lower(new.email) and created_at > now() - sender_window;
  if recent >= sender_limit then
    raise exception 'Too many messages from this email address. Please wait a few minutes and try again.'
      using errcode = 'PT429',
            detail = json_build_object(
              'limit', 'sender',
              'retry_after_seconds', greatest(1, ceil(extract(epoch from oldest + sender_window - now())))
            )::text,
            hint = format('At most %s messages per email address every %s.', sender_limit, sender_window);
  end if;

  select count(*), min(created_at) into recent, oldest
    from public.form_submissions
   where created_at > now() - overall_window;
  if recent >= overall_limit then
    raise exception 'The club is receiving a lot of messages right now. Please try again in a minute.'
      using errcode = 'PT429',
            detail = json_build_object(
              'limit', 'overall',
              'retry_after_seconds', greatest(1, ceil(extract(epoch from oldest + overall_window - now())))
            )::text,
            hint = format('At most %s messages in all every %s.', overall_limit, overall_window);
  end if;

  return new;
end
$$;
revoke execute on function public.form_submissions_before_insert() from public;

create trigger form_submissions_before_insert
  before insert on public.form_submissions
  for each row execute function public.form_submissions_before_insert();

-- Update: record who changed the status and when ------------------------------------
create function public.form_submissions_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    new.status_changed_by := (select auth.uid());
  end if;
  return new;
end
$$;
revoke execute on function public.form_submissions_before_update() from public;

create trigger form_submissions_before_update
  before update on public.form_submissions
  for each row execute function public.form_submissions_before_update();
