import { z } from 'zod'

import { ALERT_TYPES, morePagesSchema, targetPageSchema } from '../../entities/alert.ts'
import type { Alert, AlertType } from '../../entities/alert.ts'
import { textNamed } from '../../entities/common.ts'
import { newsPostSchema } from '../../entities/news-post.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { clubToday } from '../../club/club-time.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { cleanAlert, validateAlert } from '../alerts/alert-validation.ts'
import { articlePath, slugify, uniqueSlug } from '../news/news-slug.ts'
import { schemaErrors } from '../shared/schema-errors.ts'

/**
 * What the announcement composer edits: one text that becomes a news post and, with a link to
 * it, a site alert.
 */
export type AnnouncementForm = {
  title: string
  /** The post's text; paragraphs are separated by an empty line. */
  text: string
  /** A shorter text for the alert; `''` takes the start of the post's text. */
  alertMessage: string
  /** Who the post is by; may be empty. */
  author: string
  /** When the alert starts showing (ISO 8601); the post is dated this day, club time. */
  startsAt: string
  /** When the alert stops showing (ISO 8601). The post stays. */
  endsAt: string
  /** The page the alert is limited to; `''` shows it on every page. */
  targetPage: string
  /** Further pages it shows on, beside `targetPage` (the alert's `morePages`). */
  morePages: string[]
  type: AlertType
  isPinned: boolean
  showInCarousel: boolean
}

/** The fields the composer can show a problem next to. */
export type AnnouncementField =
  'title' | 'text' | 'alertMessage' | 'author' | 'startsAt' | 'endsAt' | 'targetPage'

/** The problems of values, by field, in words for the editor; empty when it can be published. */
export type AnnouncementErrors = Partial<Record<AnnouncementField | 'announcement', string>>

/** The post and the alert an announcement becomes, and the two documents with them in. */
export type Announcement = { post: NewsPost; alert: Alert }

/** How long an announcement's alert shows unless told otherwise: a week. */
export const ANNOUNCEMENT_DAYS = 7
/** The longest alert message taken from the post's text, in characters. */
export const ALERT_SUMMARY_LENGTH = 200
/** What the alert's link says. */
export const ANNOUNCEMENT_LINK_TEXT = 'Read more'

const DAY = 86_400_000

/**
 * The limits of values, from the schemas of the post and the alert it becomes (their words
 * too): the title and author are the post's, the text and the alert text plain texts, and the
 * pages the alert's.
 */
const formLimits = z.object({
  title: newsPostSchema.shape.title,
  text: textNamed('the text'),
  alertMessage: textNamed('the alert text'),
  author: newsPostSchema.shape.author,
  morePages: morePagesSchema({ orEveryPage: false }),
})

/**
 * An empty announcement starting now (on the minute, so the time input shows exactly what is
 * stored) and showing its alert for {@link ANNOUNCEMENT_DAYS} days, on every page.
 *
 * @example
 * newAnnouncementForm(new Date('2026-12-01T15:00:30Z')).startsAt // '2026-12-01T15:00:00.000Z'
 */
export function newAnnouncementForm(now: Date): AnnouncementForm {
  const start = Math.floor(now.getTime() / 60_000) * 60_000
  return {
    title: '',
    text: '',
    alertMessage: '',
    author: '',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + ANNOUNCEMENT_DAYS * DAY).toISOString(),
    targetPage: '',
    morePages: [],
    type: 'registration',
    isPinned: false,
    showInCarousel: false,
  }
}

/**
 * The post's paragraphs: the text split at empty lines, each paragraph's lines joined with a
 * space (the article shows paragraphs, not line breaks), empty ones dropped.
 *
 * @example
 * paragraphsOf('Tryouts moved.\n\nSee the\nnew dates.') // ['Tryouts moved.', 'See the new dates.']
 */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '')
}

/**
 * The start of a text, at most `max` characters, cut at a word and marked with "…" when cut.
 *
 * @example
 * summaryOf('Fields are closed today because of rain.', 20) // 'Fields are closed…'
 */
export function summaryOf(text: string, max = ALERT_SUMMARY_LENGTH): string {
  const flat = (paragraphsOf(text)[0] ?? '').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)).replace(/[\s,.;:–-]+$/, '')
  return `${atWord || cut}…`
}

/** The alert's message: the shorter text if one is given, else the start of the post. */
export function alertMessageOf(form: Pick<AnnouncementForm, 'alertMessage' | 'text'>): string {
  const own = form.alertMessage.trim()
  return own === '' ? summaryOf(form.text) : own
}

/**
 * The address the post will have: made from the title, and not one another post uses.
 *
 * @example
 * announcementSlug('Tryouts Moved!', [{ slug: 'tryouts-moved' }]) // 'tryouts-moved-2'
 */
