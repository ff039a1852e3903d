import type { HomeContent } from '../entities/home-content.ts'
import { CLUB_DETAILS } from './club-details.ts'
import { CLUB } from '../club/club-identity.ts'
import { LEGACY_FACTS, programName } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'
import { paths } from '../routing/public-paths.ts'

/** Sample home page content. */
export const defaultHomeContent: HomeContent = {
  hero: {
    title: 'Youth Baseball & Softball Since 1952',
    subtitle: `Tee Ball to high-school showcase teams for families across ${CLUB.serviceArea.replace(/\.$/, '')}.`,
    buttonText: 'Explore Programs',
    buttonLink: paths.programs(),
    imageUrl: IMAGES.homeHero,
    imageAlt: 'A youth baseball diamond at sunset, seen from behind home plate',
  },
  legacyImpact: {
    title: 'Our Legacy & Impact',
    description: `Since ${CLUB.foundedYear} the club has grown from a few neighbourhood teams into a community league, investing in fields, coaches and players at every level.`,
    stats: LEGACY_FACTS.map((fact) => ({ number: fact.value, label: fact.label })),
  },
  homeOf: {
    title: 'Home of These Teams',
    teams: [
      { name: 'Big Train', logo: IMAGES.teamLogos.bigTrain, link: paths.program('big-train') },
      {
        name: programName('flash-softball'),
        logo: IMAGES.teamLogos.flash,
        link: paths.program('flash-softball'),
      },
      {
        name: 'DMV Prospects',
        logo: IMAGES.teamLogos.dmvProspects,
        link: paths.program('dmv-prospects'),
      },
      { name: 'Select', logo: IMAGES.teamLogos.select, link: paths.program('select') },
    ],
  },
  support: {
    title: 'Support Youth Baseball & Softball',
    description:
      'Donations and sponsorships keep fees low, fund financial aid and maintain the fields our players call home.',
    buttons: [
      { text: 'Donate', link: paths.donate(), variant: 'primary' },
      { text: 'Become a Sponsor', link: paths.sponsors(), variant: 'secondary' },
    ],
    donationLink: CLUB_DETAILS.donationLink.value,
    sponsors: CLUB_DETAILS.sponsors.map((sponsor) => ({ ...sponsor, link: sponsor.link.value })),
  },
  footer: {
    // Unset: the club's own accounts are set by staff; the footer shows only those set.
    socialLinks: { twitter: '', facebook: '', instagram: '' },
  },
  // Unset: a real club fills in its own (README, "Before going live"); until then no page
  // shows or refers to them (no "Email us", no giving by mail), as a sample address would
  // read as the club's.
  contact: { email: '', phone: '', mailingAddress: [] },
}
