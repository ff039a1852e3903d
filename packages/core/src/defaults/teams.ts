import type { ProgramSlug } from '../entities/program-slug.ts'
import type { ScheduleEntry, Team, Teams } from '../entities/team.ts'
import {
  dmvClassName,
  PROGRAM_FACTS,
  RECREATION_SEASONS,
  ROSTER_SEASON_YEAR,
  TEE_BALL,
} from '../club/club-facts.ts'
import { IMAGES } from './images.ts'
import { placeholderRoster } from './roster.ts'

interface TeamSpec {
  id: string
  /**
   * Which sample season the team plays: a travel or select team, a showcase class, or a
   * recreation team (Tee Ball and recreation baseball and softball).
   */
  season: 'travel' | 'showcase' | 'recreation'
  /** Players on the sample roster; 15 unless the program says otherwise (Tee Ball: 10). */
  rosterSize?: number
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
    season: 'showcase',
    name: dmvClassName(year),
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
      title: dmvClassName(year),
      subtitle: 'High-school showcase baseball for Montgomery County and Washington, D.C.',
    },
  })),
  ...[10, 12, 14].map((age, index): TeamSpec => ({
    id: `big-train-${age}u`,
    season: 'travel',
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
    season: 'travel',
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
    season: 'travel',
    name: `Select ${age}U`,
    programSlug: 'select',
    logoUrl: IMAGES.teamLogos.select,
    coaches: [['coach-lindgren', 'coach-ibarra'][index] as string],
    gradYear: gradYearFor(age),
    intro: `Select ${age}U gives players a step up from recreation baseball, with a longer season and games against select teams from neighbouring leagues.`,
    highlights: ['Local league schedule', 'Weekly practices', 'Roster chosen at tryouts'],
  })),
  // Recreation: one team per age group, so every family the program takes finds its team
  // (Tee Ball ages 4–6, recreation baseball and softball ages 7–12 in 8U, 10U and 12U).
  {
    id: 'tee-ball-6u',
    season: 'recreation',
    rosterSize: TEE_BALL.playersPerTeam.max,
    name: 'Tee Ball 6U',
    programSlug: 'tee-ball',
    logoUrl: '',
    coaches: ['recreation-coordinator'],
    gradYear: gradYearFor(6),
    intro: `Tee Ball 6U is for players ${PROGRAM_FACTS['tee-ball'].ageRange.toLowerCase()}: ${TEE_BALL.weeks} spring weeks of a ${TEE_BALL.practiceMinutes}-minute practice and a ${TEE_BALL.gameDay} game, with volunteer parent coaches.`,
    highlights: ['Everyone bats, everyone plays the field', 'No score kept', 'Team shirt and cap'],
  },
  ...(['recreation', 'recreation-softball'] as const).flatMap((programSlug) =>
    [8, 10, 12].map((age): TeamSpec => ({
      id: `${programSlug}-${age}u`,
      season: 'recreation',
      name: `${PROGRAM_FACTS[programSlug].name} ${age}U`,
      programSlug,
      logoUrl: '',
      coaches: [programSlug === 'recreation' ? 'recreation-coordinator' : 'softball-director'],
      gradYear: gradYearFor(age),
      intro: `${PROGRAM_FACTS[programSlug].name} ${age}U is a neighbourhood team for players aged ${age - 1} and ${age}: a spring season ${RECREATION_SEASONS.spring} and a fall season ${RECREATION_SEASONS.fall}, with no tryouts.`,
      highlights: ['Equal playing time', 'One practice and one or two games a week', 'No tryouts'],
    })),
  ),
]

// Fictional opponents, fields from the sample Facilities page (`fieldsContent`), and the
// 2026 fall and 2027 spring seasons: a few fall games are past on the site's launch date
// (November 2026), the rest are still to come.
const OPPONENTS = [
  'Seneca Valley Comets',
  'Potomac Falls Herons',
  'Cabin John Foxes',
  'Rock Creek Owls',
  'Sligo Creek Otters',
  'Patuxent River Rays',
  'Catoctin Hawks',
  'Little Falls Pioneers',
]
const HOME_FIELDS = [
  'hollow-oak',
  'maple-hollow',
  'kensington-commons',
  'orchard-falls',
  'stony-hill',
]
const AWAY_TOWNS = ['Frederick, MD', 'Columbia, MD', 'Fairfax, VA', 'Annapolis, MD', 'Leesburg, VA']
const INDOOR = 'Seneca Ridge Fieldhouse, 450 Quarry Run Road, Gaithersburg, MD 20878'

