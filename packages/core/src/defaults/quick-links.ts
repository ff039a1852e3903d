import type { QuickLink } from '../entities/quick-link.ts'
import { paths } from '../routing/public-paths.ts'

/** The home page's four quick links. */
export const defaultQuickLinks: QuickLink[] = [
  {
    id: 'registration',
    label: 'Registration',
    description: 'Register for the season, or see when registration opens.',
    link: paths.programs('registration'),
    icon: 'clipboard',
  },
  {
    id: 'schedules',
    label: 'Schedules',
    description: 'Games and practices for every team, with calendar files.',
    link: paths.schedule(),
    icon: 'calendar',
  },
  {
    id: 'fields',
    label: 'Fields',
    description: 'Directions and today’s field status.',
    link: paths.fields('field-status'),
    icon: 'map-pin',
  },
  {
    id: 'news',
    label: 'News',
    description: 'Announcements, results and club updates.',
    link: paths.news(),
    icon: 'newspaper',
  },
]
