import type { Alumni } from '../entities/alumni.ts'

// Placeholder alumni; the schools are fictional too.
const DRAFT_PICKS = [
  {
    id: 'alum-1',
    name: 'Alumnus 1',
    school: 'Chesapeake State University',
    achievement: 'MLB Draft, 4th round',
  },
  {
    id: 'alum-2',
    name: 'Alumnus 2',
    school: 'Potomac College',
    achievement: 'MLB Draft, 7th round',
  },
  {
    id: 'alum-3',
    name: 'Alumnus 3',
    school: 'Blue Ridge University',
    achievement: 'MLB Draft, 11th round',
  },
  {
    id: 'alum-4',
    name: 'Alumnus 4',
    school: 'Tidewater Institute',
    achievement: 'MLB Draft, 15th round',
  },
  {
    id: 'alum-5',
    name: 'Alumnus 5',
    school: 'Allegheny Valley University',
    achievement: 'MLB Draft, 19th round',
  },
]

/**
 * Sample alumni: the five MLB draft picks (spec §9), who also appear among the college commits,
 * and the most recent commitments. The commit list is a recent selection, not the club's total
 * (150+, the Legacy and Impact figure): the alumni page says so.
 */
export const defaultAlumni: Alumni = {
  mlbDraftPicks: DRAFT_PICKS,
  collegeCommits: [
    ...DRAFT_PICKS.map(({ id, name, school }) => ({ id, name, school, isDraftPick: true })),
    { id: 'alum-6', name: 'Alumna 6', school: 'Shenandoah Lakes College' },
    { id: 'alum-7', name: 'Alumnus 7', school: 'Chesapeake State University' },
    { id: 'alum-8', name: 'Alumna 8', school: 'Piedmont University' },
    { id: 'alum-9', name: 'Alumnus 9', school: 'Harbor City College' },
    { id: 'alum-10', name: 'Alumna 10', school: 'Blue Ridge University' },
  ],
}
