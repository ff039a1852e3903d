import { CLUB } from '../club/club-identity.ts'
import type { Clinic } from '../entities/clinic.ts'
import { paths } from '../routing/public-paths.ts'
import { buildCalendar, type IcsEvent } from './ics.ts'
import { parseClockTime } from './schedule-text.ts'

const UID_DOMAIN = 'camps-events.club'
const CLOCK = /\b(1[0-2]|[1-9]):([0-5]\d)\s*([AP])\.?M\.?/gi

/** The site path of one camp's or event's calendar file (`/calendars/events/summer-camp.ics`). */
export function eventCalendarPath(slug: string): string {
  return paths.eventCalendar(slug)
}

/** The daily start and length in `times` ("9:00 AM – 3:00 PM"), when it names both. */
function dailyHours(times: string): { hour: number; minute: number; minutes: number } | undefined {
  const found = [...times.matchAll(CLOCK)].map((match) =>
    parseClockTime(`${match[1]}:${match[2]} ${match[3]?.toUpperCase()}M`),
  )
  const [start, end] = found
  if (!start || !end) return undefined
  const minutes = end.hour * 60 + end.minute - (start.hour * 60 + start.minute)
  return minutes > 0 ? { ...start, minutes } : undefined
}

/** Every day from `start` to `end` (`YYYY-MM-DD`, inclusive), at most 60. */
function days(start: string, end: string): string[] {
  const out: string[] = []
  const day = new Date(`${start}T12:00:00Z`)
  while (out.length < 60) {
    const iso = day.toISOString().slice(0, 10)
    if (iso > end) break
    out.push(iso)
    day.setUTCDate(day.getUTCDate() + 1)
  }
  return out
}

/**
 * A camp, clinic or event as a calendar file: one event per day, at its daily hours when
 * `times` names a start and an end, else all day. For the event page's "Add to calendar".
 *
 * @example
 * eventCalendar(clinic, new Date(), { siteUrl: 'https://club.example.org' })
 */
export function eventCalendar(
  clinic: Clinic,
  now: Date,
  options: { siteUrl?: string } = {},
): string {
  const hours = dailyHours(clinic.times)
  const site = options.siteUrl?.replace(/\/+$/, '')
  const url = site && /^https?:\/\//.test(site) ? `${site}${paths.event(clinic.slug)}` : undefined
  const events: IcsEvent[] = days(clinic.startDate, clinic.endDate).map((date) => ({
    uid: `${clinic.id}-${date}@${UID_DOMAIN}`,
    start: hours ? { date, hour: hours.hour, minute: hours.minute } : { date },
    durationMinutes: hours?.minutes ?? 60,
    summary: clinic.title,
    location: [clinic.location.name, clinic.location.address].filter(Boolean).join(', '),
    description: [clinic.summary, clinic.times && `Times: ${clinic.times}`]
      .filter(Boolean)
      .join('\n'),
    ...(url ? { url } : {}),
    status: 'CONFIRMED',
  }))
  return buildCalendar({
    name: clinic.title,
    productId: `-//${CLUB.name}//Camps and events//EN`,
    events,
    now,
  })
}
