import { endOfClubDay } from '../../club/status-day.ts'
import type { Alert } from '../../entities/alert.ts'
import { MAX_SHORT_TEXT, MAX_TEXT } from '../../entities/common.ts'
import type { Field, FieldStatus } from '../../entities/fields-content.ts'
import { paths } from '../../routing/public-paths.ts'

/** Where the alert sends families: the status list of the Facilities page. */
export const FIELD_STATUS_LINK = paths.fields('field-status')

/** How the ids of the alerts this editor posts begin, so a later publish can replace them. */
export const FIELD_STATUS_ALERT_PREFIX = 'alert-field-status-'

/*
 * The status types the alerts bar and the live-updates page colour (KNOWN_STATUS_TYPES): the
 * sample game-day alert uses `game-on`, so a publish reads the same way. The worst status among
 * the changed fields decides, since that is what a family needs to know before leaving home.
 */
const STATUS_TYPE: Record<FieldStatus, string> = {
  open: 'game-on',
  'check-back': 'delayed',
  closed: 'game-off',
}
const SEVERITY: Record<FieldStatus, number> = { open: 0, 'check-back': 1, closed: 2 }

const WORDS: Record<FieldStatus, string> = {
  open: 'open',
  closed: 'closed',
  'check-back': 'waiting on a decision: check back later',
}

/** `A`, `A and B`, `A, B and C`. */
function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function title(changed: readonly Field[]): string {
  const statuses = new Set(changed.map((field) => field.status))
  const names = changed.map((field) => field.name.trim())
  const listed = changed.length <= 3 ? nameList(names) : `${changed.length} fields`
  const status = statuses.size === 1 ? changed[0]?.status : undefined
  const plural = changed.length > 1
  const text =
    status === 'check-back'
      ? `Check back on ${listed}`
      : status
        ? `${listed} ${plural ? 'are' : 'is'} ${status}`
        : `Field status update: ${listed}`
  // Long field names can overflow the title; the count always fits.
  if (text.length <= MAX_SHORT_TEXT) return text
  return status === 'check-back'
    ? `Check back on ${changed.length} fields`
    : `Field status update for ${changed.length} fields`
}

function sentence(field: Field): string {
  const reason = field.statusReason.trim()
  const ending = reason === '' ? '' : ` ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`
  return `${field.name.trim()}: ${WORDS[field.status]}.${ending}`
}

function message(changed: readonly Field[]): string {
  const sentences: string[] = []
  let length = 0
  for (const [index, field] of changed.entries()) {
    const next = sentence(field)
    const rest = `…and ${changed.length - index} more on the Facilities page.`
    if (length + next.length + rest.length + 2 > MAX_TEXT) return [...sentences, rest].join(' ')
    sentences.push(next)
    length += next.length + 1
  }
  return sentences.join(' ')
}

/**
 * The status alert matching a publish of field statuses: category `status`, a status type from
 * the worst new status (open → `game-on`, check back → `delayed`, closed → `game-off`), a title
 * and message naming the changed fields with their reasons, pinned, showing from `now` to the
 * end of the club's day (a status is a decision for one day), and linking to the Facilities
 * page's status list.
 *
 * @example
 * fieldStatusAlert([{ ...larkspur, status: 'closed', statusReason: 'Flooded' }], new Date())
 * // { alert_category: 'status', status_type: 'game-off', title: 'Larkspur Field is closed', … }
 */
export function fieldStatusAlert(changed: readonly Field[], now: Date): Alert {
  const worst = changed.reduce<FieldStatus>(
    (found, field) => (SEVERITY[field.status] > SEVERITY[found] ? field.status : found),
    'open',
  )
  return {
    id: `${FIELD_STATUS_ALERT_PREFIX}${now.getTime().toString(36)}`,
    alert_category: 'status',
    status_type: STATUS_TYPE[worst],
    type: 'weather',
    title: title(changed),
    message: message(changed),
    startDate: now.toISOString(),
    endDate: endOfClubDay(now).toISOString(),
    isActive: true,
    isPinned: true,
    link: FIELD_STATUS_LINK,
    linkText: 'Check field status',
  }
}

/** How long the offered alert shows: to the end of today or of tomorrow at the club, or to a chosen time. */
export type AlertRun = 'tonight' | 'tomorrow' | 'chosen'

/**
 * The offered alert set to run `run` from its start: `tonight` (the default: a status is a
 * decision for its club day), `tomorrow` (to the end of the next club day), or `chosen` (to
 * `chosenEnd`, an ISO instant). The two last are explicit ends, which families are shown.
 *
 * @example
 * // Posted at 5:00 PM on December 6, 2026 (New York):
 * alertRunning(alert, 'tomorrow').endDate // '2026-12-08T04:59:59.999Z', 11:59 PM on December 7
 */
export function alertRunning(alert: Alert, run: AlertRun, chosenEnd?: string): Alert {
  const start = new Date(Date.parse(alert.startDate))
  const tonight = endOfClubDay(start)
  if (run === 'tonight') return { ...alert, endDate: tonight.toISOString(), explicitEnd: undefined }
  const endDate =
    run === 'tomorrow'
      ? endOfClubDay(new Date(tonight.getTime() + 1)).toISOString()
      : (chosenEnd ?? alert.endDate)
  return { ...alert, endDate, explicitEnd: true }
}
