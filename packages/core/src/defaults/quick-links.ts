import type { QuickLink } from '../entities/quick-link.ts'

/** The home page's four quick links. */
export const defaultQuickLinks: QuickLink[] = [
  {
    id: 'registration',
    label: 'Registration',
    description: 'Find your program and sign up for the season.',
    link: '/programs',
    icon: 'clipboard',
  },
  {
    id: 'schedules',
    label: 'Schedules',
    description: 'Season dates, tryouts and where each team posts its games.',
    link: '/schedule',
    icon: 'calendar',
  },
  {
    id: 'fields',
    label: 'Fields',
    description: 'Directions and today’s field status.',
    link: '/fields#field-status',
    icon: 'map-pin',
  },
  {
    id: 'news',
    label: 'News',
    description: 'Announcements, results and club updates.',
    link: '/news-and-updates',
    icon: 'newspaper',
  },
]
