import type { SponsorTier } from '../entities/home-content.ts'
import type { ProgramSlug } from '../entities/program-slug.ts'
import { isPlaceholderLink } from '../entities/placeholder-link.ts'

/*
 * IMPORTANT: every value in this file is sample content. The club's real registration links,
 * donation page, topic e-mail addresses and sponsors replace these before launch
 * (here, or in the editor once the site runs). Each value is wrapped by `sample()`, so a
 * reviewer or a check can list what still needs replacing ({@link SAMPLE_DETAILS}); the web
 * addresses sit on the reserved `example.org` domain (RFC 2606), so none of them reaches a
 * real organisation.
 */

/** A detail shipped as sample content, to be replaced by the club's own. */
export type SampleDetail<T> = { readonly value: T; readonly sample: true }

const samples: string[] = []

function sample<T extends string>(value: T): SampleDetail<T> {
  samples.push(value)
  return { value, sample: true }
}

/** How a program's registration starts out: open at a link, or opening at a stated time. */
export type SampleRegistration =
  { link: SampleDetail<string>; opensText?: never } | { link?: never; opensText: string }

/** A sample sponsor (no real business: names, logos and sites are placeholders). */
export type SampleSponsor = {
  id: string
  name: string
  logoUrl: string
  link: SampleDetail<string>
  tier: SponsorTier
}

const REGISTRATION_SITE = 'https://example.org/register'

/**
 * Registration by program. The recreational programs and Big Train tryouts are open for the 2027
 * season; the other competitive programs open their tryout registration later.
 */
const REGISTRATION: Record<ProgramSlug, SampleRegistration> = {
  'tee-ball': { link: sample(`${REGISTRATION_SITE}/tee-ball`) },
  recreation: { link: sample(`${REGISTRATION_SITE}/recreation`) },
  'recreation-softball': { link: sample(`${REGISTRATION_SITE}/recreation-softball`) },
  select: { opensText: 'May 3, 2027' },
  'flash-softball': { opensText: 'May 3, 2027' },
  'big-train': { link: sample(`${REGISTRATION_SITE}/big-train-tryouts`) },
  'dmv-prospects': { opensText: 'June 1, 2027' },
}

/**
 * The club's registration, giving and topic contact details, and the sample sponsors, all to
 * be replaced. The club's own email, phone and mailing address are not here: they are content
 * (`content.contact`), unset in the sample, edited in place on /contact or in the footer.
 */
export const CLUB_DETAILS = {
  registration: REGISTRATION,
  /** Registration for camps and clinics, by clinic id. */
  clinicRegistration: {
    'pitching-clinic-2027': sample(`${REGISTRATION_SITE}/pitching-clinic`),
    'hitting-clinic-2027': sample(`${REGISTRATION_SITE}/hitting-clinic`),
  } as Record<string, SampleDetail<string> | undefined>,
  /** When the summer camp's registration opens (it has no link yet). */
  summerCampRegistrationOpens: 'February 1, 2027',
  /** The online giving page. */
  donationLink: sample('https://example.org/give'),
  /** Who answers which kind of question on /contact (hidden while on example.org). */
  emails: {
    registration: sample('registration@example.org'),
    fields: sample('fields@example.org'),
    sponsors: sample('sponsors@example.org'),
    rules: sample('rules@example.org'),
  },
  sponsors: [
    {
      id: 'sample-hardware',
      name: 'Sample Hardware & Lumber',
      logoUrl: '/images/sponsors/sample-hardware.svg',
      link: sample('https://example.org/sponsors/sample-hardware'),
      tier: 'grand-slam',
    },
    {
      id: 'sample-dental',
      name: 'Sample Family Dental',
      logoUrl: '/images/sponsors/sample-dental.svg',
      link: sample('https://example.org/sponsors/sample-dental'),
      tier: 'home-run',
    },
    {
      id: 'sample-pizza',
      name: 'Sample Pizza Kitchen',
      logoUrl: '/images/sponsors/sample-pizza.svg',
      link: sample('https://example.org/sponsors/sample-pizza'),
      tier: 'triple',
    },
    {
      id: 'sample-realty',
      name: 'Sample Realty Group',
      logoUrl: '/images/sponsors/sample-realty.svg',
      link: sample('https://example.org/sponsors/sample-realty'),
      tier: 'triple',
    },
    {
      id: 'sample-bank',
      name: 'Sample Community Bank',
      logoUrl: '/images/sponsors/sample-bank.svg',
      link: sample('https://example.org/sponsors/sample-bank'),
      tier: 'double',
    },
    {
      id: 'sample-bakery',
      name: 'Sample Corner Bakery',
      logoUrl: '',
      link: sample('https://example.org/sponsors/sample-bakery'),
      tier: 'single',
    },
  ] satisfies SampleSponsor[],
} as const

/** Every sample value above, for checks that the club has replaced them all. */
export const SAMPLE_DETAILS: readonly string[] = samples

/**
 * True for a link or address that is still sample content: on a domain reserved for examples
 * (`example.org` here). The rule reads the stored value only (entities/placeholder-link.ts).
 */
export function isSampleDetail(value: string): boolean {
  return isPlaceholderLink(value)
}
