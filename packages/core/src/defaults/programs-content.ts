import type {
  Eligibility,
  ProgramsContent,
  Registration,
  Tryouts,
} from '../entities/program-content.ts'
import type { ProgramSlug } from '../entities/program-slug.ts'
import { CLUB_DETAILS } from './club-details.ts'
import { CLUB } from '../club/club-identity.ts'
import {
  programName,
  PROGRAM_FACTS,
  RECREATION_SEASONS,
  TEE_BALL,
  TRYOUT_FEE_NOTE,
} from '../club/club-facts.ts'
import { IMAGES } from './images.ts'

function registration(slug: ProgramSlug): Registration {
  const sample = CLUB_DETAILS.registration[slug]
  return {
    link: sample.link?.value ?? '',
    opensText: sample.opensText ?? '',
    deadline: PROGRAM_SEASON[slug].deadline,
  }
}

/*
 * Each program's 2027 season for the program finder: the ages it takes on the season's age
 * cutoff (baseball counts a player's age on April 30; softball, as USA Softball does, on
 * December 31 of the year before), and the last day to register (for tryouts, in the
 * competitive programs).
 */
const BASEBALL_CUTOFF = '2027-04-30'
const SOFTBALL_CUTOFF = '2026-12-31'
const PROGRAM_SEASON: Record<ProgramSlug, { eligibility: Eligibility; deadline: string }> = {
  'tee-ball': {
    eligibility: { minAge: 4, maxAge: 6, ageCutoff: BASEBALL_CUTOFF },
    deadline: '2027-03-01',
  },
  recreation: {
    eligibility: { minAge: 7, maxAge: 12, ageCutoff: BASEBALL_CUTOFF },
    deadline: '2027-03-01',
  },
  'recreation-softball': {
    eligibility: { minAge: 7, maxAge: 12, ageCutoff: SOFTBALL_CUTOFF },
    deadline: '2027-03-01',
  },
  select: {
    eligibility: { minAge: 13, maxAge: 14, ageCutoff: BASEBALL_CUTOFF },
    deadline: '2027-08-07',
  },
  'flash-softball': {
    eligibility: { minAge: 12, maxAge: 18, ageCutoff: SOFTBALL_CUTOFF },
    deadline: '2027-08-08',
  },
  'big-train': {
    eligibility: { minAge: 10, maxAge: 14, ageCutoff: BASEBALL_CUTOFF },
    deadline: '2027-08-14',
  },
  'dmv-prospects': {
    eligibility: { minAge: 14, maxAge: 18, ageCutoff: BASEBALL_CUTOFF },
    deadline: '2027-09-04',
  },
}

function tryouts(
  programName: string,
  teams: { id: string; name: string; dates: string[] }[],
): Tryouts {
  return {
    title: `${programName} Tryouts`,
    description: `Tryouts are open to every eligible player. Come ready to throw, field, hit and run; coaches will contact families within a week.`,
    // The panel's Register action uses the program's registration; this optional second button
    // is for anything else an editor wants to point at.
    buttonText: '',
    buttonLink: '',
    feeNote: TRYOUT_FEE_NOTE,
    teams,
  }
}

const competitiveFees =
  'Team fees are set from each team’s budget (tournaments, uniforms, field time) and shared after tryouts. Ask us about financial aid.'

