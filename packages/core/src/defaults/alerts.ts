import type { Alert } from '../entities/alert.ts'
import { SAMPLE_ALERT_WINDOW, WEATHER_POLICY } from '../club/club-facts.ts'
import { paths } from '../routing/public-paths.ts'

/*
 * An alert's `startDate` is when it was posted: the live-updates page shows it as such. The
 * samples were posted on dates of the sample season (the game-day status on the Friday
 * morning the fields were checked, see fields-content.ts; the others on the days of the news
 * posts they go with). The general ones end far in the future, so they show from then on,
 * whatever the date. The game-day status is a decision for its day, as every status is: it
 * ends with November 20, 2026 at the club, so on any other day a fresh install's status line
 * says that no status is posted for today, never that Friday's "Games are on" is today's.
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
    // The end of November 20, 2026 in New York (EST, UTC-5).
    endDate: '2026-11-21T04:59:59.999Z',
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
    // The sample programs have no registration link (see club-details.ts): the alert says
    // registration is coming, never that it is open (README, "Sample content").
    title: 'Spring registration opens soon',
    message:
      'Tee Ball, recreation baseball and recreation softball links are coming. Each program page says how to ask meanwhile.',
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
