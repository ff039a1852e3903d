import type { BackendClient } from '../backend/client.ts'

/** Where a message stands in the inbox; only staff change it. */
export type SubmissionStatus = 'new' | 'read' | 'archived'

/** One message a visitor sent from the public site's forms. */
export type FormSubmission = {
  id: string
  kind: 'contact' | 'registration-interest'
  name: string
  email: string
  phone: string | null
  message: string
  /** The program a registration interest is about; null when the sender was not sure. */
  program: string | null
  status: SubmissionStatus
  /** When it was sent (ISO 8601). */
  createdAt: string
  /** When staff last recorded a reply (ISO 8601), and who; null while unanswered. */
  answeredAt: string | null
  answeredBy: string | null
}

/** Why an inbox call failed, with the service's own words. */
export class FormInboxError extends Error {
  override readonly name = 'FormInboxError'
}

/** How many messages the inbox lists at most: enough for a season, small enough to render. */
export const INBOX_LIMIT = 200

const COLUMNS =
  'id,kind,name,email,phone,message,program,status,created_at,answered_at,answered_by_email'

type Row = {
  id: string
  kind: FormSubmission['kind']
  name: string
  email: string
  phone: string | null
  message: string | null
  program: string | null
  status: SubmissionStatus
  created_at: string
  answered_at: string | null
  answered_by_email: string | null
}

const toSubmission = (row: Row): FormSubmission => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message ?? '',
  program: row.program,
  status: row.status,
  createdAt: row.created_at,
  answeredAt: row.answered_at,
  answeredBy: row.answered_at ? (row.answered_by_email ?? 'an unknown account') : null,
})

/** The inbox's calls, from {@link createFormInbox}. */
export type FormInbox = ReturnType<typeof createFormInbox>

/**
 * IMPORTANT: the only staff code touching `public.form_submissions`. The database lets staff
 * read, change the status of, record a reply to and delete rows; for anyone else the list is empty (row-level
 * security filters) and every change touches nothing, which is reported as a failure here.
 *
 * @example
 * const inbox = createFormInbox(client)
 * const messages = await inbox.list()
 * await inbox.setStatus(messages[0]!.id, 'read')
 */
export function createFormInbox(client: Pick<BackendClient, 'from'>) {
  const table = () => client.from('form_submissions')
  return {
    /** The latest messages, archived ones included, newest first. */
    async list(): Promise<FormSubmission[]> {
      const { data, error } = await table()
        .select(COLUMNS)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(INBOX_LIMIT)
      if (error) throw new FormInboxError(error.message)
      return ((data ?? []) as Row[]).map(toSubmission)
    },
    /** How many messages are unread (status new), archived ones aside. */
    async unreadCount(): Promise<number> {
      const { count, error } = await table()
        .select('id', { count: 'exact', head: true })
        .eq('status', 'new')
      if (error) throw new FormInboxError(error.message)
      return count ?? 0
    },
    /**
     * Records that the signed-in staff member answered a message. The database stamps the time
     * and the answerer itself (migration 20261206000300); the value sent only asks for it.
     */
    async markAnswered(id: string): Promise<void> {
      const { data, error } = await table()
        .update({ answered_at: new Date().toISOString() })
        .eq('id', id)
        .select('id')
      if (error) throw new FormInboxError(error.message)
      if (!data || data.length === 0) throw new FormInboxError('That message is no longer there.')
    },
    /** Takes back a recorded reply (the mail app was opened but nothing was sent). */
    async markUnanswered(id: string): Promise<void> {
      const { data, error } = await table().update({ answered_at: null }).eq('id', id).select('id')
      if (error) throw new FormInboxError(error.message)
      if (!data || data.length === 0) throw new FormInboxError('That message is no longer there.')
    },
    /** Marks a message new (unread), read or archived. */
    async setStatus(id: string, status: SubmissionStatus): Promise<void> {
      const { data, error } = await table().update({ status }).eq('id', id).select('id')
      if (error) throw new FormInboxError(error.message)
      if (!data || data.length === 0) throw new FormInboxError('That message is no longer there.')
    },
    /** Deletes a message for good. */
    async remove(id: string): Promise<void> {
      const { data, error } = await table().delete().eq('id', id).select('id')
      if (error) throw new FormInboxError(error.message)
      if (!data || data.length === 0) throw new FormInboxError('That message is no longer there.')
    },
  }
}
