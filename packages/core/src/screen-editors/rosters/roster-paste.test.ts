import { describe, expect, it } from 'vitest'

import { MAX_PASTE_CHARS, detectDelimiter, parseRosterPaste, splitRows } from './roster-paste.ts'

const rows = (...lines: string[]) => lines.join('\n')

describe('splitRows', () => {
  it('should split tab-separated rows', () => {
    expect(splitRows('12\tSam Lee\tSS\n4\tAna Cruz\tP', '\t')).toEqual([
      ['12', 'Sam Lee', 'SS'],
      ['4', 'Ana Cruz', 'P'],
    ])
  })

  it('should keep a comma inside a quoted CSV cell', () => {
    expect(splitRows('12,"Lee, Sam",SS', ',')).toEqual([['12', 'Lee, Sam', 'SS']])
  })

  it('should read doubled quotes inside a quoted cell as one quote', () => {
    expect(splitRows(`12,"5'10""",SS`, ',')).toEqual([['12', `5'10"`, 'SS']])
  })

  it('should keep a line break inside a quoted cell', () => {
    expect(splitRows('12\t"Sam\nLee"\tSS\n4\tAna\tP', '\t')).toEqual([
      ['12', 'Sam\nLee', 'SS'],
      ['4', 'Ana', 'P'],
    ])
  })

  it(`should keep an unquoted height's quote as typed`, () => {
    expect(splitRows(`12,Sam Lee,5'10"`, ',')).toEqual([['12', 'Sam Lee', `5'10"`]])
  })

  it('should keep a quote that never closes as typed', () => {
    expect(splitRows('12,"Sam Lee,SS\n4,Ana,P', ',')).toEqual([
      ['12', '"Sam Lee', 'SS'],
      ['4', 'Ana', 'P'],
    ])
  })

  it('should accept Windows and old Mac line endings', () => {
    expect(splitRows('1,A\r\n2,B\r3,C\r\n', ',')).toEqual([
      ['1', 'A'],
      ['2', 'B'],
      ['3', 'C'],
    ])
  })

  it('should keep empty cells', () => {
    expect(splitRows('12,,SS,', ',')).toEqual([['12', '', 'SS', '']])
  })
})

describe('detectDelimiter', () => {
  it('should prefer tabs, which spreadsheets copy, even when cells hold commas', () => {
    expect(detectDelimiter('12\tLee, Sam\tSS')).toBe('\t')
  })

  it('should read text without tabs as CSV', () => {
    expect(detectDelimiter('12,Sam Lee,SS')).toBe(',')
  })
})

