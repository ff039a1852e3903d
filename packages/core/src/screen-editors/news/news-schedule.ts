import type { NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { clubToday, formatClubDateTime } from '../../club/club-time.ts'
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

/**
 * Every post, published or not, with its state: drafts and scheduled posts first (soonest
 * first, then drafts as stored), then the published ones in the order given.
 */
export function newsEntries(
  published: readonly NewsPost[],
  drafts: readonly NewsDraft[],
): NewsEntry[] {
  const waiting = drafts
    .map((post, index) => ({ post, state: draftState(post), index }))
    .sort(
      (a, b) =>
        (publishTime(a.post) ?? Infinity) - (publishTime(b.post) ?? Infinity) || a.index - b.index,
    )
    .map(({ post, state }) => ({ post, state }))
  return [...waiting, ...published.map((post) => ({ post, state: 'published' as const }))]
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
