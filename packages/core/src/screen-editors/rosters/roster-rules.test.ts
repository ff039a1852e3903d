import { describe, expect, it } from 'vitest'

import { playerSchema } from '../../entities/player.ts'
import type { Player } from '../../entities/player.ts'
import {
  checkPlayer,
  emptyPlayerForm,
  readBatsAndThrows,
  readBatsThrows,
  readGradYear,
  readHeight,
  readNumber,
  readPosition,
  readWeight,
  sharedNumbers,
  sortByNumber,
  toPlayerForm,
} from './roster-rules.ts'
import type { PlayerForm } from './roster-rules.ts'

const player: Player = {
  id: 'p-1',
  name: 'Sam Lee',
  number: 12,
  position: 'SS',
  batsThrows: 'R/R',
  gradYear: 2027,
  highSchool: 'Einstein HS',
  height: `5'10"`,
  weight: 165,
  imageUrl: '',
}

const values = (patch: Partial<PlayerForm> = {}): PlayerForm => ({
  ...toPlayerForm(player),
  ...patch,
})

const value = <T>(reading: { ok: true; value: T } | { ok: false; problem: string }) =>
  reading.ok ? reading.value : `refused: ${reading.problem}`

describe('readNumber', () => {
  it.each([
    ['1', 1],
    ['99', 99],
    ['07', 7],
    ['#12', 12],
    [' # 4 ', 4],
  ])('should read %j as %d', (text, expected) => {
    expect(readNumber(text)).toEqual({ ok: true, value: expected })
  })

  it.each(['0', '00', '100', '-3', '7.5', '1e1', 'twelve', '', '#'])(
    'should refuse %j with the 1 to 99 rule',
    (text) => {
      expect(readNumber(text)).toEqual({ ok: false, problem: 'Enter a number from 1 to 99.' })
    },
  )
})

describe('readPosition', () => {
  it.each([
    ['p', 'P'],
    ['1b', '1B'],
    ['SS', 'SS'],
    ['inf', 'INF'],
    ['Shortstop', 'SS'],
    ['first base', '1B'],
    ['CF', 'OF'],
    ['P/SS', 'P'],
    ['c, 3b', 'C'],
  ])('should read %j as %s', (text, expected) => {
    expect(value(readPosition(text))).toBe(expected)
  })

  it('should refuse a position the spec does not list', () => {
    expect(readPosition('DH')).toEqual({
      ok: false,
      problem: 'Choose one of P, C, 1B, 2B, 3B, SS, LF, OF, INF.',
    })
  })

  it('should ask for a position when blank', () => {
    expect(readPosition('  ')).toEqual({ ok: false, problem: 'Choose a position.' })
  })
})

describe('readBatsThrows', () => {
  it.each([
    ['R/R', 'R/R'],
    ['l/r', 'L/R'],
    ['RL', 'R/L'],
    ['L-L', 'L/L'],
    ['R L', 'R/L'],
    ['Right/Left', 'R/L'],
    ['left / right', 'L/R'],
    ['S/R', 'S/R'],
    ['s-l', 'S/L'],
    ['SR', 'S/R'],
    ['Switch/Right', 'S/R'],
    ['B/R', 'S/R'],
    ['S', 'S/R'],
  ])('should read %j as %s', (text, expected) => {
    expect(value(readBatsThrows(text))).toBe(expected)
  })

  it.each(['R/S', 'R', 'R/R/R', 'RRR', 'yes'])('should refuse %j', (text) => {
    expect(readBatsThrows(text)).toEqual({
      ok: false,
      problem: 'Use one of R/R, L/R, R/L, L/L, S/R, S/L (bats first).',
    })
  })

  it('should combine separate bats and throws cells, bats first', () => {
    expect(value(readBatsAndThrows('Left', 'R'))).toBe('L/R')
  })

  it('should read a switch hitter from separate cells', () => {
    expect(value(readBatsAndThrows('S', 'L'))).toBe('S/L')
  })
})

describe('the optional details', () => {
  it('should read a blank grad year and weight as unknown', () => {
    expect([value(readGradYear(' ')), value(readWeight(''))]).toEqual([null, null])
  })

  it.each([
    ['172', 172],
    ['172 lbs', 172],
    ['172lb', 172],
  ])('should read the weight %j as %d', (text, expected) => {
    expect(value(readWeight(text))).toBe(expected)
  })

  it.each(['39', '401', '12.5', 'heavy'])('should refuse the weight %j', (text) => {
    expect(readWeight(text).ok).toBe(false)
  })

  it.each(['27', '1949', '2101', 'Class of 2027'])('should refuse the grad year %j', (text) => {
    expect(readGradYear(text).ok).toBe(false)
  })

  it('should refuse a height longer than 20 characters', () => {
    expect(readHeight('five feet and ten inches').ok).toBe(false)
  })
})

describe('checkPlayer', () => {
  it('should give a valid entry as the entity stores it', () => {
    const checked = checkPlayer(values({ number: '07', name: '  Sam   Lee ', weight: '165 lb' }))
    expect(checked).toEqual({
      ok: true,
      player: { ...player, number: 7, name: 'Sam Lee', weight: 165 },
    })
  })

  it('should give an entry the player schema accepts', () => {
    const checked = checkPlayer(values())
    expect(checked.ok && playerSchema.safeParse(checked.player).success).toBe(true)
  })

  it('should report every problem of a blank entry by field', () => {
    const checked = checkPlayer(emptyPlayerForm('new'))
    expect(checked).toEqual({
      ok: false,
      errors: {
        number: 'Enter a number from 1 to 99.',
        name: "Enter the player's name.",
        position: 'Choose a position.',
        batsThrows: 'Choose bats/throws.',
      },
    })
  })

  it('should refuse number 100', () => {
    const checked = checkPlayer(values({ number: '100' }))
    expect(checked.ok ? {} : checked.errors).toEqual({ number: 'Enter a number from 1 to 99.' })
  })

  it('should keep the round trip of a stored entry unchanged', () => {
    const checked = checkPlayer(toPlayerForm({ ...player, gradYear: null, weight: null }))
    expect(checked).toEqual({ ok: true, player: { ...player, gradYear: null, weight: null } })
  })
})

describe('sharedNumbers', () => {
  it('should flag a number worn by two players, however it is typed', () => {
    const roster = [
      values({ id: 'a', number: '7' }),
      values({ id: 'b', number: '12' }),
      values({ id: 'c', number: '#07' }),
    ]
    expect(sharedNumbers(roster)).toEqual([{ number: 7, ids: ['a', 'c'] }])
  })

  it('should leave out numbers that are not valid yet', () => {
    expect(
      sharedNumbers([values({ id: 'a', number: '' }), values({ id: 'b', number: '' })]),
    ).toEqual([])
  })
})

describe('sortByNumber', () => {
  it('should order by number and keep unnumbered entries last', () => {
    const roster = ['18', '', '2', '7'].map((number, i) => values({ id: `p${i}`, number }))
    expect(sortByNumber(roster).map((entry) => entry.number)).toEqual(['2', '7', '18', ''])
  })
})
