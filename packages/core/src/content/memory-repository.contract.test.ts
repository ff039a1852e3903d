/**
 * The in-memory repository (test-utils/memory-repository.ts) stands in for the database in
 * the unit tests that drive time with fake timers. This suite holds it to the real thing:
 * the same cases run against it and against the content repository over the local server
 * (the unmodified supabase-js, real HTTP, the migrations' rules), and both must answer alike.
 */
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { SEEDED_PARENT, SEEDED_STAFF, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { ContentError, createPublicContentRepository } from './content-repository.ts'
import { createPublicReadClient } from '../backend/public-read-client.ts'
import { createContentRepository } from './content-repository-client.ts'
import type { ContentRepository } from './content-repository.ts'

type Subject = {
  /** Saves as staff. */
  staff: Pick<ContentRepository, 'read' | 'save'>
  /** Saves as a signed-in account that is not staff. */
  member: Pick<ContentRepository, 'read' | 'save'>
}

let h: Harness
let staffClient: SupabaseClient
let memberClient: SupabaseClient
const memory = createMemoryRepository()
const refusedMember = createMemoryRepository()
refusedMember.rows = memory.rows
refusedMember.forbidden = true

async function signedIn(account: { email: string; password: string }) {
  const client = testClient(h.url, h.anonKey)
  const { error } = await client.auth.signInWithPassword(account)
  if (error) throw error
  return client
}

beforeAll(async () => {
  h = await startHarness()
  staffClient = await signedIn(SEEDED_STAFF)
  memberClient = await signedIn(SEEDED_PARENT)
})
afterAll(async () => {
  await h?.stop()
})

const subjects: [name: string, subject: () => Subject][] = [
  ['the memory repository', () => ({ staff: memory, member: refusedMember })],
  [
    'the repository over the local server',
    () => ({
      staff: createContentRepository(staffClient),
      member: createContentRepository(memberClient),
    }),
  ],
]

/** A key the database accepts (staff-only, so a test's rows never reach a visitor). */
const newKey = () => `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`

async function refusal(action: Promise<unknown>): Promise<ContentError> {
  const error = await action.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ContentError)
  return error as ContentError
}

describe.each(subjects)('%s', (_name, subject) => {
  it('should read nothing for a key never stored, then version 1 after a first save', async () => {
    const { staff } = subject()
    const key = newKey()
    expect(await staff.read([key])).toEqual([])
    expect(await staff.save(key, { n: 1 }, 0)).toMatchObject({ version: 1 })
    const [row] = await staff.read([key])
    expect(row).toMatchObject({ key, value: { n: 1 }, version: 1 })
    expect(Number.isNaN(Date.parse(row!.updatedAt))).toBe(false)
  })

  it('should count versions up by one and refuse a save from a stale version as a conflict', async () => {
    const { staff } = subject()
    const key = newKey()
    await staff.save(key, 'first', 0)
    expect(await staff.save(key, 'second', 1)).toMatchObject({ version: 2 })
    const stale = await refusal(staff.save(key, 'late', 1))
    expect(stale).toMatchObject({ kind: 'conflict', status: 409, code: 'PT409', currentVersion: 2 })
    expect((await staff.read([key]))[0]).toMatchObject({ value: 'second', version: 2 })
  })

  it('should read several keys in one call and leave out those not stored', async () => {
    const { staff } = subject()
    const [a, b, missing] = [newKey(), newKey(), newKey()]
    await staff.save(a, ['a'], 0)
    await staff.save(b, { b: true }, 0)
    const rows = await staff.read([a, missing, b])
    expect(rows.map((row) => row.key).sort()).toEqual([a, b].sort())
  })

  it('should refuse a save by an account that is not staff as forbidden, storing nothing', async () => {
    const { staff, member } = subject()
    const key = newKey()
    const refused = await refusal(member.save(key, 'defaced', 0))
    expect(refused).toMatchObject({ kind: 'forbidden', code: '42501' })
    expect(await staff.read([key])).toEqual([])
  })
})

describe.each(subjects)(
  '%s, with the versions the reader holds (issue 35 §3)',
  (_name, subject) => {
    it('should leave out a key held at its stored version, and answer a changed or unheld one whole', async () => {
      const { staff } = subject()
      const [same, changed, fresh] = [newKey(), newKey(), newKey()]
      await staff.save(same, 'as held', 0)
      await staff.save(changed, 'old', 0)
      await staff.save(changed, 'new', 1)
      await staff.save(fresh, 'never held', 0)
      const rows = await staff.read([same, changed, fresh], { [same]: 1, [changed]: 1 })
      expect(
        rows
          .map(({ key, value, version }) => ({ key, value, version }))
          .toSorted((a, b) => a.key.localeCompare(b.key)),
      ).toEqual(
        [
          { key: changed, value: 'new', version: 2 },
          { key: fresh, value: 'never held', version: 1 },
        ].toSorted((a, b) => a.key.localeCompare(b.key)),
      )
      // Every key held at its version: nothing at all.
      expect(await staff.read([same, changed], { [same]: 1, [changed]: 2 })).toEqual([])
    })
  },
)

describe("a visitor's read over one GET, with the versions the page holds", () => {
  it('should answer only what changed since the page was built, under row-level security', async () => {
    const staff = createContentRepository(staffClient)
    const visitor = createPublicContentRepository(
      createPublicReadClient({ url: h.url, anonKey: h.anonKey }),
    )
    const current = (await staff.read(['aboutContent']))[0]?.version ?? 0
    const { version } = await staff.save('aboutContent', { held: 'test' }, current)
    // Held at the stored version: left out; the staff-only key is never answered to a visitor.
    expect(
      await visitor.read(['aboutContent', 'adminSettings'], { aboutContent: version }),
    ).toEqual([])
    const [row] = await visitor.read(['aboutContent'], { aboutContent: version - 1 })
    expect(row).toMatchObject({ key: 'aboutContent', version })
  })
})