describe('parseRosterPaste', () => {
  it('should read headerless tab-separated rows in the roster order', () => {
    const parsed = parseRosterPaste(
      rows('12\tSam Lee\tSS\tR/R\t2027\tEinstein HS\t5\'10"\t165', '4\tAna Cruz\tP\tL/L'),
    )
    expect([parsed.hasHeader, parsed.delimiter, parsed.accepted]).toEqual([
      false,
      '\t',
      [
        {
          row: 1,
          text: `12 | Sam Lee | SS | R/R | 2027 | Einstein HS | 5'10" | 165`,
          values: {
            number: 12,
            name: 'Sam Lee',
            position: 'SS',
            batsThrows: 'R/R',
            gradYear: 2027,
            highSchool: 'Einstein HS',
            height: `5'10"`,
            weight: 165,
          },
          notes: [],
        },
        {
          row: 2,
          text: '4 | Ana Cruz | P | L/L',
          values: { number: 4, name: 'Ana Cruz', position: 'P', batsThrows: 'L/L' },
          notes: [],
        },
      ],
    ])
  })

  it('should detect a header row and read the columns it names, in any order', () => {
    const parsed = parseRosterPaste(rows('Player,Jersey #,B/T,Pos', '"Lee, Sam",12,r/r,ss'))
    expect([parsed.hasHeader, parsed.accepted[0]?.values]).toEqual([
      true,
      { number: 12, name: 'Lee, Sam', position: 'SS', batsThrows: 'R/R' },
    ])
  })

  it('should count rows from the header, so reasons point at the pasted line', () => {
    const parsed = parseRosterPaste(rows('#,Name,Pos,B/T', '12,Sam Lee,SS,R/R', '0,Ana Cruz,P,L/L'))
    expect(parsed.rejected.map((row) => row.row)).toEqual([3])
  })

  it('should ignore and name the columns it does not know', () => {
    const parsed = parseRosterPaste(
      rows('#\tName\tParent email\tPos\tB/T', '12\tSam Lee\tmom@example.test\tSS\tR/R'),
    )
    expect([parsed.ignoredColumns, parsed.accepted[0]?.values]).toEqual([
      ['Parent email'],
      { number: 12, name: 'Sam Lee', position: 'SS', batsThrows: 'R/R' },
    ])
  })

  it('should join first and last name columns', () => {
    const parsed = parseRosterPaste(rows('No.,First name,Last name', '9,Ana,Cruz'))
    expect(parsed.accepted[0]?.values).toEqual({ number: 9, name: 'Ana Cruz' })
  })

  it('should combine separate Bats and Throws columns', () => {
    const parsed = parseRosterPaste(rows('#,Name,Bats,Throws', '9,Ana Cruz,L,R'))
    expect(parsed.accepted[0]?.values.batsThrows).toBe('L/R')
  })

  it('should reject a number outside 1 to 99 and say which value', () => {
    const parsed = parseRosterPaste(rows('100,Sam Lee,SS,R/R'))
    expect(parsed.rejected).toEqual([
      {
        row: 1,
        text: '100 | Sam Lee | SS | R/R',
        name: 'Sam Lee',
        reasons: ['Number “100”: enter a number from 1 to 99.'],
      },
    ])
  })

  it('should reject a blank number', () => {
    const parsed = parseRosterPaste(rows(',Sam Lee,SS,R/R'))
    expect(parsed.rejected[0]?.reasons).toEqual(['Number is blank: enter a number from 1 to 99.'])
  })

  it('should reject values the roster cannot hold, with every reason of the row', () => {
    const parsed = parseRosterPaste(rows('12,Sam Lee,DH,R/S'))
    expect(parsed.rejected[0]?.reasons).toEqual([
      'Position “DH”: choose one of P, C, 1B, 2B, 3B, SS, LF, OF, INF.',
      'Bats/Throws “R/S”: use one of R/R, L/R, R/L, L/L, S/R, S/L (bats first).',
    ])
  })

  it('should accept switch hitters, and accented names as typed', () => {
    const parsed = parseRosterPaste(rows('3,Amélie Dubois,SS,S/R', '9,François Côté,P,S/L'))
    expect(parsed.accepted.map((row) => [row.values.name, row.values.batsThrows])).toEqual([
      ['Amélie Dubois', 'S/R'],
      ['François Côté', 'S/L'],
    ])
  })

  it('should say next to the row when a cell is read as something other than typed', () => {
    const parsed = parseRosterPaste(rows('3,Amélie Dubois,CF,S', '9,Jo Park,SS,R/R'))
    expect(parsed.accepted.map((row) => row.notes)).toEqual([
      ['Position “CF” read as OF.', 'Bats/Throws “S” read as S/R: no throwing hand was given.'],
      [],
    ])
  })

  it('should reject a row without a name', () => {
    const parsed = parseRosterPaste(rows('12,,SS,R/R'))
    expect(parsed.rejected[0]?.reasons).toEqual(["Name is blank: enter the player's name."])
  })

  it('should clear a detail whose cell is blank, and leave out a blank position', () => {
    const parsed = parseRosterPaste(rows('#,Name,Pos,Weight', '12,Sam Lee,,'))
    expect(parsed.accepted[0]?.values).toEqual({ number: 12, name: 'Sam Lee', weight: null })
  })

  it('should skip blank rows', () => {
    const parsed = parseRosterPaste(
      rows('', '12,Sam Lee,SS,R/R', ',,,', '', '4,Ana Cruz,P,L/L', ''),
    )
    expect([parsed.accepted.length, parsed.rejected.length]).toEqual([2, 0])
  })

  it('should refuse a header without a number column', () => {
    const parsed = parseRosterPaste(rows('Name,Pos,B/T', 'Sam Lee,SS,R/R'))
    expect(parsed.problem).toMatch(/^The header row has no Number column\./)
  })

  it('should refuse an empty paste', () => {
    expect(parseRosterPaste(' \n \n').problem).toBe('Paste at least one row.')
  })

  it('should refuse a paste longer than the limit without reading it', () => {
    const parsed = parseRosterPaste('1,A,P,R/R\n'.repeat(MAX_PASTE_CHARS / 10 + 1))
    expect([parsed.problem?.startsWith('The paste is too long'), parsed.accepted]).toEqual([
      true,
      [],
    ])
  })

  it('should reject the rows past the roster limit of 200', () => {
    const text = Array.from({ length: 203 }, (_, i) => `${(i % 99) + 1},Player ${i},P,R/R`).join(
      '\n',
    )
    const parsed = parseRosterPaste(text)
    expect([parsed.accepted.length, parsed.rejected.map((row) => row.reasons[0])]).toEqual([
      200,
      Array(3).fill('A roster holds at most 200 players.'),
    ])
  })

  it('should not take a data row for a header', () => {
    expect(parseRosterPaste(rows('12,Sam Lee,SS,R/R')).hasHeader).toBe(false)
  })
})
