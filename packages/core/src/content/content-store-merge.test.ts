import { describe, expect, it, vi } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { contentStoreHarness } from '../../test-utils/content-store-harness.ts'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { PENDING_SAVE_PREFIX } from './pending-saves.ts'
import { createStoreSaving } from './store-saving.ts'

type Home = ContentDocuments['content']
type Teams = ContentDocuments['teams']
type Team = Teams[string]

const home = (hero: Partial<Home['hero']>): Home => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, ...hero },
})
const ORIGINAL = home({ title: 'Original title', subtitle: 'Original subtitle' })

const h = contentStoreHarness(() => ({ loadSaving: () => ({ createStoreSaving }) }))
const { makeStore, flush } = h

/** A store signed in as staff over `documents`, started and read. */
async function startedStore(documents: Partial<ContentDocuments>) {
  h.repository = createMemoryRepository(documents)
  const store = makeStore({ canSave: true })
  store.start()
  await flush()
  await vi.advanceTimersByTimeAsync(1000)
  return store
}

const storedHero = () => (h.repository.rows.get('content')?.value as Home).hero

describe('saving what the editor changed, over a newer version', () => {
  it('merges a change of another field into theirs when the save is refused as stale', async () => {
    const store = await startedStore({ content: ORIGINAL })
    h.repository.storeAsSomeoneElse('content', home({ ...ORIGINAL.hero, title: 'Their title' }))

    const outcome = store.save('content', home({ ...ORIGINAL.hero, subtitle: 'My subtitle' }))
    await expect(outcome).resolves.toBe('stored')

    expect(storedHero()).toMatchObject({ title: 'Their title', subtitle: 'My subtitle' })
    expect(h.repository.saves()).toEqual([
      { key: 'content', baseVersion: 1 },
      { key: 'content', baseVersion: 2 },
    ])
    expect(store.get('content').hero).toMatchObject({
      title: 'Their title',
      subtitle: 'My subtitle',
    })
    expect(store.getPendingSaves()).toEqual([])
  })

  it('merges edits of different players of one roster by their ids', async () => {
    const teams = DEFAULT_CONTENT.teams
    const teamId = Object.keys(teams).find((id) => (teams[id]?.roster.length ?? 0) >= 3)
    const team = teamId ? teams[teamId] : undefined
    if (!teamId || !team) throw new Error('the sample content has no team with a roster')
    const store = await startedStore({ teams })
    const withRoster = (roster: Team['roster']): Teams => ({
      ...teams,
      [teamId]: { ...team, roster },
    })
    const rename = (roster: Team['roster'], index: number, name: string) =>
      roster.map((player, at) => (at === index ? { ...player, name } : player))
    // They renamed the first player and added one at the top; I renamed the third.
    const added = { ...team.roster[1]!, id: 'new-player', name: 'New Player', number: 77 }
    h.repository.storeAsSomeoneElse(
      'teams',
      withRoster([added, ...rename(team.roster, 0, 'Their Player')]),
    )

    const mine = withRoster(rename(team.roster, 2, 'My Player'))
    await expect(store.save('teams', mine)).resolves.toBe('stored')

    const roster = (h.repository.rows.get('teams')?.value as Teams)[teamId]!.roster
    expect(roster.map((player) => player.name).slice(0, 4)).toEqual([
      'New Player',
      'Their Player',
      team.roster[1]!.name,
      'My Player',
    ])
    expect(roster).toHaveLength(team.roster.length + 1)
    expect(store.getPendingSaves()).toEqual([])
  })

  it('waits for a choice when both changed the same field, and keeps theirs until then', async () => {
    const store = await startedStore({ content: ORIGINAL })
    h.repository.storeAsSomeoneElse('content', home({ ...ORIGINAL.hero, subtitle: 'Their words' }))

    await expect(
      store.save('content', home({ ...ORIGINAL.hero, subtitle: 'My words', title: 'My title' })),
    ).resolves.toBe('conflict')
    expect(storedHero().subtitle).toBe('Their words')
    const [pending] = store.getPendingSaves()
    expect(pending?.conflicts).toEqual([
      {
        path: ['hero', 'subtitle'],
        base: 'Original subtitle',
        mine: 'My words',
        theirs: 'Their words',
      },
    ])
    // Kept on the device with what the dialog needs, for after a reload too.
    const kept = JSON.parse(h.storage.getItem(`${PENDING_SAVE_PREFIX}${pending!.id}`)!) as {
      conflicts: unknown[]
      theirs: Home
    }
    expect(kept.conflicts).toHaveLength(1)
    expect(kept.theirs.hero.subtitle).toBe('Their words')

    await vi.advanceTimersByTimeAsync(120_000)
    expect(h.repository.saves()).toHaveLength(1)

    // A merge written by the editor, and my other change, over their version.
    await expect(
      store.resolveConflict(pending!.id, [{ take: 'value', value: 'Their words. My words.' }]),
    ).resolves.toBe('stored')
    expect(storedHero()).toMatchObject({ subtitle: 'Their words. My words.', title: 'My title' })
    expect(h.repository.saves().at(-1)).toEqual({ key: 'content', baseVersion: 2 })
  })

  it('saves nothing when theirs is chosen for the only field changed', async () => {
    const store = await startedStore({ content: ORIGINAL })
    h.repository.storeAsSomeoneElse('content', home({ ...ORIGINAL.hero, subtitle: 'Their words' }))
    await store.save('content', home({ ...ORIGINAL.hero, subtitle: 'My words' }))
    const id = store.getPendingSaves()[0]!.id

    await expect(store.resolveConflict(id, [{ take: 'theirs' }])).resolves.toBe('stored')
    expect(store.getPendingSaves()).toEqual([])
    expect(store.get('content').hero.subtitle).toBe('Their words')
    expect(h.repository.saves()).toHaveLength(1)
    expect(h.storage.items.size).toBe(0)
  })

  it('merges a field edited from an older value into the newer document already shown', async () => {
    const store = await startedStore({ content: ORIGINAL })
    // Their save arrived live while my field was open.
    const theirs = home({ ...ORIGINAL.hero, title: 'Their title' })
    h.repository.storeAsSomeoneElse('content', theirs)
    await store.applyRemote('content', theirs, 2)

    // The editor says what the field held when editing began: the document as it found it.
    const base = home({ ...ORIGINAL.hero, title: 'Their title' })
    await expect(
      store.save('content', { ...base, hero: { ...base.hero, subtitle: 'Mine' } }, { base }),
    ).resolves.toBe('stored')
    expect(storedHero()).toMatchObject({ title: 'Their title', subtitle: 'Mine' })
    expect(h.repository.saves()).toEqual([{ key: 'content', baseVersion: 2 }])
  })

  it('asks before overwriting a field that moved while it was being edited, without a request', async () => {
    const store = await startedStore({ content: ORIGINAL })
    const theirs = home({ ...ORIGINAL.hero, subtitle: 'Their words' })
    h.repository.storeAsSomeoneElse('content', theirs)
    await store.applyRemote('content', theirs, 2)

    // Opened at "Original subtitle", committed as "My words", over "Their words".
    const shown = store.get('content')
    const base = { ...shown, hero: { ...shown.hero, subtitle: 'Original subtitle' } }
    const mine = { ...shown, hero: { ...shown.hero, subtitle: 'My words' } }
    await expect(store.save('content', mine, { base })).resolves.toBe('conflict')
    expect(h.repository.saves()).toEqual([])
    expect(store.getPendingSaves()).toMatchObject([
      {
        status: 'conflict',
        conflicts: [{ path: ['hero', 'subtitle'], mine: 'My words', theirs: 'Their words' }],
      },
    ])

    const id = store.getPendingSaves()[0]!.id
    await expect(store.resolveConflict(id, [{ take: 'mine' }])).resolves.toBe('stored')
    expect(storedHero().subtitle).toBe('My words')
    expect(h.repository.saves()).toEqual([{ key: 'content', baseVersion: 2 }])
  })
})

