import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { builtInDocument } from './built-in-documents.ts'
import { isDocumentKey, viewSourceOf } from './content-key-list.ts'
import type { DocumentKey } from './content-keys.ts'
import { contentViews } from './derived-views.ts'

// One projection of the fields, the programs and the events for the pages that show a part of
// them: what the database derives for stored documents (public.derived_views, migrations
// 20261207000400_derived_views.sql and 20261207000500_event_views.sql) is what core makes of
// the built-in ones (derived-views.ts), row by row, and what the store shows while none is
// stored (builtInDocument).

describe('the rows derived from the fields, the programs and the events', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h?.stop())

  it('should be the same in the database as in core, for every row of the sample documents', async () => {
    const stored: Record<string, unknown> = {}
    for (const source of ['content', 'fieldsContent', 'programsContent', 'clinics'] as const) {
      const { data, error } = await h.anon.rpc('derived_views', {
        source,
        doc: DEFAULT_CONTENT[source],
      })
      expect(error).toBeNull()
      for (const row of data as { key: string; value: unknown }[]) {
        // Each row names the document it is made from, as core and the database both say.
        expect(viewSourceOf(row.key), row.key).toBe(source)
        const { data: named } = await h.anon.rpc('derived_content_source', { content_key: row.key })
        expect(named, row.key).toBe(source)
        stored[row.key] = row.value
      }
    }
    const core: Record<string, unknown> = contentViews(DEFAULT_CONTENT)
    expect(Object.keys(stored).sort()).toEqual(Object.keys(core).sort())
    for (const key of Object.keys(core)) {
      expect(stored[key], key).toEqual(core[key])
      // What a page shows while nothing is stored is that same row.
      expect(isDocumentKey(key), key).toBe(true)
      expect(builtInDocument(DEFAULT_CONTENT, key as DocumentKey), key).toEqual(core[key])
    }
  })
})
