/**
 * Document limits against the local Supabase-compatible server: the database refuses an
 * oversize or over-long document with HTTP 413 (SQLSTATE PT413), the repository maps it, and the
 * store refuses the same documents before sending them, in the same words.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  countingFetch,
  localOnly,
  SEEDED_STAFF,
  startHarness,
  testClient,
} from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import {
  findLimitProblem,
  limitProblemMessage,
  MAX_DOCUMENT_BYTES,
  MAX_LIST_ITEMS,
} from '../entities/document-limits.ts'
import { ContentError } from './content-repository.ts'
import { createContentRepository } from './content-repository-client.ts'
import { createContentStore } from './content-store.ts'
import type { ContentStore } from './store-types.ts'
import { entitiesCatalog } from './entities-catalog.ts'

const firstAlert = DEFAULT_CONTENT.alerts[0]!
const tooManyAlerts = () =>
  Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => ({ ...firstAlert, id: `alert-${i}` }))
/** Over the size limit by a few bytes, with quotes, accents and emoji that jsonb prints its own way. */
const hugeHome = () => {
  const document = {
    ...DEFAULT_CONTENT.content,
    hero: { ...DEFAULT_CONTENT.content.hero, title: '' },
  }
  const base = Buffer.byteLength(JSON.stringify(document))
  // 9 bytes a piece in JSON: é (2), \" (2), the emoji (4) and a space.
  const filler = 'é"😀 '.repeat(Math.ceil((MAX_DOCUMENT_BYTES - base) / 9) + 1)
  return { ...document, hero: { ...document.hero, title: filler } }
}

let h: Harness
let staff: SupabaseClient
const stores: ContentStore<ContentDocuments>[] = []

async function refusal(save: Promise<unknown>): Promise<ContentError> {
  const error = await save.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${error}`)
  return error
}

async function storedRow(key: string) {
  const { data, error } = await h.service
    .from('website_content')
    .select('version')
    .eq('key', key)
    .maybeSingle()
  if (error) throw error
  return data
}

describe.runIf(localOnly('resets its tables between tests'))(
  'document limits against the local server',
  () => {
    beforeAll(async () => {
      h = await startHarness()
      staff = testClient(h.url, h.anonKey)
      const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
      if (error) throw error
    })
    afterAll(() => h.stop())
    beforeEach(async () => {
      const cleared = await h.service.from('website_content').delete().neq('key', '')
      if (cleared.error) throw cleared.error
    })
    afterEach(() => {
      for (const store of stores.splice(0)) store.dispose()
    })

    it('should map the database refusing an over-long list (HTTP 413) to too-large, as the client words it', async () => {
      const value = { albums: [], photos: Array.from({ length: MAX_LIST_ITEMS + 1 }, () => ({})) }
      const error = await refusal(createContentRepository(staff).save('photoLibrary', value, 0))

      const expected = findLimitProblem(value)
      expect(expected).toEqual({ kind: 'items', items: 2001, path: '$.photos', limit: 2000 })
      expect(error).toMatchObject({ kind: 'too-large', status: 413, code: 'PT413' })
      expect(error.limit).toEqual(expected)
      expect(error.message).toBe(limitProblemMessage('photoLibrary', expected!))
      expect(await storedRow('photoLibrary')).toBeNull()
    })

    it('should map the database refusing an oversize document to too-large, counting bytes as the client does', async () => {
      const value = hugeHome()
      const error = await refusal(createContentRepository(staff).save('content', value, 0))

      const expected = findLimitProblem(value)
      expect(expected?.kind).toBe('bytes')
      expect(error).toMatchObject({ kind: 'too-large', status: 413, code: 'PT413' })
      expect(error.limit).toEqual(expected)
      expect(error.message).toBe(limitProblemMessage('content', expected!))
    })

    it('should refuse both in the store before sending, with the message, and keep them', async () => {
      const counter = countingFetch()
      const editor = testClient(h.url, h.anonKey, counter.fetch)
      const { error } = await editor.auth.signInWithPassword(SEEDED_STAFF)
      if (error) throw error
      const notices = recordNotices()
      const store = createContentStore<ContentDocuments>({
        repository: createContentRepository(editor),
        catalog: entitiesCatalog,
        notify: notices.notify,
        logger: recordLogs().logger,
        events: null,
        canSave: true,
      })
      stores.push(store)
      store.start()

      await expect(store.save('alerts', tooManyAlerts())).resolves.toBe('kept')
      await expect(store.save('content', hugeHome())).resolves.toBe('kept')

      const writes = counter.contentRequests().filter((request) => request.method !== 'GET')
      expect(writes).toEqual([])
      expect(notices.shown.map((notice) => [notice.title, notice.variant])).toEqual([
        ['Save Error', 'destructive'],
        ['Save Error', 'destructive'],
      ])
      expect(notices.shown[0]?.description).toMatch(
        /^Could not save Alerts\. A list in it is too long for the site: 2,001 items/,
      )
      expect(notices.shown[1]?.description).toMatch(
        /^Could not save Home page\. It is too large for the site: 1,04\d,\d{3} bytes, and the limit is 1,048,576\./,
      )
      expect(
        store.getPendingSaves().map((save) => [save.key, save.status, save.errorKind]),
      ).toEqual([
        ['alerts', 'failed', 'too-large'],
        ['content', 'failed', 'too-large'],
      ])
      expect(store.get('alerts')).toHaveLength(MAX_LIST_ITEMS + 1)
      expect(await storedRow('alerts')).toBeNull()
      expect(await storedRow('content')).toBeNull()
    })
  },
)
