import type { Clinic, ClinicKind } from '../../entities/clinic.ts'
import { clubToday } from '../../club/club-time.ts'

/** How each kind of camps-and-events entry reads on a badge. */
export const CLINIC_KIND_LABELS: Record<ClinicKind, string> = {
  camp: 'Camp',
  clinic: 'Clinic',
  event: 'Event',
}

/** True once the last day of the entry is over at the club (its `endDate` is before today). */
export function isPastClinic(clinic: Pick<Clinic, 'endDate'>, now: Date): boolean {
  return clinic.endDate < clubToday(now)
}
