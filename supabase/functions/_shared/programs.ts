// The club's programs by name, for email (a function cannot import the site's code):
// packages/local-supabase/test/director-mail.test.ts keeps these equal to the site's own names
// (packages/core club/club-facts.ts).

/** Each program's one full name, by its slug. */
export const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  'tee-ball': 'Tee Ball',
  recreation: 'Recreation Baseball',
  'recreation-softball': 'Recreation Softball',
  select: 'Select',
  'flash-softball': 'Flash Fastpitch Softball',
  'big-train': 'Big Train',
  'dmv-prospects': 'DMV Prospects',
}

/**
 * A program as a family named it in a form, for the director: its name, or what was sent when
 * it is no program the club has (form text, escaped where it is shown).
 */
export function programLabel(slug: string): string {
  return Object.hasOwn(PROGRAM_NAMES, slug) ? PROGRAM_NAMES[slug]! : slug
}
