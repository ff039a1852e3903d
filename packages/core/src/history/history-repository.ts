import type { PostgrestClient } from '@supabase/postgrest-js'

import { classify } from '../content/content-repository.ts'

/** One stored version of a content key, without its document (lists stay small). */
export type RevisionSummary = {
  key: string
  version: number
  /** When it was saved (ISO 8601, from the database). */
  savedAt: string
  /** The saver's user id; null for a save without a user, or once the account is deleted. */
  savedBy: string | null
  /** The saver's email at the time of the save, when one was known. */
  savedByEmail: string | null
  /**
   * Not a save: the key as it was before its first save (the built-in content, or what was
   * stored without a revision), kept so that the first save can be undone too.
   */
  beforeFirstSave: boolean
}

/** One stored version of a content key, with its whole document. */
export type Revision = RevisionSummary & { value: unknown }

/** How many revisions a list returns unless told otherwise. */
export const REVISIONS_PAGE = 50

const SUMMARY_COLUMNS = 'key,version,saved_at,saved_by,saved_by_email,before_first_save'

type RevisionRow = {
  key: unknown
  version: unknown
  saved_at: unknown
  saved_by: unknown
  saved_by_email: unknown
  before_first_save?: unknown
  value?: unknown
}

const toSummary = (row: RevisionRow): RevisionSummary => ({
  key: String(row.key),
  version: Number(row.version),
  savedAt: String(row.saved_at),
  savedBy: typeof row.saved_by === 'string' ? row.saved_by : null,
  savedByEmail: typeof row.saved_by_email === 'string' ? row.saved_by_email : null,
  beforeFirstSave: row.before_first_save === true,
})

/**
 * IMPORTANT: the only code that reads `content_revisions`, the history of every stored
 * version (kept by a database trigger; nothing here writes it). The database lets only
 * staff read it: for anyone else every list is empty and every revision missing, as
 * row-level security filters rather than refuses. A version is never deleted: restoring
 * one saves its document again as a new version (see restore-revision.ts).
 *
 * @example
 * const history = createHistoryRepository(client)
 * const versions = await history.listRevisions('alerts')
 * const old = await history.readRevision('alerts', versions[1]!.version)
 */
export function createHistoryRepository(client: Pick<PostgrestClient, 'from'>) {
  return {
    /**
     * The key's revisions, newest first. `before` pages back: only versions below it.
     * Rejects with a ContentError when the backend fails.
     */
    async listRevisions(
      key: string,
      options: { limit?: number; before?: number } = {},
    ): Promise<RevisionSummary[]> {
      let query = client.from('content_revisions').select(SUMMARY_COLUMNS).eq('key', key)
      if (options.before !== undefined) query = query.lt('version', options.before)
      const { data, error, status } = await query
        .order('version', { ascending: false })
        .limit(options.limit ?? REVISIONS_PAGE)
      if (error) throw classify(error, status)
      return ((data ?? []) as RevisionRow[]).map(toSummary)
    },

    /** One revision with its document; undefined when there is none (or it is not visible). */
    async readRevision(key: string, version: number): Promise<Revision | undefined> {
      const { data, error, status } = await client
        .from('content_revisions')
        .select(`${SUMMARY_COLUMNS},value`)
        .eq('key', key)
        .eq('version', version)
        .maybeSingle()
      if (error) throw classify(error, status)
      if (!data) return undefined
      const row = data as RevisionRow
      return { ...toSummary(row), value: row.value }
    },

    /**
     * Several revisions of a key with their documents, in one read (the history's change
     * summaries); versions not stored (or not visible) are left out.
     */
    async readRevisions(key: string, versions: readonly number[]): Promise<Revision[]> {
      if (versions.length === 0) return []
      const { data, error, status } = await client
        .from('content_revisions')
        .select(`${SUMMARY_COLUMNS},value`)
        .eq('key', key)
        .in('version', [...versions])
      if (error) throw classify(error, status)
      return ((data ?? []) as RevisionRow[]).map((row) => ({ ...toSummary(row), value: row.value }))
    },

    /** The last saves across all keys, newest first: who saved which key, and when. */
    async recentSaves(limit = 20): Promise<RevisionSummary[]> {
      const { data, error, status } = await client
        .from('content_revisions')
        .select(SUMMARY_COLUMNS)
        // The key as it was before its first save is kept, but nobody saved it.
        .eq('before_first_save', false)
        .order('saved_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit)
      if (error) throw classify(error, status)
      return ((data ?? []) as RevisionRow[]).map(toSummary)
    },
  }
}

/** The history repository's methods. */
export type HistoryRepository = ReturnType<typeof createHistoryRepository>
