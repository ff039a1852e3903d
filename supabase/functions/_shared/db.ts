// The functions' outboxes (director-mail's mail_outbox, family-alerts' family_deliveries) read
// and written with the service role: how a failed call ends a run, and how a run claims rows.
import type { SupabaseClient } from '@supabase/supabase-js'

/** Ends the run with what could not be done and the database's message. */
export function fail(what: string, error: { message: string } | null): never {
  throw new Error(`${what}: ${error?.message ?? 'no answer'}`)
}

/**
 * Claims the rows of `rows` still pending in `table` (pending → sending, at `at`) for this run:
 * only those are its to send; another run has taken the rest. Two runs never send one row twice.
 */
export async function claimPending<Row extends { id: string }>(
  db: SupabaseClient,
  table: string,
  rows: Row[],
  at: string,
  what: string,
): Promise<Row[]> {
  const { data, error } = await db
    .from(table)
    .update({ status: 'sending', last_attempt_at: at })
    .in(
      'id',
      rows.map((row) => row.id),
    )
    .eq('status', 'pending')
    .select('id')
  if (error) fail(what, error)
  const mine = new Set((data ?? []).map((row: { id: string }) => row.id))
  return rows.filter((row) => mine.has(row.id))
}
