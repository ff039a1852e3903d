import type { Alert } from '../entities/alert.ts'
import { SAMPLE_ALERT_WINDOW, WEATHER_POLICY } from './constants.ts'

/**
 * Sample alerts of both categories. They share {@link SAMPLE_ALERT_WINDOW}, which spans any
 * realistic "now", so they stay visible whatever the date without reading the clock at import.
 */
export const defaultAlerts: Alert[] = [
  {
    id: 'alert-game-status',
    alert_category: 'status',
    status_type: 'game-on',
    type: 'weather',
    title: 'Games are on as scheduled',
    message: `Fields are open today. If that changes, we will post here by ${WEATHER_POLICY.leagueCancellationsBy}.`,
    ...SAMPLE_ALERT_WINDOW,
    isActive: true,
    isPinned: true,
    link: '/schedule',
    linkText: 'View the schedule',
  },
  {
    id: 'alert-registration-open',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Registration is open',
    message: 'Sign up for Tee Ball, recreation baseball and recreation softball before teams fill.',
    ...SAMPLE_ALERT_WINDOW,
    isActive: true,
    isPinned: false,
    link: '/programs',
    linkText: 'See programs',
  },
  {
    id: 'alert-weather-policy',
    alert_category: 'general',
    status_type: null,
    type: 'urgent',
    title: 'Check field status before you leave',
    message: `Lightning stops play: we resume ${WEATHER_POLICY.lightningWaitMinutes} minutes after the last lightning or thunder.`,
    ...SAMPLE_ALERT_WINDOW,
    isActive: true,
    isPinned: false,
    link: '/rules-faq#weather-policy',
    linkText: 'Read the weather policy',
    targetPage: '/fields',
  },
]