export function announcementSlug(title: string, posts: readonly Pick<NewsPost, 'slug'>[]): string {
  return uniqueSlug(
    slugify(title) || 'announcement',
    posts.map((post) => post.slug),
  )
}

/**
 * Checks values before publishing: a title and a text, their lengths, an author that fits,
 * dates with the end after the start, and a target page the site has. Anything the stored
 * schemas would still refuse is reported under `announcement`.
 *
 * @example
 * validateAnnouncement({ ...values, title: '' }) // { title: 'Give the announcement a title.' }
 */
export function validateAnnouncement(form: AnnouncementForm): AnnouncementErrors {
  const errors: AnnouncementErrors = {}
  const title = form.title.trim()
  const refused = schemaErrors(formLimits, {
    title,
    text: form.text,
    alertMessage: form.alertMessage,
    author: form.author.trim(),
    morePages: form.targetPage === '' ? [] : form.morePages,
  })
  if (title === '') errors.title = 'Give the announcement a title.'
  else if (refused.title) errors.title = refused.title
  if (paragraphsOf(form.text).length === 0) errors.text = 'Write what families need to know.'
  else if (refused.text) errors.text = refused.text
  if (refused.alertMessage) errors.alertMessage = refused.alertMessage
  if (refused.author) errors.author = refused.author
  const start = Date.parse(form.startsAt)
  const end = Date.parse(form.endsAt)
  if (form.startsAt === '' || Number.isNaN(start)) errors.startsAt = 'Choose when it starts.'
  if (form.endsAt === '' || Number.isNaN(end)) errors.endsAt = 'Choose when the alert ends.'
  else if (!Number.isNaN(start) && end <= start) {
    errors.endsAt = 'The end must be after the start.'
  }
  const pages = form.targetPage === '' ? [] : [form.targetPage, ...form.morePages]
  if (pages.some((page) => !targetPageSchema.safeParse(page).success)) {
    errors.targetPage = 'Choose a page from the list.'
  } else if (refused.morePages) errors.targetPage = refused.morePages
  if (!ALERT_TYPES.includes(form.type)) errors.announcement = 'Choose the kind of alert.'
  return errors
}

/**
 * The news post and the alert a valid form becomes. The post is dated the start's day at the
 * club, has one paragraph block per paragraph, an excerpt from the text and an address no
 * other post uses; the alert is a general one of the chosen type, active, linking to the post.
 * Throws when the values are not valid (see {@link validateAnnouncement}) or the result would
 * not be stored.
 *
 * @example
 * const { post, alert } = composeAnnouncement(values, { posts: newsPosts })
 * save([{ key: 'newsPosts', document: [post, ...newsPosts] }, { key: 'alerts', document: [alert, ...alerts] }])
 */
export function composeAnnouncement(
  form: AnnouncementForm,
  context: {
    /** The stored posts: the new post's address must differ from theirs. */
    posts: readonly Pick<NewsPost, 'slug'>[]
    /** Makes ids; random by default. */
    newId?: (prefix: string) => string
  },
): Announcement {
  const problems = validateAnnouncement(form)
  if (Object.keys(problems).length > 0) {
    throw new Error(`The announcement is not ready: ${Object.values(problems).join(' ')}`)
  }
  const newId = context.newId ?? uniqueId
  const title = form.title.trim()
  const slug = announcementSlug(title, context.posts)
  const paragraphs = paragraphsOf(form.text)
  const post: NewsPost = {
    id: newId('post'),
    slug,
    title,
    cardTitle: '',
    author: form.author.trim(),
    date: clubToday(new Date(form.startsAt)),
    imageUrl: '',
    cardImageUrl: '',
    excerpt: summaryOf(form.text),
    cardExcerpt: '',
    showInCarousel: form.showInCarousel,
    content: paragraphs.map((text) => ({
      id: newId('block'),
      type: 'paragraph' as const,
      colorClass: '',
      text,
    })),
  }
  const alert = cleanAlert({
    id: newId('alert'),
    alert_category: 'general',
    status_type: null,
    type: form.type,
    title,
    message: alertMessageOf(form),
    startDate: new Date(form.startsAt).toISOString(),
    endDate: new Date(form.endsAt).toISOString(),
    isActive: true,
    isPinned: form.isPinned,
    link: articlePath(slug),
    linkText: ANNOUNCEMENT_LINK_TEXT,
    targetPage: form.targetPage,
    morePages: form.morePages,
  })
  const alertProblems = validateAlert(alert)
  if (Object.keys(alertProblems).length > 0 || !newsPostSchema.safeParse(post).success) {
    throw new Error('The announcement cannot be stored as it is.')
  }
  return { post, alert }
}
