import type { PostgrestClient } from '@supabase/postgrest-js'

/** One stored content document as the repository returns it. */
export type StoredDocument = {
  key: string
  value: unknown
  /** 1 after the first save; a save must name the version it started from. */
  version: number
  updatedAt: string
}

export type ContentErrorKind = 'conflict' | 'forbidden' | 'unavailable' | 'invalid'

/** A failed read or save, classified so the UI can say what happened and what to do. */
export class ContentError extends Error {
  readonly kind: ContentErrorKind
  readonly status: number
  readonly code: string | undefined
  /** For a conflict: the version now stored. */
  readonly currentVersion: number | undefined

  constructor(init: {
    kind: ContentErrorKind
    status: number
    code?: string
    message: string
    currentVersion?: number
  }) {
    super(init.message)
    this.name = 'ContentError'
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.currentVersion = init.currentVersion
  }
}

type PostgrestLikeError = { code?: string; message: string; details?: string | null }

function classify(error: PostgrestLikeError, status: number): ContentError {
  if (error.code === 'PT409' || status === 409) {
    let currentVersion: number | undefined
    try {
      const detail = JSON.parse(error.details ?? '{}') as { current_version?: unknown }
      if (typeof detail.current_version === 'number') currentVersion = detail.current_version
    } catch {
      // The detail is informative only; the conflict stands without it.
    }
    return new ContentError({
      kind: 'conflict',
      status,
      code: error.code,
      message: error.message,
      currentVersion,
    })
  }
  if (error.code === '42501' || status === 401 || status === 403) {
    return new ContentError({ kind: 'forbidden', status, code: error.code, message: error.message })
  }
  if (status === 0 || status >= 500) {
    return new ContentError({
      kind: 'unavailable',
      status,
      code: error.code,
      message: error.message,
    })
  }
  return new ContentError({ kind: 'invalid', status, code: error.code, message: error.message })
}

/**
 * IMPORTANT: the only code that reads or writes `website_content`.
 *
 * @example
 * const repo = createContentRepository(client)
 * const rows = await repo.read(['content', 'alerts'])
 * await repo.save('alerts', nextAlerts, rows[1]?.version ?? 0)
 *
 * `client` is the full supabase-js client (saving, signed in) or its PostgREST client
 * alone (visitors' reads); both have the same `from()`.
 */
export function createContentRepository(client: Pick<PostgrestClient, 'from'>) {
  return {
    /** Reads the given keys in one request. Keys not stored are simply absent. */
    async read(keys: readonly string[]): Promise<StoredDocument[]> {
      const { data, error, status } = await client
        .from('website_content')
        .select('key,value,version,updated_at')
        .in('key', [...keys])
      if (error) throw classify(error, status)
      return (data ?? []).map((row) => ({
        key: String(row.key),
        value: row.value as unknown,
        version: Number(row.version),
        updatedAt: String(row.updated_at),
      }))
    },

    /**
     * Stores the whole document, naming the version the edit started from (0 for a
     * key not stored yet). Resolves to the new version; rejects with a ContentError
     * whose kind is 'conflict' when someone else saved in between.
     */
    async save(key: string, value: unknown, baseVersion: number): Promise<{ version: number }> {
      const { data, error, status } = await client
        .from('website_content')
        .upsert({ key, value, base_version: baseVersion }, { onConflict: 'key' })
        .select('version')
        .single()
      if (error) throw classify(error, status)
      return { version: Number((data as { version: unknown }).version) }
    },
  }
}

export type ContentRepository = ReturnType<typeof createContentRepository>