/** Sample program pages, one per program. */
export const defaultProgramsContent: ProgramsContent = {
  'tee-ball': {
    name: PROGRAM_FACTS['tee-ball'].name,
    heroImage: IMAGES.programs['tee-ball'],
    overview: `Tee Ball is the first step into baseball for children ${PROGRAM_FACTS['tee-ball'].ageRange.toLowerCase()}. Players learn to catch, throw, hit off a tee and run the bases, and above all to enjoy being part of a team.`,
    seasonFormat: `${TEE_BALL.weeks} weeks in the ${TEE_BALL.season}: one ${TEE_BALL.practiceMinutes}-minute practice and a ${TEE_BALL.gameDay} game each week.`,
    teamFormation: `Teams of ${TEE_BALL.playersPerTeam.min}–${TEE_BALL.playersPerTeam.max} players, formed by neighbourhood and school where we can.`,
    equipment:
      'A glove and sneakers. Helmets, bats and balls are provided; every player gets a team shirt and cap.',
    fees: `${PROGRAM_FACTS['tee-ball'].fee} per player.`,
    coaching: 'Volunteer parent coaches, supported by a coaching clinic before the season.',
    philosophy:
      'Everyone bats, everyone plays the field, and nobody keeps score. Our job is to make the first season so much fun that players want a second one.',
    staff: ['recreation-coordinator'],
    registration: registration('tee-ball'),
    eligibility: PROGRAM_SEASON['tee-ball'].eligibility,
  },
  recreation: {
    name: PROGRAM_FACTS.recreation.name,
    heroImage: IMAGES.programs.recreation,
    overview: `Recreation baseball is the heart of the club: neighbourhood teams for players ${PROGRAM_FACTS.recreation.ageRange.toLowerCase()}, with games across ${CLUB.serviceArea.replace(/\.$/, '')}.`,
    seasonFormat: `Spring season ${RECREATION_SEASONS.spring}; fall season ${RECREATION_SEASONS.fall}. One or two games and one practice a week.`,
    teamFormation:
      'Players are placed by age group and balanced by coaches’ evaluations, so every team has a fair chance.',
    equipment: 'A glove, baseball pants and cleats. Helmets and catcher’s gear are provided.',
    fees: `${PROGRAM_FACTS.recreation.fee} depending on age group; sibling discounts and financial aid are available.`,
    coaching: 'Volunteer coaches with background checks and club coaching clinics every season.',
    philosophy:
      'Equal playing time, skills before scoreboards, and a place on a team for every child who registers.',
    staff: ['recreation-coordinator', 'program-director'],
    registration: registration('recreation'),
    eligibility: PROGRAM_SEASON['recreation'].eligibility,
  },
  'recreation-softball': {
    name: PROGRAM_FACTS['recreation-softball'].name,
    heroImage: IMAGES.programs['recreation-softball'],
    overview:
      'Recreation softball teams introduce girls to fastpitch in a friendly, no-tryout league.',
    seasonFormat: `Spring season ${RECREATION_SEASONS.spring}, with weeknight and Saturday games.`,
    teamFormation: 'Teams are formed by age group; friends may ask to play together.',
    equipment: 'A glove, softball pants and cleats. Helmets with face guards are provided.',
    fees: `${PROGRAM_FACTS['recreation-softball'].fee} depending on age group.`,
    coaching: 'Volunteer coaches, with pitching sessions run by the softball director.',
    philosophy: 'Build skills and friendships first; players who want more can try out for Flash.',
    staff: ['softball-director'],
    registration: registration('recreation-softball'),
    eligibility: PROGRAM_SEASON['recreation-softball'].eligibility,
  },
  select: {
    name: PROGRAM_FACTS.select.name,
    heroImage: IMAGES.programs.select,
    overview: `Select teams (${PROGRAM_FACTS.select.ageRange}) are for players ready for more games and stronger competition than recreation baseball, while staying close to home.`,
    seasonFormat: 'Spring and summer league play with one or two local tournaments.',
    teamFormation: 'Rosters are chosen at tryouts in late summer for the following season.',
    equipment: 'Players provide glove, bat, helmet and cleats; uniforms are ordered after tryouts.',
    fees: competitiveFees,
    coaching: 'Experienced volunteer and paid coaches, with player evaluations twice a season.',
    description:
      'Select is the bridge between recreation and travel baseball: more practice, more games and a focus on fundamentals.',
    staff: ['coach-lindgren', 'coach-ibarra', 'program-director'],
    registration: registration('select'),
    eligibility: PROGRAM_SEASON['select'].eligibility,
    tryouts: tryouts('Select', [
      { id: 'select-13u', name: 'Select 13U', dates: ['August 14, 2027, 9:00–11:00 AM'] },
      { id: 'select-14u', name: 'Select 14U', dates: ['August 14, 2027, 11:30 AM–1:30 PM'] },
    ]),
  },
  'flash-softball': {
    name: PROGRAM_FACTS['flash-softball'].name,
    heroImage: IMAGES.programs['flash-softball'],
    overview: `Flash is the club’s fastpitch travel program for players ${PROGRAM_FACTS['flash-softball'].ageRange}.`,
    seasonFormat:
      'Spring and summer tournaments, fall showcase events for older teams, winter pitching and hitting sessions.',
    teamFormation: 'Rosters are chosen at tryouts each August.',
    equipment: 'Players provide glove, bat, helmet with face guard and cleats.',
    fees: competitiveFees,
    coaching:
      'Head coaches led by the softball director, with specialist pitching and catching instruction.',
    description:
      'Competitive fastpitch with an eye on high-school and college softball, taught with patience and care.',
    staff: ['softball-director', 'coach-halvorsen', 'coach-mensah'],
    registration: registration('flash-softball'),
    eligibility: PROGRAM_SEASON['flash-softball'].eligibility,
    tryouts: tryouts(programName('flash-softball'), [
      { id: 'flash-12u', name: 'Flash 12U', dates: ['August 15, 2027, 9:00–11:00 AM'] },
      {
        id: 'flash-18u',
        name: 'Flash 18U',
        dates: ['August 15, 2027, 1:00–3:00 PM', 'August 22, 2027, 1:00–3:00 PM'],
      },
    ]),
  },
  'big-train': {
    name: PROGRAM_FACTS['big-train'].name,
    heroImage: IMAGES.programs['big-train'],
    overview: `Big Train travel teams (${PROGRAM_FACTS['big-train'].ageRange}) compete in regional tournaments and carry the club’s name across the region.`,
    seasonFormat: 'Spring and summer tournaments, with fall ball and winter workouts.',
    teamFormation: 'Rosters are chosen at tryouts in late summer.',
    equipment: 'Players provide glove, bat, helmet, cleats and catcher’s gear where needed.',
    fees: competitiveFees,
    coaching: 'Head coaches with travel-ball experience, supported by the program director.',
    description:
      'Travel baseball built on development: good habits, good teammates and a demanding schedule.',
    staff: ['program-director', 'coach-doyle', 'coach-nakamura', 'coach-rivera'],
    registration: registration('big-train'),
    eligibility: PROGRAM_SEASON['big-train'].eligibility,
    tryouts: tryouts('Big Train', [
      { id: 'big-train-10u', name: 'Big Train 10U', dates: ['August 21, 2027, 9:00–11:00 AM'] },
      { id: 'big-train-12u', name: 'Big Train 12U', dates: ['August 21, 2027, 11:30 AM–1:30 PM'] },
      { id: 'big-train-14u', name: 'Big Train 14U', dates: ['August 22, 2027, 9:00–11:30 AM'] },
    ]),
  },
  'dmv-prospects': {
    name: PROGRAM_FACTS['dmv-prospects'].name,
    heroImage: IMAGES.programs['dmv-prospects'],
    overview:
      'DMV Prospects is the club’s high-school showcase program, with one team per graduating class.',
    seasonFormat: 'Summer and fall showcase tournaments, with winter training.',
    teamFormation:
      'One team per class year, chosen at tryouts; returning players are re-evaluated each year.',
    equipment: 'Players provide their own gear; uniforms and bat packs are ordered after tryouts.',
    fees: competitiveFees,
    coaching:
      'Head coaches for each class, and a recruiting coordinator who helps families with the college process.',
    description:
      'Showcase baseball for high-school players who want to play in college: exposure, preparation and honest feedback.',
    staff: ['recruiting-coordinator', 'coach-abernathy', 'coach-castellano', 'coach-okonkwo'],
    registration: registration('dmv-prospects'),
    eligibility: PROGRAM_SEASON['dmv-prospects'].eligibility,
    tryouts: tryouts('DMV Prospects', [
      {
        id: 'dmv-prospects-2026',
        name: 'Class of 2026',
        dates: ['September 11, 2027, 9:00 AM–12:00 PM'],
      },
      {
        id: 'dmv-prospects-2027',
        name: 'Class of 2027',
        dates: ['September 11, 2027, 1:00–4:00 PM'],
      },
      {
        id: 'dmv-prospects-2028',
        name: 'Class of 2028',
        dates: ['September 12, 2027, 9:00 AM–12:00 PM'],
      },
    ]),
  },
}