type Entry = Omit<ScheduleEntry, 'id' | 'durationMinutes' | 'location' | 'status' | 'note'> &
  Partial<Pick<ScheduleEntry, 'durationMinutes' | 'location' | 'status' | 'note'>>

function entry(value: Entry): ScheduleEntry {
  return {
    id: `${value.date}-${value.kind}`,
    durationMinutes: value.kind === 'practice' ? 90 : 120,
    location: '',
    status: 'scheduled',
    note: '',
    ...value,
  }
}

function game(date: string, time: string, n: number, home: boolean): ScheduleEntry {
  const opponent = OPPONENTS[n % OPPONENTS.length] ?? ''
  return home
    ? entry({
        kind: 'game',
        date,
        time,
        opponent,
        homeAway: 'home',
        fieldId: HOME_FIELDS[n % 5] ?? '',
      })
    : entry({
        kind: 'game',
        date,
        time,
        opponent,
        homeAway: 'away',
        fieldId: '',
        location: AWAY_TOWNS[n % 5] ?? '',
      })
}

/** The club's Opening Day (camps and events list it too): every team's first spring date. */
function openingDay(): ScheduleEntry {
  return entry({
    kind: 'event',
    date: '2027-04-10',
    time: '9:00 AM',
    durationMinutes: 300,
    opponent: 'Opening Day',
    homeAway: 'neutral',
    fieldId: 'hollow-oak',
    note: 'Team photos at 9:30 AM.',
  })
}

// Each travel program's own Thanksgiving weekend tournament.
const TOURNAMENTS: Partial<Record<ProgramSlug, { name: string; fieldId: string }>> = {
  'big-train': { name: 'Thanksgiving Classic', fieldId: 'seneca-ridge' },
  'flash-softball': { name: 'Turkey Bowl Fastpitch', fieldId: 'briar-meadow' },
  select: { name: 'Harvest Cup', fieldId: 'stony-hill' },
}

function travelSchedule(n: number, program: ProgramSlug): ScheduleEntry[] {
  const tournament = TOURNAMENTS[program] ?? { name: 'Thanksgiving tournament', fieldId: '' }
  return [
    game('2026-10-17', '10:00 AM', n, true),
    game('2026-11-07', '1:00 PM', n + 1, false),
    entry({
      kind: 'tournament',
      date: '2026-11-28',
      time: '8:00 AM',
      durationMinutes: 540,
      opponent: tournament.name,
      homeAway: 'neutral',
      fieldId: tournament.fieldId,
      note: 'Pool play Saturday; bracket times are posted Friday night.',
    }),
    n === 6
      ? {
          ...game('2026-12-05', '11:00 AM', n + 2, true),
          status: 'postponed',
          note: 'Postponed at the opponent’s request; a new date will be posted.',
        }
      : game('2026-12-05', n % 2 === 0 ? '11:00 AM' : '2:00 PM', n + 2, n % 2 === 0),
    entry({
      kind: 'practice',
      date: '2027-01-09',
      time: n % 2 === 0 ? '9:00 AM' : '10:30 AM',
      opponent: 'Winter workout',
      homeAway: 'neutral',
      fieldId: '',
      location: INDOOR,
    }),
    game('2027-03-20', '10:00 AM', n + 3, false),
    openingDay(),
    game('2027-04-17', n % 2 === 0 ? '1:00 PM' : '3:30 PM', n + 4, true),
  ]
}

