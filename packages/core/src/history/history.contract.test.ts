/**
 * The history (content_revisions), restore and conflict details against the local
 * Supabase-compatible server: real HTTP, the unmodified supabase-js, the real migrations
 * and row-level security.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  localOnly,
  SEEDED_PARENT,
  SEEDED_STAFF,
  startHarness,
  testClient,
} from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { loadConflictDetails } from './conflict-details.ts'
import { createContentRepository } from '../content/content-repository-client.ts'
import { createContentStore } from '../content/content-store.ts'
import type { ContentStore } from '../content/store-types.ts'
import { entitiesCatalog } from '../content/entities-catalog.ts'
import { createHistoryRepository } from './history-repository.ts'
import { restoreRevision } from './restore-revision.ts'

type Store = ContentStore<ContentDocuments>

const firstAlert = DEFAULT_CONTENT.alerts[0]!
const alerts = (title: string): ContentDocuments['alerts'] => [{ ...firstAlert, title }]
const titleOf = (value: unknown) => (value as { title?: string }[] | undefined)?.[0]?.title
const quiet = { warn: () => undefined, error: () => undefined }

let h: Harness
let staff: SupabaseClient
let staffId: string
const stores: Store[] = []

async function signedIn(login: { email: string; password: string }) {
  const client = testClient(h.url, h.anonKey)
  const { data, error } = await client.auth.signInWithPassword(login)
  if (error) throw error
  return { client, id: data.user.id }
}

function makeStore(client: SupabaseClient) {
  const store = createContentStore<ContentDocuments>({
    repository: createContentRepository(client),
    catalog: entitiesCatalog,
    storage: null,
    events: null,
    logger: quiet,
    canSave: true,
  })
  stores.push(store)
  store.start()
  return store
}

async function loaded(store: Store) {
  await vi.waitFor(
    () =>
      expect(store.getLoadState()).toEqual({
        vital: 'loaded',
        background: 'loaded',
        staff: 'idle',
      }),
    { timeout: 10_000, interval: 20 },
  )
}

/** Saves straight through the repository, as staff, and returns the new version. */
async function saveAsStaff(key: string, value: unknown, base: number) {
  return (await createContentRepository(staff).save(key, value, base)).version
}