describe('a pending save not sent yet, when a newer version arrives live', () => {
  it('is merged into it at once, and asks at once about a field both changed', async () => {
    const store = await startedStore({ content: ORIGINAL })
    // Offline: my save is kept on the device.
    h.repository.offline = true
    await store.save('content', home({ ...ORIGINAL.hero, subtitle: 'My words', title: 'My title' }))
    expect(store.getPendingSaves()).toMatchObject([{ status: 'pending', baseVersion: 1 }])

    const theirs = home({ ...ORIGINAL.hero, subtitle: 'Their words', buttonText: 'Theirs' })
    h.repository.storeAsSomeoneElse('content', theirs)
    await store.applyRemote('content', theirs, 2)

    const [pending] = store.getPendingSaves()
    expect(pending).toMatchObject({
      status: 'conflict',
      currentVersion: 2,
      conflicts: [{ path: ['hero', 'subtitle'], mine: 'My words', theirs: 'Their words' }],
    })
    // Their other change shows with mine already.
    expect(store.get('content').hero).toMatchObject({ title: 'My title', buttonText: 'Theirs' })

    h.repository.offline = false
    await expect(store.resolveConflict(pending!.id, [{ take: 'theirs' }])).resolves.toBe('stored')
    expect(storedHero()).toMatchObject({
      subtitle: 'Their words',
      title: 'My title',
      buttonText: 'Theirs',
    })
    expect(h.repository.saves().at(-1)).toEqual({ key: 'content', baseVersion: 2 })
  })

  it('is merged as soon as a send that was under way when it arrived fails', async () => {
    const store = await startedStore({ content: ORIGINAL })
    h.repository.offline = true
    await store.save('content', home({ ...ORIGINAL.hero, subtitle: 'My words' }))
    expect(store.getPendingSaves()).toMatchObject([{ status: 'pending', baseVersion: 1 }])

    // The retry is being sent (slowly, and it will fail) when their version arrives live.
    h.repository.latencyMs = 500
    await vi.advanceTimersByTimeAsync(1000)
    expect(h.repository.saves()).toHaveLength(2)
    const theirs = home({ ...ORIGINAL.hero, subtitle: 'Their words' })
    h.repository.storeAsSomeoneElse('content', theirs)
    await store.applyRemote('content', theirs, 2)
    // Not merged yet: the pending save is out being sent.
    expect(store.getPendingSaves()).toMatchObject([{ status: 'pending', baseVersion: 1 }])

    // The send fails: the choice is asked at once, not when the connection comes back.
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getPendingSaves()).toMatchObject([
      {
        status: 'conflict',
        currentVersion: 2,
        conflicts: [{ path: ['hero', 'subtitle'], mine: 'My words', theirs: 'Their words' }],
      },
    ])
  })
})
