import type { Alert } from '../entities/alert.ts'
import { SAMPLE_ALERT_WINDOW, WEATHER_POLICY } from '../club/club-facts.ts'
import { paths } from '../routing/public-paths.ts'

/*
 * An alert's `startDate` is when it was posted: the live-updates page shows it as such. The
 * samples were posted on dates of the sample season (the game-day status on the Friday
 * morning the fields were checked, see fields-content.ts; the others on the days of the news
 * posts they go with) and end far in the future, so they show from then on, whatever the date.
 */

/** Sample alerts of both categories; the game-day status agrees with the sample field status. */
export const defaultAlerts: Alert[] = [
  {
    id: 'alert-game-status',
    alert_category: 'status',
    status_type: 'game-on',
    type: 'weather',
    title: 'Games are on as scheduled',
    message: `Every open field is playable. Larkspur Field waits for the county's ${WEATHER_POLICY.countyWeekdayDecision} decision, and Cedar Bend Park's games are at Hollow Oak Park.`,
    startDate: '2026-11-20T12:15:00.000Z',
    endDate: SAMPLE_ALERT_WINDOW.endDate,
    isActive: true,
    isPinned: true,
    link: paths.fields('field-status'),
    linkText: 'Check field status',
  },
  {
    id: 'alert-registration-open',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Registration is open',
    message: 'Sign up for Tee Ball, recreation baseball and recreation softball before teams fill.',
    startDate: '2026-11-02T13:00:00.000Z',
    endDate: SAMPLE_ALERT_WINDOW.endDate,
    isActive: true,
    isPinned: false,
    link: paths.programs(),
    linkText: 'See programs',
  },
  {
    id: 'alert-weather-policy',
    alert_category: 'general',
    status_type: null,
    type: 'urgent',
    title: 'Check field status before you leave',
    message: `Lightning stops play: we resume ${WEATHER_POLICY.lightningWaitMinutes} minutes after the last lightning or thunder.`,
    startDate: '2026-09-05T12:00:00.000Z',
    endDate: SAMPLE_ALERT_WINDOW.endDate,
    isActive: true,
    isPinned: false,
    link: paths.rulesFaq('weather-policy'),
    linkText: 'Read the weather policy',
    targetPage: paths.fields(),
  },
]
