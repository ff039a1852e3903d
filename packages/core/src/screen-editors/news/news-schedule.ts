import type { NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { clubDateParts, clubToday, formatClubDateTime } from '../../club/club-time.ts'
import { fromClubInputValue } from '../shared/club-datetime.ts'

/*
 * Drafts and scheduled posts (the staff-only `newsDrafts` document) as the news editor sees
 * them. The database publishes; this only reads and prepares (no clock of its own: `now` is
 * always given).
 */

/** Where a post stands: on the site, waiting for its time, or a draft. */
export type NewsPostState = 'published' | 'scheduled' | 'draft'

/** A post of either document, with where it stands. */
export type NewsEntry = { post: NewsDraft; state: NewsPostState }

/** The instant a draft is scheduled for (ms since the epoch), or undefined for a draft. */
export function publishTime(draft: NewsDraft): number | undefined {
  if (!draft.publishAt) return undefined
  const time = Date.parse(draft.publishAt)
  return Number.isNaN(time) ? undefined : time
}

/** Whether a draft is scheduled or only a draft. */
export function draftState(draft: NewsDraft): Exclude<NewsPostState, 'published'> {
  return publishTime(draft) === undefined ? 'draft' : 'scheduled'
}

/** When the next scheduled post falls due (ms since the epoch), or undefined when none waits. */
export function nextDueAt(drafts: readonly NewsDraft[]): number | undefined {
  let next: number | undefined
  for (const draft of drafts) {
    const time = publishTime(draft)
    if (time !== undefined && (next === undefined || time < next)) next = time
  }
  return next
}

/** Whether a post scheduled before `now` still waits among the drafts. */
export function hasDue(drafts: readonly NewsDraft[], now: number): boolean {
  const next = nextDueAt(drafts)
  return next !== undefined && next <= now
}

/**
 * `post` scheduled for `at` (an instant): its date becomes the club's date at that time, so
 * that it is listed as new when it appears.
 */
export function scheduled(post: NewsPost, at: string): NewsDraft {
  return { ...asDraft(post), date: clubToday(new Date(at)), publishAt: at }
}

/** `post` as a plain draft (no time). */
export function asDraft(post: NewsDraft): NewsDraft {
  const { publishAt: _time, ...rest } = post
  return rest
}

/** `post` as it is published now: dated today at the club, with no time left on it. */
export function publishedNow(post: NewsDraft, now: Date): NewsDraft {
  return { ...asDraft(post), date: clubToday(now) }
}

/** What a `datetime-local` value (club time) gives as a schedule: the instant, or why not. */
export type ScheduleCheck = { ok: true; at: string } | { ok: false; message: string }

/**
 * Checks a publish time typed in club time against `now`.
 *
 * @example
 * checkScheduleInput('2026-06-01T08:00', new Date('2026-05-01T12:00:00Z')) // { ok: true, at: '2026-06-01T12:00:00.000Z' }
 */
export function checkScheduleInput(value: string, now: Date): ScheduleCheck {
  if (value.trim() === '') return { ok: false, message: 'Choose the date and time to publish at.' }
  const at = fromClubInputValue(value)
  if (!at) return { ok: false, message: 'That is not a date and time.' }
  if (Date.parse(at) <= now.getTime()) {
    return { ok: false, message: 'That time has passed. Choose a later one, or Publish now.' }
  }
  return { ok: true, at }
}

/** How a post's state reads in the editor: "Scheduled for June 1, 2026, 8:00 AM (club time)". */
export function stateLabel(entry: NewsEntry): string {
  if (entry.state === 'published') return 'Published'
  if (entry.state === 'draft') return 'Draft: not on the site'
  return `Scheduled for ${formatClubDateTime(entry.post.publishAt ?? '')}`
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An instant as a scheduled post's message names it, in club time: "Sat, Dec 6, 7:00 AM". */
export function shortClubDateTime(isoDateTime: string): string {
  const time = Date.parse(isoDateTime)
  if (Number.isNaN(time)) return isoDateTime
  const { year, month, day, hour, minute } = clubDateParts(new Date(time))
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  const minutes = String(minute).padStart(2, '0')
  return `${weekday}, ${MONTHS[month - 1]} ${day}, ${hour12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`
}

/**
 * What saving a post that is not published says once stored, instead of "now live": a
 * scheduled post names its time, a draft says it is one. Only staff can see either.
 *
 * @example
 * draftSavedMessage({ ...draft, publishAt: '2026-12-06T12:00:00Z' })
 * // { title: 'Post scheduled', description: 'Scheduled for Sun, Dec 6, 7:00 AM. Only staff can see it until then.' }
 */
export function draftSavedMessage(draft: NewsDraft): { title: string; description: string } {
  return draft.publishAt
    ? {
        title: 'Post scheduled',
        description: `Scheduled for ${shortClubDateTime(draft.publishAt)}. Only staff can see it until then.`,
      }
    : {
        title: 'Draft saved',
        description: 'It is not on the site. Only staff can see it until it is published.',
      }
}
