import type { Clinic } from '../../entities/clinic.ts'
import { isPastClinic } from '../clinics/clinic-info.ts'

/** A clinic with its position in the stored `clinics` array (where edits go). */
export type IndexedClinic = { clinic: Clinic; index: number }

function byStart(a: IndexedClinic, b: IndexedClinic): number {
  return a.clinic.startDate < b.clinic.startDate
    ? -1
    : a.clinic.startDate > b.clinic.startDate
      ? 1
      : 0
}

/**
 * Upcoming and current entries soonest first, and past ones most recent first; each keeps its
 * stored index. "Past" is decided on the club's date at `now` (the render time).
 */
export function splitClinics(
  clinics: readonly Clinic[],
  now: Date,
): { upcoming: IndexedClinic[]; past: IndexedClinic[] } {
  const indexed = clinics.map((clinic, index) => ({ clinic, index }))
  return {
    upcoming: indexed.filter(({ clinic }) => !isPastClinic(clinic, now)).sort(byStart),
    past: indexed.filter(({ clinic }) => isPastClinic(clinic, now)).sort((a, b) => byStart(b, a)),
  }
}

/** The next `limit` camps, clinics and events that are not over at `now`, soonest first. */
export function upcomingClinics(
  clinics: readonly Clinic[],
  now: Date,
  limit: number,
): IndexedClinic[] {
  return splitClinics(clinics, now).upcoming.slice(0, limit)
}
