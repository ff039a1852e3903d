import type { ProgramCard } from '../entities/program-card.ts'
import type { ProgramSlug } from '../entities/program-slug.ts'
import { PROGRAM_FACTS } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'
import { paths } from '../routing/public-paths.ts'

const NAVY = '#0b1f3a'
const RED = '#c8102e'

function card(slug: ProgramSlug, tagline: string, extra: Partial<ProgramCard> = {}): ProgramCard {
  return {
    id: slug,
    name: PROGRAM_FACTS[slug].name,
    tagline,
    ageRange: PROGRAM_FACTS[slug].ageRange,
    link: paths.program(slug),
    // Cards register through their program's own registration (programsContent).
    registrationLink: '',
    backgroundUrl: IMAGES.programs[slug],
    type: 'standard',
    displayType: 'text',
    nameColor: '#ffffff',
    taglineColor: '#f1f5f9',
    overlayEnabled: true,
    overlayColor: NAVY,
    overlayOpacity: 0.55,
    regButtonColor: RED,
    viewPageButtonColor: '#ffffff',
    ...extra,
  }
}

/** Sample cards for the Programs overview, one per program. */
export const defaultProgramCards: ProgramCard[] = [
  card('tee-ball', 'First swings, first friends'),
  card('recreation', 'Neighbourhood baseball for every player', { type: 'emphasized' }),
  card('recreation-softball', 'Fastpitch fun, no tryouts'),
  card('select', 'The step up from recreation'),
  card('flash-softball', 'Competitive fastpitch softball', {
    displayType: 'logo',
    logoUrl: IMAGES.teamLogos.flash,
    overlayColor: '#4c1d95',
  }),
  card('big-train', 'Travel baseball across the region', {
    displayType: 'logo',
    logoUrl: IMAGES.teamLogos.bigTrain,
  }),
  card('dmv-prospects', 'High-school showcase baseball', {
    type: 'emphasized',
    displayType: 'logo',
    logoUrl: IMAGES.teamLogos.dmvProspects,
    overlayColor: '#111827',
    overlayOpacity: 0.65,
  }),
]
