import type { PostgrestClient } from '@supabase/postgrest-js'

import { classify, contentReadFilter, storedDocumentOf } from './content-repository.ts'
import type { ContentRepository, HeldVersions, StoredDocument } from './content-repository.ts'
import { documentsOf, rowsToRead } from './public-forms.ts'

/*
 * Apart from content-repository.ts, which a visitor's read needs at start-up: this one is for
 * the signed-in area and the tools (vite.config.ts keeps it out of home's start-up chunk).
 */

/**
 * IMPORTANT: the only code that saves to `website_content`, and its reads with the full client
 * (a visitor's read is content-repository.ts's `createPublicContentRepository`).
 *
 * @example
 * const repo = createContentRepository(client)
 * const rows = await repo.read(['content', 'alerts'])
 * await repo.save('alerts', nextAlerts, rows[1]?.version ?? 0)
 *
 * `client` is the full supabase-js client (saving, signed in) or its PostgREST client
 * alone (visitors' reads); both have the same `from()`.
 */
export function createContentRepository(client: Pick<PostgrestClient, 'from'>): ContentRepository {
  return {
    /** Reads the given keys in one request (see ContentRepository.read). */
    async read(keys: readonly string[], held?: HeldVersions): Promise<StoredDocument[]> {
      const rows = rowsToRead(keys, held)
      const filter = contentReadFilter(rows.keys, rows.held)
      const query = client.from('website_content').select('key,value,version,updated_at')
      const { data, error, status } = await ('or' in filter
        ? query.or(filter.or.slice(1, -1))
        : query.in('key', rows.keys))
      if (error) throw classify(error, status)
      return documentsOf((data ?? []).map((row) => storedDocumentOf(row)))
    },

    /**
     * Stores the whole document, naming the version the edit started from (0 for a
     * key not stored yet). Resolves to the new version; rejects with a ContentError
     * whose kind is 'conflict' when someone else saved in between. On a first save, `before`
     * (what the site showed) is kept by the database as the version before it.
     */
    async save(
      key: string,
      value: unknown,
      baseVersion: number,
      before?: unknown,
    ): Promise<{ version: number }> {
      const row: Record<string, unknown> = { key, value, base_version: baseVersion }
      if (baseVersion === 0 && before !== undefined) row.value_before = before
      const { data, error, status } = await client
        .from('website_content')
        .upsert(row, { onConflict: 'key' })
        .select('version')
        .single()
      if (error) throw classify(error, status)
      return { version: Number((data as { version: unknown }).version) }
    },
  }
}
