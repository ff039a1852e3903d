/**
 * The content store against the local Supabase-compatible server: real HTTP, the
 * unmodified supabase-js, the real schema, row-level security and triggers.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  countingFetch,
  localOnly,
  SEEDED_PARENT,
  SEEDED_STAFF,
  startHarness,
  testClient,
} from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { createMemoryStorage } from '../../test-utils/memory-storage.ts'
import type { MemoryStorage } from '../../test-utils/memory-storage.ts'
import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { PUBLIC_BACKGROUND_KEYS, STAFF_ONLY_KEYS, VITAL_KEYS } from '../entities/content-keys.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { createContentRepository } from './content-repository-client.ts'
import { rowsToRead } from './public-forms.ts'
import { createContentStore } from './content-store.ts'
import type { ContentStoreOptions } from './content-store.ts'
import type { ContentStore } from './store-types.ts'
import { entitiesCatalog } from './entities-catalog.ts'
import { createStoreSaving } from './store-saving.ts'
import { FORBIDDEN_SAVE_REASON } from './save-messages.ts'

type Store = ContentStore<ContentDocuments>

const firstAlert = DEFAULT_CONTENT.alerts[0]!
const alerts = (title: string): ContentDocuments['alerts'] => [{ ...firstAlert, title }]
const titleOf = (value: unknown) => (value as { title?: string }[] | undefined)?.[0]?.title

let h: Harness
let staffClient: SupabaseClient
const stores: Store[] = []
let storage: MemoryStorage
let notices: ReturnType<typeof recordNotices>
let logs: ReturnType<typeof recordLogs>

async function signedIn(harness: Harness, login: { email: string; password: string }) {
  const client = testClient(harness.url, harness.anonKey)
  const { error } = await client.auth.signInWithPassword(login)
  if (error) throw error
  return client
}

function makeStore(
  client: SupabaseClient,
  options: Partial<ContentStoreOptions<ContentDocuments>> = {},
) {
  const store = createContentStore<ContentDocuments>({
    repository: createContentRepository(client),
    catalog: entitiesCatalog,
    storage,
    notify: notices.notify,
    logger: logs.logger,
    events: null,
    // Saving synchronously available, as these tests save right after creating the store.
    loadSaving: () => ({ createStoreSaving }),
    ...options,
  })
  stores.push(store)
  return store
}

async function storedRow(harness: Harness, key: string) {
  const { data, error } = await harness.service
    .from('website_content')
    .select('value,version')
    .eq('key', key)
    .maybeSingle()
  if (error) throw error
  return data as { value: unknown; version: number } | null
}

async function loaded(store: Store) {
  await vi.waitFor(
    () =>
      expect(store.getLoadState()).toEqual({
        vital: 'loaded',
        background: 'loaded',
        staff: 'idle',
      }),
    {
      timeout: 10_000,
      interval: 20,
    },
  )
}

describe.runIf(localOnly('stops and restarts the server and resets its tables between tests'))(
  'content store against the local server',
  () => {
    beforeAll(async () => {
      h = await startHarness()
      staffClient = await signedIn(h, SEEDED_STAFF)
    })
    afterAll(() => h.stop())

    beforeEach(async () => {
      storage = createMemoryStorage()
      notices = recordNotices()
      logs = recordLogs()
      for (const table of ['website_content', 'content_revisions']) {
        const cleared = await h.service.from(table).delete().neq('key', '')
        if (cleared.error) throw cleared.error
      }
    })
    afterEach(() => {
      for (const store of stores.splice(0)) store.dispose()
    })

    it('should make exactly two content requests per load and show a stored value instead of its default', async () => {
      const stored = await createContentRepository(staffClient).save(
        'alerts',
        alerts('Stored for real'),
        0,
      )
      expect(stored.version).toBe(1)

      const counter = countingFetch()
      const visitor = testClient(h.url, h.anonKey, counter.fetch)
      const store = makeStore(visitor)
      expect(store.get('alerts')).toBe(DEFAULT_CONTENT.alerts)
      store.start()
      await loaded(store)

      expect(titleOf(store.get('alerts'))).toBe('Stored for real')
      expect(store.version('alerts')).toBe(1)
      expect(store.get('content')).toBe(DEFAULT_CONTENT.content)
      // Both reads have answered (the load states say so), and they were the only two. That the
      // store schedules no read after them is content-store.test.ts's ("loading": a minute of
      // fake time), not a fixed wait here.
      const content = counter.contentRequests()
      expect(content).toHaveLength(2)
      expect(content.map((request) => request.method)).toEqual(['GET', 'GET'])
      const keysOf = (url: string) =>
        /in\.\(([^)]*)\)/
          .exec(decodeURIComponent(new URL(url).searchParams.get('key') ?? ''))?.[1]
          ?.split(',')
      expect(keysOf(content[0]!.url)).toEqual([...VITAL_KEYS])
      // `teams` is asked for with its public form's row (public-forms.ts).
      expect(keysOf(content[1]!.url)).toEqual(rowsToRead(PUBLIC_BACKGROUND_KEYS).keys)
      // A visitor never asks for what only staff may read.
      const asked = content.flatMap((request) => keysOf(request.url) ?? [])
      expect(asked.filter((key) => (STAFF_ONLY_KEYS as readonly string[]).includes(key))).toEqual(
        [],
      )
      expect(notices.shown).toEqual([])
    })

    it("should read the staff-only documents for staff's session only, when the signed-in area asks", async () => {
      const profile = { displayName: 'Pat Director', email: 'pat@club.test', phone: '555-0100' }
      await createContentRepository(staffClient).save('adminProfile', profile, 0)

      const visitor = makeStore(testClient(h.url, h.anonKey))
      visitor.start()
      await loaded(visitor)
      await visitor.loadStaffContent()
      // Asked for as a visitor, the database answers nothing: the built-in profile stays.
      expect(visitor.getLoadState().staff).toBe('loaded')
      expect(visitor.get('adminProfile')).toEqual(DEFAULT_CONTENT.adminProfile)
      expect(visitor.version('adminProfile')).toBe(0)

      const staffStore = makeStore(staffClient)
      staffStore.start()
      await loaded(staffStore)
      expect(staffStore.version('adminProfile')).toBe(0)
      await staffStore.loadStaffContent()
      expect(staffStore.get('adminProfile')).toEqual(profile)
      expect(staffStore.version('adminProfile')).toBe(1)
    })

    it('should show a visitor the rosters as their pages do, and staff the whole teams once signed in', async () => {
      const teams = structuredClone(DEFAULT_CONTENT.teams)
      const young = teams['big-train-10u']!
      young.roster[0] = { ...young.roster[0]!, name: 'Samuel Rivera', height: `4'6"`, weight: 70 }
      await createContentRepository(staffClient).save('teams', teams, 0)
      const first = (store: Store) => store.get('teams')['big-train-10u']!.roster[0]!

      // A visitor's store holds the public form: the name shortened, no height or weight.
      const client = testClient(h.url, h.anonKey)
      const store = makeStore(client, { canSave: true })
      store.start()
      await loaded(store)
      expect(first(store)).toMatchObject({ name: 'Samuel R.', height: '', weight: null })

      // The same store once staff sign in on it: the signed-in area's read brings the whole one.
      const { error } = await client.auth.signInWithPassword(SEEDED_STAFF)
      expect(error).toBeNull()
      await store.loadStaffContent()
      expect(first(store)).toMatchObject({ name: 'Samuel Rivera', height: `4'6"`, weight: 70 })

      // A save from it keeps every detail, and visitors see it in their form.
      const edited = structuredClone(store.get('teams'))
      edited['big-train-10u']!.name = 'Big Train 10U Blue'
      await expect(store.save('teams', edited)).resolves.toBe('stored')
      const saved = (await storedRow(h, 'teams'))?.value as typeof teams
      expect(saved['big-train-10u']!.roster[0]).toMatchObject({ name: 'Samuel Rivera', weight: 70 })
      const visitor = makeStore(testClient(h.url, h.anonKey))
      visitor.start()
      await loaded(visitor)
      expect(visitor.get('teams')['big-train-10u']!.name).toBe('Big Train 10U Blue')
      expect(first(visitor)).toMatchObject({ name: 'Samuel R.', weight: null })
    })

    it('should have an anonymous save refused by the database and say so', async () => {
      const anonymous = testClient(h.url, h.anonKey)
      // The guard is bypassed on purpose (canSave: true) to prove the database refuses.
      const store = makeStore(anonymous, { canSave: true })
      store.start()
      await expect(store.save('alerts', alerts('Defaced'))).resolves.toBe('kept')

      expect(notices.shown).toContainEqual({
        title: 'Save Error',
        description: `Could not save Alerts. ${FORBIDDEN_SAVE_REASON} Your change is kept on this device.`,
        variant: 'destructive',
      })
      expect(store.getPendingSaves()).toMatchObject([{ status: 'failed', errorKind: 'forbidden' }])
      expect(await storedRow(h, 'alerts')).toBeNull()
    })

    it('should have a non-staff save refused by the database, and not even try it behind the guard', async () => {
      const parent = await signedIn(h, SEEDED_PARENT)
      const counter = countingFetch()
      const guarded = makeStore(testClient(h.url, h.anonKey, counter.fetch), { canSave: false })
      guarded.start()
      await expect(guarded.save('teams', DEFAULT_CONTENT.teams)).resolves.toBe('ignored')
      expect(counter.requests.filter((request) => request.method !== 'GET')).toEqual([])

      const bypassed = makeStore(parent, { canSave: true })
      bypassed.start()
      await expect(bypassed.save('teams', structuredClone(DEFAULT_CONTENT.teams))).resolves.toBe(
        'kept',
      )
      expect(notices.shown).toContainEqual({
        title: 'Save Error',
        description: `Could not save team data. ${FORBIDDEN_SAVE_REASON} Your change is kept on this device.`,
        variant: 'destructive',
      })
      expect(bypassed.getPendingSaves()[0]?.lastError).toMatch(/row-level security/)
      expect(await storedRow(h, 'teams')).toBeNull()
    })

    it('should detect a conflict between two staff editors and keep both versions after overwrite', async () => {
      const second = await h.signedInUser({ staff: true })
      const first = makeStore(staffClient, { canSave: true })
      const other = makeStore(second.client, { canSave: true })
      first.start()
      other.start()
      await Promise.all([loaded(first), loaded(other)])

      await expect(first.save('alerts', alerts('First editor'))).resolves.toBe('stored')
      await expect(other.save('alerts', alerts('Second editor'))).resolves.toBe('conflict')

      // The same field of both: merged with theirs, it waits for the editor's choice.
      expect(other.getPendingSaves()).toMatchObject([
        {
          status: 'conflict',
          currentVersion: 1,
          conflicts: [{ mine: 'Second editor', theirs: 'First editor' }],
        },
      ])
      expect(titleOf((await storedRow(h, 'alerts'))?.value)).toBe('First editor')

      await expect(other.overwrite(other.getPendingSaves()[0]!.id)).resolves.toBe('stored')
      const row = await storedRow(h, 'alerts')
      expect(row?.version).toBe(2)
      expect(titleOf(row?.value)).toBe('Second editor')

      const revisions = await h.service
        .from('content_revisions')
        .select('version,value')
        .eq('key', 'alerts')
        .order('version')
      expect(revisions.error).toBeNull()
      expect(
        revisions.data?.map((revision) => [revision.version, titleOf(revision.value)]),
      ).toEqual([
        // What the site showed before the first save (the built-in alerts), kept so that the
        // first save can be undone too.
        [0, titleOf(DEFAULT_CONTENT.alerts)],
        [1, 'First editor'],
        [2, 'Second editor'],
      ])
    })

    it('should keep a save made while the backend is down through a reload and store it once it is back', async () => {
      const down = await startHarness()
      const port = Number(new URL(down.url).port)
      const editor = await signedIn(down, SEEDED_STAFF)
      const before = makeStore(editor, { canSave: true, retryBaseMs: 50, retryMaxMs: 200 })
      before.start()
      await loaded(before)
      await down.stop()

      await expect(before.save('alerts', alerts('Written offline'))).resolves.toBe('kept')
      expect(notices.shown).toContainEqual({
        title: 'Save Error',
        description: 'Could not save Alerts.',
        variant: 'destructive',
      })
      // Retried with backoff against the dead server, never given up.
      await vi.waitFor(
        () => expect(before.getPendingSaves()[0]?.attempts).toBeGreaterThanOrEqual(3),
        {
          timeout: 5000,
        },
      )
      before.dispose()

      // A reload: a new store over the same device storage shows the pending save at once.
      const after = makeStore(editor, { retryBaseMs: 50 })
      expect(titleOf(after.get('alerts'))).toBe('Written offline')
      expect(after.getPendingSaves()).toMatchObject([{ key: 'alerts', status: 'pending' }])

      const back = await startHarness({ port })
      try {
        after.setAccess(true)
        after.start()
        await vi.waitFor(() => expect(after.getPendingSaves()).toEqual([]), { timeout: 10_000 })
        const row = await storedRow(back, 'alerts')
        expect(titleOf(row?.value)).toBe('Written offline')
        expect(row?.version).toBe(1)
        expect(titleOf(after.get('alerts'))).toBe('Written offline')
        expect(storage.items.size).toBe(0)
      } finally {
        after.dispose()
        await back.stop()
      }
    })
  },
)
