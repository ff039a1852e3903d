import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { ageOn, birthDates, findPrograms, readAgeQuery } from './program-finder.ts'

const TODAY = '2026-11-26'
const programs = DEFAULT_CONTENT.programsContent

const found = (...args: Parameters<typeof findPrograms>) =>
  findPrograms(...args).map(({ slug, ages, certain }) => ({ slug, ages, certain }))

describe('ageOn', () => {
  it('should count a birthday on the cutoff itself, and not the day after', () => {
    expect(ageOn('2018-04-30', '2027-04-30')).toBe(9)
    expect(ageOn('2018-05-01', '2027-04-30')).toBe(8)
    expect(ageOn('2018-12-31', '2026-12-31')).toBe(8)
    expect(ageOn('2016-02-29', '2027-02-28')).toBe(10)
  })
})

describe('birthDates', () => {
  it('should allow every day of a birth year, or of a month of it', () => {
    expect(birthDates({ kind: 'birthYear', year: 2018 }, TODAY)).toHaveLength(365)
    const may = birthDates({ kind: 'birthYear', year: 2018, month: 5 }, TODAY)
    expect([may[0], may.at(-1), may.length]).toEqual(['2018-05-01', '2018-05-31', 31])
  })

  it('should allow the year of birthdays an age today gives', () => {
    const nine = birthDates({ kind: 'age', age: 9 }, TODAY)
    expect([nine[0], nine.at(-1)]).toEqual(['2016-11-27', '2017-11-26'])
  })

  it('should allow nothing for an age or year out of range', () => {
    expect(birthDates({ kind: 'age', age: 40 }, TODAY)).toEqual([])
    expect(birthDates({ kind: 'birthYear', year: 2026 }, TODAY)).toEqual([])
    expect(birthDates({ kind: 'birthYear', year: 2018, month: 13 }, TODAY)).toEqual([])
  })
})

describe('findPrograms', () => {
  it('should place a player born in 2018 in recreation baseball and softball only', () => {
    expect(found({ kind: 'birthYear', year: 2018 }, programs, TODAY)).toEqual([
      { slug: 'recreation', ages: [8, 9], certain: true },
      { slug: 'recreation-softball', ages: [8], certain: true },
    ])
  })

  it('should say when the birthday decides between Tee Ball and recreation', () => {
    expect(found({ kind: 'birthYear', year: 2020 }, programs, TODAY)).toEqual([
      { slug: 'tee-ball', ages: [6, 7], certain: false },
      { slug: 'recreation', ages: [6, 7], certain: false },
    ])
    // Born in March: 7 on April 30, 2027; born in September: still 6.
    expect(found({ kind: 'birthYear', year: 2020, month: 3 }, programs, TODAY)).toEqual([
      { slug: 'recreation', ages: [7], certain: true },
    ])
    expect(
      found({ kind: 'birthYear', year: 2020, month: 9 }, programs, TODAY).map((m) => m.slug),
    ).toEqual(['tee-ball'])
  })

  it('should read an age today against each program’s cutoff', () => {
    expect(found({ kind: 'age', age: 9 }, programs, TODAY)).toEqual([
      { slug: 'recreation', ages: [9, 10], certain: true },
      { slug: 'recreation-softball', ages: [9, 10], certain: true },
      { slug: 'big-train', ages: [9, 10], certain: false },
    ])
  })

  it('should follow the stored eligibility, and skip a program without one', () => {
    const stored = structuredClone(programs) as ProgramsContent
    stored.select.eligibility = { minAge: 9, maxAge: 14, ageCutoff: '2027-04-30' }
    delete stored.recreation.eligibility
    expect(
      findPrograms({ kind: 'birthYear', year: 2018 }, stored, TODAY).map((m) => m.slug),
    ).toEqual(['recreation-softball', 'select'])
    expect(findPrograms({ kind: 'birthYear', year: 2018 }, {}, TODAY)).toEqual([])
  })
})

describe('readAgeQuery', () => {
  it('should read a birth year, an age and a month', () => {
    expect(readAgeQuery(' 2018 ', '5', TODAY)).toEqual({
      query: { kind: 'birthYear', year: 2018, month: 5 },
    })
    expect(readAgeQuery('9', '', TODAY)).toEqual({ query: { kind: 'age', age: 9 } })
  })

  it('should explain what it cannot read', () => {
    expect(readAgeQuery('', '', TODAY)).toEqual({ error: expect.stringContaining('birth year') })
    expect(readAgeQuery('nine', '', TODAY)).toEqual({ error: expect.stringContaining('2017') })
    expect(readAgeQuery('2030', '', TODAY)).toEqual({
      error: 'Enter a birth year from 2004 to 2024.',
    })
    expect(readAgeQuery('40', '', TODAY)).toEqual({ error: 'Enter an age from 2 to 21.' })
  })
})
