import type { ProgramSlug } from '../entities/program-slug.ts'
import type { Team, Teams } from '../entities/team.ts'
import { ROSTER_SEASON_YEAR } from './constants.ts'
import { IMAGES } from './images.ts'
import { placeholderRoster } from './roster.ts'

interface TeamSpec {
  id: string
  name: string
  programSlug: ProgramSlug
  logoUrl: string
  coaches: string[]
  gradYear: number
  intro: string
  highlights: string[]
  hero?: { title: string; subtitle: string }
}

// A youth player in an nU age group is about n years old and graduates at about 18.
const gradYearFor = (ageGroup: number) => ROSTER_SEASON_YEAR + (18 - ageGroup)

const SPECS: TeamSpec[] = [
  ...[2026, 2027, 2028].map((year, index): TeamSpec => ({
    id: `dmv-prospects-${year}`,
    name: `DMV Prospects Class of ${year}`,
    programSlug: 'dmv-prospects',
    logoUrl: IMAGES.teamLogos.dmvProspects,
    coaches: [
      ['coach-abernathy', 'coach-castellano', 'coach-okonkwo'][index] as string,
      'recruiting-coordinator',
    ],
    gradYear: year,
    intro: `The Class of ${year} showcase team plays a summer and fall schedule in front of college coaches and scouts, with recruiting guidance throughout the year.`,
    highlights: [
      'Showcase tournaments in the summer and fall',
      'Player profiles shared with college coaches',
      'Strength, speed and recruiting workshops',
    ],
    hero: {
      title: `DMV Prospects ${year}`,
      subtitle: 'High-school showcase baseball for Montgomery County and Washington, D.C.',
    },
  })),
  ...[10, 12, 14].map((age, index): TeamSpec => ({
    id: `big-train-${age}u`,
    name: `Big Train ${age}U`,
    programSlug: 'big-train',
    logoUrl: IMAGES.teamLogos.bigTrain,
    coaches: [['coach-doyle', 'coach-nakamura', 'coach-rivera'][index] as string],
    gradYear: gradYearFor(age),
    intro: `Big Train ${age}U is a travel team that practices twice a week and plays regional tournaments from spring into summer.`,
    highlights: [
      'Regional tournament schedule',
      'Two practices a week, plus winter workouts',
      'Roster chosen at tryouts',
    ],
  })),
  ...[12, 18].map((age, index): TeamSpec => ({
    id: `flash-${age}u`,
    name: `Flash ${age}U`,
    programSlug: 'flash-softball',
    logoUrl: IMAGES.teamLogos.flash,
    coaches: [['coach-halvorsen', 'coach-mensah'][index] as string, 'softball-director'],
    gradYear: gradYearFor(age),
    intro: `Flash ${age}U is a fastpitch softball team for players who want more games, stronger competition and year-round skill work.`,
    highlights: [
      'Fastpitch tournaments',
      'Pitching and catching sessions',
      'Roster chosen at tryouts',
    ],
    ...(age === 18
      ? {
          hero: {
            title: 'Flash 18U',
            subtitle: 'Fastpitch softball for high-school players',
          },
        }
      : {}),
  })),
  ...[13, 14].map((age, index): TeamSpec => ({
    id: `select-${age}u`,
    name: `Select ${age}U`,
    programSlug: 'select',
    logoUrl: IMAGES.teamLogos.select,
    coaches: [['coach-lindgren', 'coach-ibarra'][index] as string],
    gradYear: gradYearFor(age),
    intro: `Select ${age}U gives players a step up from recreation baseball, with a longer season and games against select teams from neighbouring leagues.`,
    highlights: ['Local league schedule', 'Weekly practices', 'Roster chosen at tryouts'],
  })),
]

function team(spec: TeamSpec): Team {
  const value: Team = {
    id: spec.id,
    name: spec.name,
    programSlug: spec.programSlug,
    logoUrl: spec.logoUrl,
    coaches: spec.coaches,
    roster: placeholderRoster(spec.id, spec.gradYear),
    teamPageContent: { intro: spec.intro, highlights: spec.highlights },
  }
  if (spec.hero) {
    value.heroContent = { ...spec.hero, imageUrl: IMAGES.programs[spec.programSlug] }
  }
  return value
}

/** The ten sample teams the spec lists, each with 15 placeholder players. */
export const defaultTeams: Teams = Object.fromEntries(SPECS.map((spec) => [spec.id, team(spec)]))
