import type { StaffMember } from '../entities/staff.ts'
import { IMAGES } from './images.ts'

function member(id: string, name: string, subtitle: string): StaffMember {
  return { id, name, subtitle, imageUrl: IMAGES.avatars.staff }
}

/** Sample staff (placeholder names). Teams and program pages refer to these ids. */
export const defaultStaff: StaffMember[] = [
  member('program-director', 'J. Whitfield', 'Program Director'),
  member('recruiting-coordinator', 'K. Osei', 'Recruiting Coordinator'),
  member('recreation-coordinator', 'L. Brennan', 'Recreation Coordinator'),
  member('softball-director', 'M. Adeyemi', 'Softball Director'),
  member('coach-rivera', 'Coach A. Rivera', 'Head Coach, Big Train 14U'),
  member('coach-nakamura', 'Coach B. Nakamura', 'Head Coach, Big Train 12U'),
  member('coach-doyle', 'Coach C. Doyle', 'Head Coach, Big Train 10U'),
  member('coach-mensah', 'Coach D. Mensah', 'Head Coach, Flash 18U'),
  member('coach-halvorsen', 'Coach E. Halvorsen', 'Head Coach, Flash 12U'),
  member('coach-ibarra', 'Coach F. Ibarra', 'Head Coach, Select 14U'),
  member('coach-lindgren', 'Coach G. Lindgren', 'Head Coach, Select 13U'),
  member('coach-abernathy', 'Coach H. Abernathy', 'Head Coach, DMV Prospects Class of 2026'),
  member('coach-castellano', 'Coach I. Castellano', 'Head Coach, DMV Prospects Class of 2027'),
  member('coach-okonkwo', 'Coach J. Okonkwo', 'Head Coach, DMV Prospects Class of 2028'),
]
