/*
 * The club's facts and rules as typed constants (spec §1 and §9). Sample content is written
 * from these, so a page that needs a figure can read it here rather than parse it out of text.
 */

import { CLUB } from './club-identity.ts'

/** The season the sample rosters are written for (sets the players' graduation years). */
export const ROSTER_SEASON_YEAR = 2026

/** The tryout fee charged by the competitive programs. */
export const TRYOUT_FEE = {
  amountUsd: 20,
  display: '$20',
  refundable: false,
  programs: ['select', 'flash-softball', 'big-train', 'dmv-prospects'],
} as const

/** The fee note every tryouts panel shows. */
export const TRYOUT_FEE_NOTE = `A ${TRYOUT_FEE.display} nonrefundable tryout fee is due when you register for tryouts.`

export { WEATHER_POLICY } from './weather-policy.ts'

/** Programs with their age ranges and fees as shown to visitors (spec §9). */
export const PROGRAM_FACTS = {
  'tee-ball': { name: 'Tee Ball', ageRange: 'Ages 4–6', fee: '$150' },
  recreation: { name: 'Recreation Baseball', ageRange: 'Ages 7–12', fee: '$200–$300' },
  // The spec gives no age range for recreation softball; it mirrors recreation baseball.
  'recreation-softball': { name: 'Recreation Softball', ageRange: 'Ages 7–12', fee: '$175–$250' },
  // The spec says Select is 9U–14U, Flash 10U–18U and Big Train 13U–17U, but its default teams
  // are Select 13U and 14U, Flash 12U and 18U and Big Train 10U, 12U and 14U: families are told
  // the ages the club has teams for (the program finder and the cards agree with the teams).
  select: { name: 'Select', ageRange: '13U–14U', fee: null },
  'flash-softball': { name: 'Flash Fastpitch Softball', ageRange: '12U–18U', fee: null },
  'big-train': { name: 'Big Train', ageRange: '10U–14U', fee: null },
  'dmv-prospects': { name: 'DMV Prospects', ageRange: 'High school', fee: null },
} as const

/**
 * One name per program: the full name everywhere, and the short form only where space demands
 * it (a team's name, "Flash 12U"; a tile beside a logo). "Flash Softball" is not a name.
 */
export const PROGRAM_SHORT_NAMES: Partial<Record<keyof typeof PROGRAM_FACTS, string>> = {
  'flash-softball': 'Flash',
  recreation: 'Recreation',
}

/** A program's name, or its short form where space demands it. */
export function programName(slug: keyof typeof PROGRAM_FACTS, form: 'full' | 'short' = 'full') {
  return (form === 'short' && PROGRAM_SHORT_NAMES[slug]) || PROGRAM_FACTS[slug].name
}

/**
 * The one name of a DMV Prospects class team ("DMV Prospects Class of 2027"), or its short
 * form where the program is already named around it ("Class of 2027").
 */
export function dmvClassName(year: number, form: 'full' | 'short' = 'full'): string {
  return form === 'short'
    ? `Class of ${year}`
    : `${PROGRAM_FACTS['dmv-prospects'].name} Class of ${year}`
}

/** Tee Ball's season format. */
export const TEE_BALL = {
  weeks: 8,
  season: 'spring',
  practiceMinutes: 60,
  gameDay: 'Saturday',
  playersPerTeam: { min: 8, max: 10 },
} as const

/** Recreation seasons. */
export const RECREATION_SEASONS = {
  spring: 'April–June',
  fall: 'September–October',
} as const

/** The three sample camp and clinic prices. */
export const CAMP_PRICES = ['$350', '$200', '$150'] as const

/**
 * The Legacy and Impact figures, in display order. The spec's "30+ years" sat beside "Since
 * 1952" on the home page; the years are counted from the founding year instead (70+ in 2026).
 */
export const LEGACY_FACTS = [
  {
    id: 'years',
    value: `${Math.floor((ROSTER_SEASON_YEAR - CLUB.foundedYear) / 10) * 10}+`,
    label: 'Years',
  },
  { id: 'invested', value: '$3M', label: 'Invested in Fields' },
  { id: 'fields', value: '15+', label: 'Fields' },
  { id: 'mlb-draft-picks', value: '5', label: 'MLB Draft Picks' },
  { id: 'college-commits', value: '150+', label: 'College Commits' },
  { id: 'players', value: '3,000+', label: 'Players Annually' },
] as const

/** How many placeholder players each sample team has, and their sample weights (lbs). */
export const SAMPLE_ROSTER = {
  size: 15,
  minWeight: 150,
  maxWeight: 189,
} as const

/** The number of members on the rules committee. */
export const RULES_COMMITTEE_SIZE = 6

/**
 * The date window of the sample alerts. It is deliberately unbounded in practice, so the samples
 * show whatever the current date, with no clock read at import; the first alert an editor saves
 * replaces them all.
 */
export const SAMPLE_ALERT_WINDOW = {
  startDate: '2000-01-01T00:00:00.000Z',
  endDate: '9999-12-31T23:59:59.999Z',
} as const
