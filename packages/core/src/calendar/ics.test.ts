import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addMinutes, buildCalendar, escapeText, foldLine, icsUtc, nextDate } from './ics.ts'
import { parseIcs, unescapeText } from '../../test-utils/ics-test-utils.ts'

const octets = (line: string) => new TextEncoder().encode(line).length

describe('escapeText', () => {
  it('should escape backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
  })

  it('should drop control characters that TEXT may not hold, but keep tabs', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td')
  })

  it('should round-trip any text through escaping and unescaping', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        // eslint-disable-next-line no-control-regex
        const printable = text.replace(/\r\n|\r/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
        expect(unescapeText(escapeText(text))).toBe(printable)
      }),
    )
  })
})

describe('foldLine', () => {
  it('should leave a line of 75 octets alone and fold a longer one', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`
    expect(octets(exact)).toBe(75)
    expect(foldLine(exact)).toBe(exact)
    const folded = foldLine(`${exact}y`)
    expect(folded).toBe(`${exact}\r\n y`)
  })

  it('should keep every physical line within 75 octets and never split a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`
        const physical = foldLine(line).split('\r\n')
        for (const [i, part] of physical.entries()) {
          expect(octets(part)).toBeLessThanOrEqual(75)
          if (i > 0) expect(part.startsWith(' ')).toBe(true)
          // A split surrogate pair would leave a lone surrogate behind.
          expect(part).not.toMatch(
            /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
          )
        }
        expect(physical.map((part, i) => (i > 0 ? part.slice(1) : part)).join('')).toBe(line)
      }),
    )
  })

  it('should fold multi-byte text by octets, not characters', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`
    const [first] = foldLine(line).split('\r\n')
    // 8 octets of "SUMMARY:" and 33 two-octet letters fit in 75; a 34th would not.
    expect(first).toBe(`SUMMARY:${'é'.repeat(33)}`)
  })
})

describe('dates', () => {
  it('should add minutes on the wall clock, rolling over days, months and years', () => {
    expect(addMinutes({ date: '2026-11-28', hour: 8, minute: 0 }, 540)).toEqual({
      date: '2026-11-28',
      hour: 17,
      minute: 0,
    })
    expect(addMinutes({ date: '2026-12-31', hour: 22, minute: 30 }, 120)).toEqual({
      date: '2027-01-01',
      hour: 0,
      minute: 30,
    })
    expect(nextDate('2027-02-28')).toBe('2027-03-01')
    expect(nextDate('2028-02-28')).toBe('2028-02-29')
  })

  it('should write instants in UTC', () => {
    expect(icsUtc(new Date('2026-11-23T11:10:53.400Z'))).toBe('20261123T111053Z')
  })
})

describe('buildCalendar', () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const text = buildCalendar({
    name: 'Team, A; B',
    productId: '-//Club//Schedules//EN',
    now,
    events: [
      {
        uid: 'one@test',
        start: { date: '2026-11-28', hour: 8, minute: 0 },
        durationMinutes: 90,
        summary: 'Game, vs; Owls',
        location: 'Hollow Oak Park, 1200 Hollow Oak Drive',
        description: 'Line one\nLine two',
        url: 'https://example.org/team/a',
        status: 'CONFIRMED',
      },
      {
        uid: 'two@test',
        start: { date: '2027-05-01' },
        durationMinutes: 120,
        summary: 'All day',
        url: 'javascript:alert(1)',
        status: 'CANCELLED',
      },
    ],
  })

  it('should end every line with CRLF and wrap everything in one VCALENDAR', () => {
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const calendar = parseIcs(text)
    expect(calendar.properties.VERSION).toBe('2.0')
    expect(calendar.properties['X-WR-CALNAME']).toBe('Team, A; B')
  })

  it('should define the club time zone and use it for timed events', () => {
    const calendar = parseIcs(text)
    expect(calendar.timezones).toEqual(['America/New_York'])
    const [timed, allDay] = calendar.events
    expect(timed?.raw.DTSTART).toBe('DTSTART;TZID=America/New_York:20261128T080000')
    expect(timed?.raw.DTEND).toBe('DTEND;TZID=America/New_York:20261128T093000')
    expect(allDay?.raw.DTSTART).toBe('DTSTART;VALUE=DATE:20270501')
    expect(allDay?.raw.DTEND).toBe('DTEND;VALUE=DATE:20270502')
  })

  it('should escape text values and stamp every event with the build time', () => {
    const [timed, allDay] = parseIcs(text).events
    expect(timed?.raw.SUMMARY).toBe('SUMMARY:Game\\, vs\\; Owls')
    expect(timed?.text.SUMMARY).toBe('Game, vs; Owls')
    expect(timed?.text.DESCRIPTION).toBe('Line one\nLine two')
    expect(timed?.text.DTSTAMP).toBe('20261123T120000Z')
    expect(allDay?.text.DTSTAMP).toBe('20261123T120000Z')
  })

  it('should write only http(s) URLs and the given status', () => {
    const [timed, allDay] = parseIcs(text).events
    expect(timed?.text.URL).toBe('https://example.org/team/a')
    expect(allDay?.text.URL).toBeUndefined()
    expect(allDay?.text.STATUS).toBe('CANCELLED')
  })
})