describe.runIf(localOnly('resets its tables between tests'))(
  'content history against the local server',
  () => {
    beforeAll(async () => {
      h = await startHarness()
      ;({ client: staff, id: staffId } = await signedIn(SEEDED_STAFF))
    })
    afterAll(() => h.stop())

    beforeEach(async () => {
      for (const table of ['website_content', 'content_revisions']) {
        const cleared = await h.service.from(table).delete().neq('key', '')
        if (cleared.error) throw cleared.error
      }
    })
    afterEach(() => {
      for (const store of stores.splice(0)) store.dispose()
    })

    it("should list a key's revisions to staff, newest first, naming who saved and when", async () => {
      await saveAsStaff('alerts', alerts('One'), 0)
      await saveAsStaff('alerts', alerts('Two'), 1)
      await saveAsStaff('teams', DEFAULT_CONTENT.teams, 0)

      const revisions = await createHistoryRepository(staff).listRevisions('alerts')
      expect(revisions.map((revision) => revision.version)).toEqual([2, 1])
      for (const revision of revisions) {
        expect(revision).toMatchObject({
          key: 'alerts',
          savedBy: staffId,
          savedByEmail: SEEDED_STAFF.email,
        })
        expect(Number.isNaN(Date.parse(revision.savedAt))).toBe(false)
      }
    })

    it('should page back through the revisions below a version', async () => {
      for (const [base, title] of [
        [0, 'One'],
        [1, 'Two'],
        [2, 'Three'],
      ] as const) {
        await saveAsStaff('alerts', alerts(title), base)
      }
      const page = await createHistoryRepository(staff).listRevisions('alerts', {
        before: 3,
        limit: 1,
      })
      expect(page.map((revision) => revision.version)).toEqual([2])
    })

    it('should read one revision with its document', async () => {
      await saveAsStaff('alerts', alerts('One'), 0)
      await saveAsStaff('alerts', alerts('Two'), 1)
      const revision = await createHistoryRepository(staff).readRevision('alerts', 1)
      expect(titleOf(revision?.value)).toBe('One')
      expect(revision?.savedByEmail).toBe(SEEDED_STAFF.email)
    })

    it('should read several revisions with their documents in one read, leaving out the missing', async () => {
      await saveAsStaff('alerts', alerts('One'), 0)
      await saveAsStaff('alerts', alerts('Two'), 1)
      await saveAsStaff('alerts', alerts('Three'), 2)
      const read = await createHistoryRepository(staff).readRevisions('alerts', [1, 3, 9])
      expect(
        read
          .map((revision) => [revision.version, titleOf(revision.value)])
          .sort(([a], [b]) => Number(a) - Number(b)),
      ).toEqual([
        [1, 'One'],
        [3, 'Three'],
      ])
      expect(await createHistoryRepository(staff).readRevisions('alerts', [])).toEqual([])
      const visitor = createHistoryRepository(testClient(h.url, h.anonKey))
      expect(await visitor.readRevisions('alerts', [1, 2])).toEqual([])
    })

    it('should list the last saves across all keys, newest first', async () => {
      await saveAsStaff('alerts', alerts('One'), 0)
      await saveAsStaff('teams', DEFAULT_CONTENT.teams, 0)
      await saveAsStaff('alerts', alerts('Two'), 1)

      const recent = await createHistoryRepository(staff).recentSaves(2)
      expect(recent.map((save) => [save.key, save.version, save.savedByEmail])).toEqual([
        ['alerts', 2, SEEDED_STAFF.email],
        ['teams', 1, SEEDED_STAFF.email],
      ])
    })

    it('should show a visitor no revision at all', async () => {
      await saveAsStaff('alerts', alerts('Staff only'), 0)
      expect(await createHistoryRepository(staff).listRevisions('alerts')).toHaveLength(1)
      const visitor = createHistoryRepository(testClient(h.url, h.anonKey))
      expect(await visitor.listRevisions('alerts')).toEqual([])
      expect(await visitor.readRevision('alerts', 1)).toBeUndefined()
      expect(await visitor.recentSaves()).toEqual([])
    })

    it('should show a signed-in user who is not staff no revision at all', async () => {
      await saveAsStaff('alerts', alerts('Staff only'), 0)
      expect(await createHistoryRepository(staff).listRevisions('alerts')).toHaveLength(1)
      const parent = createHistoryRepository((await signedIn(SEEDED_PARENT)).client)
      expect(await parent.listRevisions('alerts')).toEqual([])
      expect(await parent.readRevision('alerts', 1)).toBeUndefined()
      expect(await parent.recentSaves()).toEqual([])
    })

    it('should restore an old version as a new one, keeping every version', async () => {
      await saveAsStaff('alerts', alerts('One'), 0)
      await saveAsStaff('alerts', alerts('Two'), 1)
      const store = makeStore(staff)
      await loaded(store)
      const history = createHistoryRepository(staff)

      await expect(
        restoreRevision<ContentDocuments, 'alerts'>({ store, history }, 'alerts', 1),
      ).resolves.toBe('stored')

      const revisions = await history.listRevisions('alerts')
      expect(revisions.map((revision) => revision.version)).toEqual([3, 2, 1])
      expect(titleOf((await history.readRevision('alerts', 3))?.value)).toBe('One')
      expect(titleOf(store.get('alerts'))).toBe('One')
      expect(store.version('alerts')).toBe(3)
    })

    it('should name who saved the newer version, and when, after a concurrent save', async () => {
      const other = await h.signedInUser({ staff: true })
      const mine = makeStore(staff)
      const theirs = makeStore(other.client)
      await Promise.all([loaded(mine), loaded(theirs)])

      await expect(theirs.save('alerts', alerts('Theirs'))).resolves.toBe('stored')
      await expect(mine.save('alerts', alerts('Mine'))).resolves.toBe('conflict')

      const details = await loadConflictDetails(mine, createHistoryRepository(staff), 'alerts')
      expect(details).toMatchObject({
        key: 'alerts',
        version: 1,
        savedBy: other.id,
        savedByEmail: other.email,
      })
      expect(titleOf(details?.theirs)).toBe('Theirs')
      expect(titleOf(details?.mine)).toBe('Mine')
      expect(Number.isNaN(Date.parse(details?.savedAt ?? ''))).toBe(false)
    })
  },
)
