import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { Eligibility, ProgramSummaries } from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'

/*
 * The program finder: which programs take a player, from their birth year (and month, when
 * known) or their age today, using each program's stored eligibility (the ages it takes on the
 * season's age cutoff). Pure: the page gives it the stored programs and the club's date.
 */

/** What a family tells the finder. `month` (1–12) narrows a birth year or an age. */
export type AgeQuery =
  { kind: 'birthYear'; year: number; month?: number } | { kind: 'age'; age: number; month?: number }

/** A program that takes the player: surely, or depending on the exact birthday. */
export type ProgramMatch = {
  slug: ProgramSlug
  /** The player's possible ages on the program's cutoff, youngest first. */
  ages: readonly number[]
  /** False when only some of the birthdays the query allows fall in the program's ages. */
  certain: boolean
  eligibility: Eligibility
}

/** The youngest and oldest age the finder answers for (birth years beyond give no answer). */
export const FINDER_AGES = { min: 2, max: 21 } as const

const DAY_MS = 86_400_000

function parseDate(iso: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number)
  return { year, month, day }
}

/**
 * A person's age on `date` (both `YYYY-MM-DD`): whole years, a birthday on that very day counted.
 *
 * @example
 * ageOn('2018-05-01', '2027-04-30') // 8
 * ageOn('2018-04-30', '2027-04-30') // 9
 */
export function ageOn(birthDate: string, date: string): number {
  const birth = parseDate(birthDate)
  const on = parseDate(date)
  const before = on.month < birth.month || (on.month === birth.month && on.day < birth.day)
  return on.year - birth.year - (before ? 1 : 0)
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * Every birth date the query allows (at most about two years of days), given the club's date
 * `today` (`YYYY-MM-DD`); empty for a query out of range.
 */
export function birthDates(query: AgeQuery, today: string): string[] {
  if (
    query.month !== undefined &&
    !(Number.isInteger(query.month) && query.month >= 1 && query.month <= 12)
  )
    return []
  const todayYear = parseDate(today).year
  let from: number
  let to: number
  if (query.kind === 'birthYear') {
    if (!Number.isInteger(query.year)) return []
    const age = todayYear - query.year
    if (age < FINDER_AGES.min || age > FINDER_AGES.max + 1) return []
    from = Date.UTC(query.year, 0, 1)
    to = Date.UTC(query.year, 11, 31)
  } else {
    if (!Number.isInteger(query.age) || query.age < FINDER_AGES.min || query.age > FINDER_AGES.max)
      return []
    // Born from the day after their (age + 1)th birthday's date a year back, to today's date
    // `age` years back.
    from = Date.UTC(todayYear - query.age - 1, 0, 1)
    to = Date.UTC(todayYear - query.age, 11, 31)
  }
  const out: string[] = []
  for (let ms = from; ms <= to; ms += DAY_MS) {
    const day = isoDay(ms)
    if (day > today) break
    if (query.kind === 'age' && ageOn(day, today) !== query.age) continue
    if (query.month !== undefined && parseDate(day).month !== query.month) continue
    out.push(day)
  }
  return out
}

/**
 * The programs that take a player, in the club's program order: those with stored eligibility
 * whose ages hold the player's age on the program's cutoff for at least one birth date the
 * query allows. A program without stored eligibility is never suggested.
 *
 * @example
 * findPrograms({ kind: 'birthYear', year: 2018 }, programsContent, '2026-11-26')
 * // [{ slug: 'recreation', ages: [8, 9], certain: true, … }, …]
 */
export function findPrograms(
  query: AgeQuery,
  programsContent: Partial<ProgramSummaries>,
  today: string,
): ProgramMatch[] {
  const days = birthDates(query, today)
  if (days.length === 0) return []
  const matches: ProgramMatch[] = []
  for (const slug of PROGRAM_SLUGS) {
    const eligibility = programsContent[slug]?.eligibility
    if (!eligibility) continue
    const ages = [...new Set(days.map((day) => ageOn(day, eligibility.ageCutoff)))].sort(
      (a, b) => a - b,
    )
    const fits = ages.filter((age) => age >= eligibility.minAge && age <= eligibility.maxAge)
    if (fits.length === 0) continue
    matches.push({ slug, ages, certain: fits.length === ages.length, eligibility })
  }
  return matches
}

/**
 * Reads what a family typed: a four-digit birth year, or an age (a number below 100), and an
 * optional month (`''` for none). An error message in words when it cannot be read.
 *
 * @example
 * readAgeQuery('2018', '5') // { query: { kind: 'birthYear', year: 2018, month: 5 } }
 * readAgeQuery('9', '') // { query: { kind: 'age', age: 9 } }
 */
export function readAgeQuery(
  value: string,
  month: string,
  today: string,
): { query: AgeQuery } | { error: string } {
  const text = value.trim()
  const monthNumber = month ? Number(month) : undefined
  const withMonth = monthNumber !== undefined ? { month: monthNumber } : {}
  if (/^\d{4}$/.test(text)) {
    const year = Number(text)
    const todayYear = parseDate(today).year
    if (year > todayYear - FINDER_AGES.min || year < todayYear - FINDER_AGES.max - 1)
      return {
        error: `Enter a birth year from ${todayYear - FINDER_AGES.max - 1} to ${todayYear - FINDER_AGES.min}.`,
      }
    return { query: { kind: 'birthYear', year, ...withMonth } }
  }
  if (/^\d{1,2}$/.test(text)) {
    const age = Number(text)
    if (age < FINDER_AGES.min || age > FINDER_AGES.max)
      return { error: `Enter an age from ${FINDER_AGES.min} to ${FINDER_AGES.max}.` }
    return { query: { kind: 'age', age, ...withMonth } }
  }
  return { error: 'Enter a birth year such as 2017, or the player’s age today such as 9.' }
}
