/*
 * Who the club is, apart from the rest of its facts (club-facts.ts holds the rest): every page's
 * head and header name the club, so this sits in home's start-up chunk, and the other facts,
 * which only some pages show, stay with those pages.
 */

/** Who the club is. The spec does not name the club; `name` is a neutral placeholder. */
export const CLUB = {
  name: 'Youth Baseball & Softball Club',
  foundedYear: 1952,
  serviceArea: 'Montgomery County and Washington, D.C.',
} as const
