import { describe, expect, it } from 'vitest'

import { planRosterPaste } from './roster-changes.ts'
import type { PasteMode } from './roster-changes.ts'
import { parseRosterPaste } from './roster-paste.ts'
import type { PlayerForm } from './roster-rules.ts'

const player = (id: string, number: string, name: string, patch: Partial<PlayerForm> = {}) => ({
  id,
  number,
  name,
  position: 'P',
  batsThrows: 'R/R',
  gradYear: '',
  highSchool: '',
  height: '',
  weight: '',
  imageUrl: `/images/${id}.jpg`,
  ...patch,
})

const roster: PlayerForm[] = [
  player('sam', '12', 'Sam Lee', { position: 'SS' }),
  player('ana', '4', 'Ana Cruz', { batsThrows: 'L/L' }),
  player('kai', '9', 'Kai Moore', { weight: '150' }),
]

function plan(text: string, mode: PasteMode = 'replace') {
  let next = 0
  return planRosterPaste(roster, parseRosterPaste(text), {
    mode,
    newId: () => `new-${++next}`,
  })
}

describe('planRosterPaste', () => {
  it('should list a player the paste adds, with a new id', () => {
    const result = plan('12,Sam Lee,SS,R/R\n4,Ana Cruz,P,L/L\n9,Kai Moore,P,R/R\n21,Jo Park,C,R/R')
    expect(result.added).toEqual([
      { row: 4, player: player('new-1', '21', 'Jo Park', { position: 'C', imageUrl: '' }) },
    ])
  })

  it('should list each changed field of a player matched by name', () => {
    const result = plan('14,Sam  Lee,2B,R/R\n4,Ana Cruz,P,L/L\n9,Kai Moore,P,R/R')
    expect(result.changed.map(({ before, changes }) => [before.id, changes])).toEqual([
      [
        'sam',
        [
          { field: 'number', label: 'Number', before: '12', after: '14' },
          { field: 'position', label: 'Position', before: 'SS', after: '2B' },
        ],
      ],
    ])
  })

  it('should match a name whatever its case and accents, and report the new spelling', () => {
    const result = plan('4,ÁNA cruz,P,L/L', 'merge')
    expect([
      result.added,
      result.changed.map(({ before, changes }) => [before.id, changes]),
    ]).toEqual([
      [],
      [['ana', [{ field: 'name', label: 'Name', before: 'Ana Cruz', after: 'ÁNA cruz' }]]],
    ])
  })

  it('should keep the id and photo of a changed player', () => {
    const result = plan('14,Sam Lee,SS,R/R')
    expect(result.next[0]).toMatchObject({ id: 'sam', number: '14', imageUrl: '/images/sam.jpg' })
  })

  it('should match a corrected spelling by its number', () => {
    const result = plan('12,Samuel Lee,SS,R/R\n4,Ana Cruz,P,L/L\n9,Kai Moore,P,R/R')
    expect([result.added, result.changed.map((c) => c.changes)]).toEqual([
      [],
      [[{ field: 'name', label: 'Name', before: 'Sam Lee', after: 'Samuel Lee' }]],
    ])
  })

  it('should remove the players a replacing paste leaves out', () => {
    const result = plan('12,Sam Lee,SS,R/R\n4,Ana Cruz,P,L/L')
    expect([result.removed.map((p) => p.id), result.next.map((p) => p.id)]).toEqual([
      ['kai'],
      ['sam', 'ana'],
    ])
  })

  it('should keep the players a merging paste leaves out', () => {
    const result = plan('21,Jo Park,C,R/R', 'merge')
    expect([result.removed, result.next.map((p) => p.id)]).toEqual([
      [],
      ['sam', 'ana', 'kai', 'new-1'],
    ])
  })

  it('should keep a player whose row is rejected instead of removing them', () => {
    const result = plan('12,Sam Lee,SS,R/R\n0,Ana Cruz,P,L/L\n9,Kai Moore,P,R/R')
    expect([
      result.removed,
      result.kept.map(({ row, player: p }) => [row, p.id]),
      result.rejected.map((r) => r.row),
    ]).toEqual([[], [[2, 'ana']], [2]])
  })

  it('should keep what the paste does not say about a known player', () => {
    const result = plan('#,Name\n9,Kai Moore\n12,Sam Lee\n4,Ana Cruz')
    expect(result.next.find((p) => p.id === 'kai')).toEqual(roster[2])
  })

  it('should reject a new player without a position or bats/throws', () => {
    const result = plan('#,Name\n21,Jo Park', 'merge')
    expect(result.rejected).toEqual([
      {
        row: 2,
        text: '21 | Jo Park',
        name: 'Jo Park',
        reasons: [
          'No position given (a new player needs one).',
          'No bats/throws given (a new player needs them).',
        ],
      },
    ])
  })

  it('should report a player listed as they are as unchanged', () => {
    const result = plan('12,Sam Lee,SS,R/R\n4,Ana Cruz,P,L/L\n9,Kai Moore,P,R/R,,,,150')
    expect([result.unchanged.length, result.hasChanges]).toEqual([3, false])
  })

  it('should say when only the order changes', () => {
    const result = plan('4,Ana Cruz,P,L/L\n12,Sam Lee,SS,R/R\n9,Kai Moore,P,R/R,,,,150')
    expect([result.reordered, result.hasChanges]).toEqual([true, true])
  })

  it('should flag a number two players would wear, with their names', () => {
    const result = plan('21,Jo Park,C,R/R\n21,Lu Chen,P,R/R', 'merge')
    expect(result.shared).toEqual([
      { number: 21, ids: ['new-1', 'new-2'], names: ['Jo Park', 'Lu Chen'] },
    ])
  })

  it('should change nothing for a paste whose rows are all rejected', () => {
    const result = plan('100,Nobody,P,R/R', 'merge')
    expect([result.hasChanges, result.next]).toEqual([false, roster])
  })
})
