import { CLUB } from '../club/club-identity.ts'
import type { Clinic } from '../entities/clinic.ts'
import { paths } from '../routing/public-paths.ts'
import { buildCalendar } from './ics.ts'
import type { IcsEvent } from './ics.ts'

// Fixed, not the site's host: an event keeps its UID if the site moves (see team-calendar.ts).
const UID_DOMAIN = 'club-events.club'

const KIND_LABELS: Readonly<Record<Clinic['kind'], string>> = {
  camp: 'Camp',
  clinic: 'Clinic',
  event: 'Event',
}

function origin(siteUrl: string | undefined): string | undefined {
  const trimmed = siteUrl?.replace(/\/+$/, '')
  return trimmed && /^https?:\/\/[^\s/]+$/i.test(trimmed) ? trimmed : undefined
}

function event(clinic: Clinic, site: string | undefined): IcsEvent {
  const details = [
    clinic.summary,
    clinic.times ? `Times: ${clinic.times}` : '',
    clinic.ageRange ? `Ages: ${clinic.ageRange}` : '',
    clinic.price ? `Price: ${clinic.price}` : '',
  ].filter(Boolean)
  return {
    uid: `${clinic.id}@${UID_DOMAIN}`,
    start: { date: clinic.startDate, lastDate: clinic.endDate },
    durationMinutes: 0,
    summary: `${KIND_LABELS[clinic.kind]}: ${clinic.title}`,
    location: [clinic.location.name, clinic.location.address].filter(Boolean).join(', '),
    description: details.join('\n'),
    ...(site ? { url: `${site}${paths.event(clinic.slug)}` } : {}),
    status: 'CONFIRMED',
  }
}

/**
 * Every camp, clinic and event as one iCalendar file (published at
 * `paths.eventsCalendar()`, beside the team calendars): each an all-day event over its dates,
 * with its times, ages and price in the description. Pure; `now` is the file's DTSTAMP.
 *
 * @example
 * eventsCalendar(clinics, new Date(), { siteUrl: 'https://club.example.org' })
 */
export function eventsCalendar(
  clinics: readonly Clinic[],
  now: Date,
  options: { siteUrl?: string } = {},
): string {
  const site = origin(options.siteUrl)
  const sorted = [...clinics].sort((a, b) => a.startDate.localeCompare(b.startDate))
  return buildCalendar({
    name: `${CLUB.name} camps and events`,
    productId: `-//${CLUB.name}//Camps and events//EN`,
    events: sorted.map((clinic) => event(clinic, site)),
    now,
  })
}
