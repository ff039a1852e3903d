import { describe, expect, it } from 'vitest'

import { defaultFieldsContent } from '../defaults/fields-content.ts'
import { defaultTeams } from '../defaults/teams.ts'
import type { ScheduleEntry, Team } from '../entities/team.ts'
import { parseIcs } from '../../test-utils/ics-test-utils.ts'
import { entryTitle, parseClockTime, sortableTime } from './schedule-text.ts'
import { teamCalendar, teamCalendarFileName, teamCalendarPath } from './team-calendar.ts'

const fields = defaultFieldsContent.fields
const now = new Date('2026-11-23T16:30:00Z')
const bigTrain = defaultTeams['big-train-12u'] as Team

function entry(overrides: Partial<ScheduleEntry>): ScheduleEntry {
  return {
    id: 'e1',
    kind: 'game',
    date: '2026-12-05',
    time: '3:30 PM',
    durationMinutes: 120,
    opponent: 'Rock Creek Owls',
    homeAway: 'home',
    fieldId: 'hollow-oak',
    location: '',
    status: 'scheduled',
    note: '',
    ...overrides,
  }
}

function teamWith(schedule: ScheduleEntry[]): Team {
  return { ...bigTrain, schedule }
}

describe('teamCalendar', () => {
  it('should hold one VEVENT per schedule entry, in date order', () => {
    const calendar = parseIcs(teamCalendar(bigTrain, fields, now))
    const schedule = bigTrain.schedule ?? []
    expect(schedule.length).toBeGreaterThan(5)
    expect(calendar.events).toHaveLength(schedule.length)
    const starts = calendar.events.map((event) => event.raw.DTSTART?.split(':')[1] ?? '')
    expect([...starts].sort()).toEqual(starts)
    expect(calendar.properties['X-WR-CALNAME']).toBe('Big Train 12U schedule')
  })

  it('should start a timed entry at its local time in America/New_York and end after its length', () => {
    const [event] = parseIcs(teamCalendar(teamWith([entry({})]), fields, now)).events
    expect(event?.raw.DTSTART).toBe('DTSTART;TZID=America/New_York:20261205T153000')
    expect(event?.raw.DTEND).toBe('DTEND;TZID=America/New_York:20261205T173000')
  })

  it('should make an entry without a start time an all-day event', () => {
    const [event] = parseIcs(teamCalendar(teamWith([entry({ time: '' })]), fields, now)).events
    expect(event?.raw.DTSTART).toBe('DTSTART;VALUE=DATE:20261205')
    expect(event?.text.DESCRIPTION).toContain('Start time to be announced.')
  })

  it('should escape commas, semicolons and line breaks in what editors typed', () => {
    const hostile = entry({
      opponent: 'Owls, Hawks; and\nFoxes',
      note: 'Bring water, sunscreen; arrive\r\nearly',
    })
    const text = teamCalendar(teamWith([hostile]), fields, now)
    const [event] = parseIcs(text).events
    expect(event?.raw.SUMMARY).toBe('SUMMARY:Big Train 12U vs Owls\\, Hawks\\; and\\nFoxes')
    expect(event?.text.SUMMARY).toBe(entryTitle('Big Train 12U', hostile))
    expect(event?.text.DESCRIPTION?.split('\n')[0]).toBe('Bring water, sunscreen; arrive')
    // Nothing an editor typed can start a property of its own.
    expect(text).not.toMatch(/\r\nFoxes/)
  })

  it('should give stable UIDs and stamp the file with the given time', () => {
    const first = parseIcs(teamCalendar(bigTrain, fields, now)).events
    const later = parseIcs(teamCalendar(bigTrain, fields, new Date('2027-01-01T00:00:00Z'))).events
    expect(first.map((event) => event.text.UID)).toEqual(later.map((event) => event.text.UID))
    expect(new Set(first.map((event) => event.text.UID)).size).toBe(first.length)
    expect(first[0]?.text.UID).toMatch(/^big-train-12u-[\w-]+@/)
    expect(first.every((event) => event.text.DTSTAMP === '20261123T163000Z')).toBe(true)
    expect(later[0]?.text.DTSTAMP).toBe('20270101T000000Z')
  })

  it('should place an entry at its field, with directions and the field status link', () => {
    const [event] = parseIcs(
      teamCalendar(teamWith([entry({})]), fields, now, { siteUrl: 'https://club.example.org/' }),
    ).events
    expect(event?.text.LOCATION).toBe('Hollow Oak Park, 1200 Hollow Oak Drive, Rockville, MD 20850')
    expect(event?.text.DESCRIPTION).toContain(
      'Field status: https://club.example.org/fields#field-hollow-oak',
    )
    expect(event?.text.DESCRIPTION).toContain('Directions: https://www.google.com/maps/')
    expect(event?.text.URL).toBe('https://club.example.org/team/big-train-12u')
  })

  it('should use the location text when the field id is unknown or empty', () => {
    const events = parseIcs(
      teamCalendar(
        teamWith([
          entry({ id: 'a', fieldId: 'gone-field', location: 'Frederick, MD' }),
          entry({ id: 'b', fieldId: '', location: '' }),
        ]),
        fields,
        now,
        { siteUrl: 'javascript:alert(1)' },
      ),
    ).events
    expect(events[0]?.text.LOCATION).toBe('Frederick, MD')
    expect(events[0]?.text.URL).toBeUndefined()
    expect(events[1]?.text.LOCATION).toBeUndefined()
  })

  it('should mark cancelled and postponed entries', () => {
    const events = parseIcs(
      teamCalendar(
        teamWith([
          entry({ id: 'a', status: 'cancelled' }),
          entry({ id: 'b', status: 'postponed', date: '2026-12-06' }),
        ]),
        fields,
        now,
      ),
    ).events
    expect(events[0]?.text.STATUS).toBe('CANCELLED')
    expect(events[0]?.text.SUMMARY).toBe('Cancelled: Big Train 12U vs Rock Creek Owls')
    expect(events[1]?.text.STATUS).toBe('TENTATIVE')
    expect(events[1]?.text.SUMMARY).toMatch(/^Postponed: /)
  })

  it('should make an empty calendar for a team without a schedule', () => {
    const { schedule: _none, ...withoutSchedule } = bigTrain
    const calendar = parseIcs(teamCalendar(withoutSchedule, fields, now))
    expect(calendar.events).toEqual([])
    expect(calendar.timezones).toEqual(['America/New_York'])
  })
})

describe('times and paths', () => {
  it('should read 12-hour clock times', () => {
    expect(parseClockTime('12:00 AM')).toEqual({ hour: 0, minute: 0 })
    expect(parseClockTime('12:15 PM')).toEqual({ hour: 12, minute: 15 })
    expect(parseClockTime('3:30 PM')).toEqual({ hour: 15, minute: 30 })
    expect(parseClockTime('')).toBeUndefined()
    expect(parseClockTime('15:30')).toBeUndefined()
    expect(sortableTime('9:05 AM')).toBe('09:05')
    expect(sortableTime('')).toBe('00:00')
  })

  it('should name the file and its site path after the team', () => {
    expect(teamCalendarFileName('big-train-12u')).toBe('big-train-12u.ics')
    expect(teamCalendarPath('big-train-12u')).toBe('/calendars/big-train-12u.ics')
  })
})