function showcaseSchedule(n: number): ScheduleEntry[] {
  return [
    entry({
      kind: 'tournament',
      date: '2026-10-10',
      time: '8:00 AM',
      durationMinutes: 600,
      opponent: 'Fall Showcase',
      homeAway: 'neutral',
      fieldId: 'maple-hollow',
    }),
    game('2026-11-01', '12:00 PM', n + 2, false),
    ...['2026-12-06', '2027-01-10'].map((date) =>
      entry({
        kind: 'practice',
        date,
        time: ['4:00 PM', '5:30 PM', '7:00 PM'][n % 3] ?? '',
        opponent: 'Winter training',
        homeAway: 'neutral',
        fieldId: '',
        location: INDOOR,
      }),
    ),
    entry({
      kind: 'event',
      date: '2027-02-20',
      time: '10:00 AM',
      durationMinutes: 180,
      opponent: 'College recruiting workshop',
      homeAway: 'neutral',
      fieldId: '',
      location: INDOOR,
    }),
    game('2027-03-27', '11:00 AM', n + 4, true),
    entry({
      kind: 'tournament',
      date: '2027-05-22',
      time: '',
      durationMinutes: 600,
      opponent: 'Spring Prospect Showcase',
      homeAway: 'neutral',
      fieldId: 'orchard-falls',
    }),
  ]
}

/**
 * A recreation team's sample season: fall games in September and October 2026 (over by the
 * site's launch) and a spring season from April 2027, Saturday games and a weeknight practice.
 * Tee Ball plays the spring only, after a fall skills morning.
 */
function recreationSchedule(n: number, program: ProgramSlug): ScheduleEntry[] {
  const fall =
    program === 'tee-ball'
      ? [
          entry({
            kind: 'event',
            date: '2026-10-24',
            time: '9:00 AM',
            durationMinutes: 90,
            opponent: 'Fall skills morning',
            homeAway: 'neutral',
            fieldId: 'hollow-oak',
            note: 'Open to every new and returning player.',
          }),
        ]
      : [game('2026-09-19', '10:00 AM', n, true), game('2026-10-10', '12:00 PM', n + 1, false)]
  const practiceMinutes = program === 'tee-ball' ? TEE_BALL.practiceMinutes : 90
  return [
    ...fall,
    openingDay(),
    entry({
      kind: 'practice',
      date: '2027-04-14',
      time: '5:30 PM',
      durationMinutes: practiceMinutes,
      opponent: 'Team practice',
      homeAway: 'neutral',
      fieldId: HOME_FIELDS[(n + 1) % 5] ?? '',
    }),
    game('2027-04-17', n % 2 === 0 ? '9:00 AM' : '11:00 AM', n + 2, true),
    game('2027-04-24', '10:00 AM', n + 3, n % 2 === 1),
    game('2027-05-01', n % 2 === 0 ? '11:00 AM' : '9:00 AM', n + 4, true),
  ].map((value) =>
    // Tee Ball games are an hour and a half; nobody keeps score.
    program === 'tee-ball' && value.kind === 'game' ? { ...value, durationMinutes: 90 } : value,
  )
}

function team(spec: TeamSpec, index: number): Team {
  const value: Team = {
    id: spec.id,
    name: spec.name,
    programSlug: spec.programSlug,
    logoUrl: spec.logoUrl,
    coaches: spec.coaches,
    roster: placeholderRoster(spec.id, spec.gradYear, spec.rosterSize),
    teamPageContent: { intro: spec.intro, highlights: spec.highlights },
    schedule:
      spec.season === 'travel'
        ? travelSchedule(index, spec.programSlug)
        : spec.season === 'recreation'
          ? recreationSchedule(index, spec.programSlug)
          : showcaseSchedule(index),
  }
  if (spec.hero) {
    value.heroContent = { ...spec.hero, imageUrl: IMAGES.programs[spec.programSlug] }
  }
  return value
}

/**
 * The ten sample teams the spec lists, each with 15 placeholder players, plus a team for each
 * recreation age group (Tee Ball's with 10 players), each with a sample schedule for the 2026
 * fall and 2027 spring seasons.
 */
export const defaultTeams: Teams = Object.fromEntries(
  SPECS.map((spec, index) => [spec.id, team(spec, index)]),
)
