import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { eventsCalendar } from './events-calendar.ts'

describe('eventsCalendar', () => {
  const [camp] = DEFAULT_CONTENT.clinics
  const text = eventsCalendar(
    [{ ...camp!, id: 'camp-1', startDate: '2026-07-06', endDate: '2026-07-10' }],
    new Date('2026-05-01T00:00:00Z'),
    { siteUrl: 'https://club.example.org' },
  )
  const unfolded = text.replace(/\r\n[ \t]/g, '')

  it('should give each camp its days, all day, through its last day', () => {
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260706\r\n')
    expect(unfolded).toContain('DTEND;VALUE=DATE:20260711\r\n')
  })

  it('should link each to its page and keep a stable UID', () => {
    expect(unfolded).toContain(`URL:https://club.example.org/camps-events/${camp!.slug}\r\n`)
    expect(unfolded).toContain('UID:camp-1@club-events.club\r\n')
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/)
  })
})
