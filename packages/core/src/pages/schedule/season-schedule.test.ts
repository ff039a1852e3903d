import { describe, expect, it } from 'vitest'

import { defaultTeams } from '../../defaults/teams.ts'
import type { ScheduleEntry, Team, Teams } from '../../entities/team.ts'
import {
  filterRows,
  formatEntryDay,
  groupByDate,
  programsWithTeams,
  readScheduleFilter,
  scheduleHref,
  seasonRows,
  splitRows,
  teamsOf,
  teamsWithSchedules,
  upcomingForTeam,
} from './season-schedule.ts'

const base = defaultTeams['big-train-12u'] as Team

function entry(id: string, date: string, time: string): ScheduleEntry {
  return {
    id,
    kind: 'game',
    date,
    time,
    durationMinutes: 120,
    opponent: 'Rock Creek Owls',
    homeAway: 'home',
    fieldId: 'hollow-oak',
    location: '',
    status: 'scheduled',
    note: '',
  }
}

const teams: Teams = {
  'big-train-12u': {
    ...base,
    schedule: [
      entry('late', '2026-12-05', '3:00 PM'),
      entry('tba', '2026-12-05', ''),
      entry('past', '2026-11-07', '1:00 PM'),
      entry('today', '2026-11-23', '10:00 AM'),
    ],
  },
  'select-13u': {
    ...(defaultTeams['select-13u'] as Team),
    schedule: [entry('noon', '2026-12-05', '12:00 PM'), entry('early', '2026-12-05', '9:00 AM')],
  },
  'flash-12u': { ...(defaultTeams['flash-12u'] as Team), schedule: [] },
}

const ids = (rows: { entry: ScheduleEntry }[]) => rows.map((row) => row.entry.id)

describe('seasonRows', () => {
  it('should merge every team’s entries by date, then start time (TBA first), then team', () => {
    expect(ids(seasonRows(teams))).toEqual(['past', 'today', 'tba', 'early', 'noon', 'late'])
  })

  it('should keep each entry’s index in its team’s stored schedule', () => {
    const late = seasonRows(teams).find((row) => row.entry.id === 'late')
    expect(late).toMatchObject({ teamKey: 'big-train-12u', index: 0 })
  })

  it('should treat a team stored without a schedule as having none', () => {
    const { schedule: _none, ...older } = base
    expect(seasonRows({ 'big-train-12u': older })).toEqual([])
  })
})

describe('splitRows', () => {
  it('should keep today’s entries upcoming all day, in the club’s time zone', () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Maryland.
    const lateEvening = new Date('2026-11-24T03:30:00Z')
    const { upcoming, past } = splitRows(seasonRows(teams), lateEvening)
    expect(ids(upcoming)).toEqual(['today', 'tba', 'early', 'noon', 'late'])
    expect(ids(past)).toEqual(['past'])
    const nextMorning = new Date('2026-11-24T12:00:00Z')
    expect(ids(splitRows(seasonRows(teams), nextMorning).past)).toEqual(['today', 'past'])
  })

  it('should give the same answer for the same render time', () => {
    const now = new Date('2026-11-23T15:00:00Z')
    expect(splitRows(seasonRows(defaultTeams), now)).toEqual(
      splitRows(seasonRows(defaultTeams), new Date(now)),
    )
  })
})

describe('upcomingForTeam', () => {
  it('should list one team’s next entries up to the limit', () => {
    const now = new Date('2026-11-23T15:00:00Z')
    expect(ids(upcomingForTeam('big-train-12u', teams['big-train-12u'] as Team, now, 2))).toEqual([
      'today',
      'tba',
    ])
  })

  it('should find upcoming sample entries on the site’s launch date', () => {
    const now = new Date('2026-11-23T15:00:00Z')
    for (const [key, team] of Object.entries(defaultTeams)) {
      const upcoming = upcomingForTeam(key, team, now, 5)
      expect(upcoming.length).toBeGreaterThan(2)
      const past = splitRows(seasonRows({ [key]: team }), now).past
      expect(past.length).toBeGreaterThan(0)
    }
  })
})

describe('filters', () => {
  const rows = seasonRows(teams)

  it('should keep one program’s or one team’s rows, the team winning', () => {
    expect(ids(filterRows(rows, { program: 'select', team: '' }))).toEqual(['early', 'noon'])
    expect(ids(filterRows(rows, { program: 'select', team: 'big-train-12u' }))).toEqual([
      'past',
      'today',
      'tba',
      'late',
    ])
    expect(filterRows(rows, { program: '', team: '' })).toHaveLength(rows.length)
  })

  it('should read only filters that name a program or team that exists', () => {
    const read = (query: string) => readScheduleFilter(new URLSearchParams(query), teams)
    expect(read('team=select-13u')).toEqual({ program: 'select', team: 'select-13u' })
    expect(read('program=big-train')).toEqual({ program: 'big-train', team: '' })
    expect(read('team=nope&program=curling')).toEqual({ program: '', team: '' })
    expect(read('team=__proto__')).toEqual({ program: '', team: '' })
    expect(read('team=select-13u&program=big-train')).toEqual({
      program: 'select',
      team: 'select-13u',
    })
  })

  it('should write a filter as a /schedule address', () => {
    expect(scheduleHref({ program: 'select', team: 'select-13u' })).toBe(
      '/schedule?team=select-13u',
    )
    expect(scheduleHref({ program: 'big-train', team: '' })).toBe('/schedule?program=big-train')
    expect(scheduleHref({ program: '', team: '' })).toBe('/schedule')
  })

  it('should offer every program with a team, and each team, with or without a schedule', () => {
    const withRecreation = {
      ...teams,
      'recreation-8u': {
        ...(teams['select-13u'] as Team),
        id: 'recreation-8u',
        programSlug: 'recreation' as const,
        schedule: [],
      },
    }
    expect(programsWithTeams(withRecreation)).toEqual([
      'recreation',
      'select',
      'flash-softball',
      'big-train',
    ])
    expect(teamsOf(withRecreation, 'recreation').map(({ key }) => key)).toEqual(['recreation-8u'])
    expect(teamsOf(withRecreation, '').map(({ key }) => key)).toContain('recreation-8u')
  })

  it('should offer calendars only of teams that have a schedule', () => {
    expect(teamsWithSchedules(teams, '').map(({ key }) => key)).toEqual([
      'big-train-12u',
      'select-13u',
    ])
    expect(teamsWithSchedules(teams, 'select').map(({ key }) => key)).toEqual(['select-13u'])
  })
})

describe('display helpers', () => {
  it('should group rows by date in order', () => {
    const groups = groupByDate(seasonRows(teams))
    expect(groups.map((group) => [group.date, group.rows.length])).toEqual([
      ['2026-11-07', 1],
      ['2026-11-23', 1],
      ['2026-12-05', 4],
    ])
  })

  it('should name the weekday of a date as written, whatever the machine’s zone', () => {
    expect(formatEntryDay('2026-11-28')).toEqual({
      weekday: 'Saturday',
      short: 'Sat, Nov 28',
      year: 2026,
    })
    expect(formatEntryDay('2027-01-01').short).toBe('Fri, Jan 1')
  })
})
