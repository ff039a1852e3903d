import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { sameDocument } from './same-document.ts'
import { mergeThreeWay, settleConflicts } from './three-way-merge.ts'

/**
 * Values as stored documents hold them: through JSON, where -0 is written "0" (fast-check's
 * jsonValue yields -0, which toEqual tells from 0; no stored document can hold it).
 */
const json = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown)

type Player = { id: string; name: string; number: number }
type Roster = { title: string; subtitle: string; players: Player[] }

const player = (id: string): fc.Arbitrary<Player> =>
  fc.record({ id: fc.constant(id), name: fc.string({ maxLength: 8 }), number: fc.nat(99) })

/** A roster of 2–8 players with ids p0…pn, in order. */
const roster: fc.Arbitrary<Roster> = fc.integer({ min: 2, max: 8 }).chain((size) =>
  fc.record({
    title: fc.string({ maxLength: 10 }),
    subtitle: fc.string({ maxLength: 10 }),
    players: fc.tuple(...Array.from({ length: size }, (_, index) => player(`p${index}`))),
  }),
)

describe('mergeThreeWay', () => {
  it('takes the only side that changed, and either side when both made the same change', () => {
    fc.assert(
      fc.property(json, json, (base, changed) => {
        expect(mergeThreeWay(base, changed, base)).toEqual({ value: changed, conflicts: [] })
        expect(mergeThreeWay(base, base, changed)).toEqual({ value: changed, conflicts: [] })
        expect(mergeThreeWay(base, changed, changed)).toEqual({ value: changed, conflicts: [] })
      }),
    )
  })

  it('merges edits of different fields without a conflict', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), json, { minKeys: 2 }),
        fc.string(),
        fc.string(),
        (base, mineText, theirText) => {
          const [first, second] = Object.keys(base) as [string, string]
          const mine = { ...base, [first]: `mine:${mineText}` }
          const theirs = { ...base, [second]: `theirs:${theirText}` }
          const result = mergeThreeWay(base, mine, theirs)
          expect(result.conflicts).toEqual([])
          expect(sameDocument(result.value, { ...base, ...mine, [second]: theirs[second] })).toBe(
            true,
          )
        },
      ),
    )
  })

  it('merges edits of different list items by id, whatever else each side added', () => {
    fc.assert(
      fc.property(
        roster,
        fc.nat(),
        fc.nat(),
        fc.string({ maxLength: 6 }),
        fc.boolean(),
        (base, a, b, name, theirsAdd) => {
          const count = base.players.length
          const mineIndex = a % count
          const theirIndex = (mineIndex + 1 + (b % (count - 1))) % count
          const mine = structuredClone(base)
          const theirs = structuredClone(base)
          mine.players[mineIndex]!.name = `mine ${name}`
          theirs.players[theirIndex]!.number = 100
          if (theirsAdd) theirs.players.unshift({ id: 'new', name: 'New kid', number: 7 })
          const result = mergeThreeWay(base, mine, theirs)
          expect(result.conflicts).toEqual([])
          const merged = result.value as Roster
          const find = (id: string) => merged.players.find((item) => item.id === id)
          expect(find(`p${mineIndex}`)?.name).toBe(`mine ${name}`)
          expect(find(`p${theirIndex}`)?.number).toBe(100)
          expect(merged.players).toHaveLength(count + (theirsAdd ? 1 : 0))
          if (theirsAdd) expect(merged.players[0]?.id).toBe('new')
        },
      ),
    )
  })

  it('reports a field both changed differently, keeps mine there, and settles by choice', () => {
    fc.assert(
      fc.property(
        roster,
        fc.string({ maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        (base, x, y) => {
          // Both sides change it: a base that already reads as one side's is another case.
          fc.pre(base.subtitle !== `A${x}` && base.subtitle !== `B${y}`)
          const mine = { ...base, subtitle: `A${x}`, title: 'Only mine' }
          const theirs = { ...base, subtitle: `B${y}`, players: base.players.slice(1) }
          const result = mergeThreeWay(base, mine, theirs)
          expect(result.conflicts).toEqual([
            { path: ['subtitle'], base: base.subtitle, mine: `A${x}`, theirs: `B${y}` },
          ])
          const merged = result.value as Roster
          expect(merged.subtitle).toBe(`A${x}`)
          expect(merged.title).toBe('Only mine')
          expect(merged.players).toEqual(base.players.slice(1))
          const useTheirs = settleConflicts(result, [{ take: 'theirs' }]) as Roster
          expect(useTheirs).toEqual({ ...merged, subtitle: `B${y}` })
          const written = settleConflicts(result, [{ take: 'value', value: 'Both' }]) as Roster
          expect(written.subtitle).toBe('Both')
        },
      ),
    )
  })

  it('gives the same conflicts either way round, and both sides settle to the same document', () => {
    const flat = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ max: 3 }))
    fc.assert(
      fc.property(flat, flat, flat, (base, mine, theirs) => {
        const forward = mergeThreeWay(base, mine, theirs)
        const backward = mergeThreeWay(base, theirs, mine)
        expect(forward.conflicts.map((c) => c.path)).toEqual(
          expect.arrayContaining(backward.conflicts.map((c) => c.path)),
        )
        expect(forward.conflicts).toHaveLength(backward.conflicts.length)
        const mineEverywhere = settleConflicts(forward, [])
        const theirsInBackward = settleConflicts(
          backward,
          backward.conflicts.map(() => ({ take: 'theirs' })),
        )
        expect(sameDocument(mineEverywhere, theirsInBackward)).toBe(true)
        // Every change of theirs away from a conflict is in the merge.
        const conflicted = new Set(forward.conflicts.map((c) => String(c.path[0])))
        for (const key of Object.keys(theirs)) {
          if (!conflicted.has(key) && theirs[key] !== base[key] && mine[key] === base[key]) {
            expect((mineEverywhere as Record<string, number>)[key]).toBe(theirs[key])
          }
        }
      }),
    )
  })

  it('keeps an item one side removed and the other edited, and removes it when that is chosen', () => {
    const base = {
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bo' },
      ],
    }
    const mine = { players: [{ id: 'b', name: 'Bo' }] }
    const theirs = {
      players: [
        { id: 'a', name: 'Annie' },
        { id: 'b', name: 'Bo' },
      ],
    }
    const result = mergeThreeWay(base, mine, theirs)
    expect(result.value).toEqual(theirs)
    expect(result.conflicts).toEqual([
      { path: ['players', 0], base: base.players[0], mine: undefined, theirs: theirs.players[0] },
    ])
    expect(settleConflicts(result, [{ take: 'mine' }])).toEqual(mine)
    expect(settleConflicts(result, [{ take: 'theirs' }])).toEqual(theirs)
  })

  it('keeps a move on one side and places the other side’s new item beside its neighbour', () => {
    const base = [{ id: 1 }, { id: 2 }, { id: 3 }]
    const mine = [{ id: 3 }, { id: 1 }, { id: 2 }]
    const theirs = [{ id: 1 }, { id: 9 }, { id: 2 }, { id: 3 }]
    expect(mergeThreeWay(base, mine, theirs)).toEqual({
      value: [{ id: 3 }, { id: 1 }, { id: 9 }, { id: 2 }],
      conflicts: [],
    })
  })

  it('merges lists without ids position by position when no side changed their length', () => {
    expect(mergeThreeWay(['a', 'b'], ['A', 'b'], ['a', 'B']).value).toEqual(['A', 'B'])
    const grown = mergeThreeWay(['a'], ['a', 'b'], ['a', 'c'])
    expect(grown.conflicts).toEqual([
      { path: [], base: ['a'], mine: ['a', 'b'], theirs: ['a', 'c'] },
    ])
  })
})
