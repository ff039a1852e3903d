-- Inbox replies: a message records that staff answered it, when and by whom.
--
-- Staff reply from their own mail app (a mailto: link); the inbox then marks the message
-- answered. Only staff may record it (the update policy of form_submissions already
-- requires public.is_admin()), and only answered_at may be named by the caller: the trigger
-- sets the time to the database's now() and the answerer to the caller, so nobody can
-- record an answer in someone else's name. Visitors keep their insert-only rights: the
-- columns are not in their insert grant, so a new row never arrives answered.
--
-- Earlier migrations may already be applied to a hosted project, so this one changes them
-- in place (add column, grant, create or replace) rather than editing them.

alter table public.form_submissions
  add column answered_at timestamptz,
  add column answered_by uuid references auth.users (id) on delete set null,
  add column answered_by_email text;
comment on column public.form_submissions.answered_at is
  'When staff last recorded a reply (null: not answered). Staff set it by naming it in an update; the trigger stamps the time and the answerer.';
comment on column public.form_submissions.answered_by_email is
  'The answering staff member''s email at the time of the reply. Staff-only, like the table.';

grant update (answered_at) on table public.form_submissions to authenticated;

-- security definer: the answerer's email lives in auth.users, which the caller cannot
-- read. The update policy has already required staff before this runs.
create or replace function public.form_submissions_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    new.status_changed_by := (select auth.uid());
  end if;
  if new.answered_at is distinct from old.answered_at then
    if new.answered_at is null then
      new.answered_by := null;
      new.answered_by_email := null;
    else
      new.answered_at := now();
      new.answered_by := (select auth.uid());
      new.answered_by_email := (select u.email from auth.users u where u.id = (select auth.uid()));
    end if;
  else
    new.answered_by := old.answered_by;
    new.answered_by_email := old.answered_by_email;
  end if;
  return new;
end
$$;
revoke execute on function public.form_submissions_before_update() from public;
