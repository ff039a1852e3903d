import { z } from 'zod'
import {
  idSchema,
  isoDateTimeSchema,
  linkOrEmptySchema,
  patternString,
  shortTextNamed,
  textNamed,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** `status` alerts report game or field status; `general` alerts carry any other news. */
export const ALERT_CATEGORIES = ['status', 'general'] as const
/** What an alert is about; pages choose its colour and icon from this. */
export const ALERT_TYPES = ['weather', 'registration', 'urgent'] as const
/** Status types the admin screen offers; stored values are not limited to these. */
export const KNOWN_STATUS_TYPES = ['game-on', 'game-off', 'delayed'] as const

/** A status such as `game-on`, `game-off` or `delayed` (lower-case words joined by hyphens). */
export const statusTypeSchema = patternString(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  50,
  'Invalid status type',
)

/**
 * The page an alert is limited to. The sample content uses route paths such as `/fields`;
 * a page key such as `fields` is accepted too, and matching is left to the alert rules.
 */
export const targetPageSchema = patternString(
  /^\/?[A-Za-z0-9_-]*(?:\/[A-Za-z0-9_-]+)*$/,
  200,
  'Invalid target page',
)

/** The most pages one alert is limited to (its `targetPage` and its `morePages`). */
export const MAX_ALERT_PAGES = 50

/**
 * The pages an alert shows on beside `targetPage`, at most {@link MAX_ALERT_PAGES} in all. The
 * alerts screen adds "or show it on every page" to what it says of too many (`orEveryPage`).
 */
export function morePagesSchema({ orEveryPage }: { orEveryPage: boolean }) {
  const advice = orEveryPage ? ', or show it on every page' : ''
  return z
    .array(targetPageSchema)
    .max(MAX_ALERT_PAGES - 1, { message: `Choose at most ${MAX_ALERT_PAGES} pages${advice}.` })
}

/**
 * A site alert (spec §3). It shows while `isActive` is true and the current time lies between
 * `startDate` and `endDate` (ISO 8601); `targetPage`, when present, limits it to one page, and
 * `morePages` (an addition to the spec, which a reader that does not know it drops) to that
 * page and these. Without a `targetPage` it shows on every page and `morePages` means nothing.
 * `status_type` is set for `status` alerts (e.g. `game-on`) and is normally null for `general`.
 * `link` and `linkText` are `''` when the alert has no link.
 *
 * A `status` alert is a decision for one day: it also ends with the club day it starts on
 * (America/New_York), unless staff gave it an explicit end on purpose (`explicitEnd`), which
 * families are then shown ("until …"). General alerts run to `endDate` and ignore it.
 */
export const alertSchema = z.object({
  id: idSchema,
  alert_category: z.enum(ALERT_CATEGORIES),
  status_type: withNeutral(statusTypeSchema.nullable(), null),
  type: z.enum(ALERT_TYPES),
  title: shortTextNamed('the title'),
  message: textNamed('the message'),
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema,
  isActive: z.boolean(),
  isPinned: withNeutral(z.boolean(), false),
  link: withNeutral(linkOrEmptySchema, ''),
  linkText: withNeutral(shortTextNamed('the link text'), ''),
  targetPage: targetPageSchema.optional(),
  /** Further pages a targeted alert shows on, beside `targetPage` (none: that page only). */
  morePages: morePagesSchema({ orEveryPage: true }).optional(),
  /** A status alert that runs to `endDate` rather than to the end of its day. */
  explicitEnd: z.boolean().optional(),
  /**
   * False when staff chose "Don't notify": publishing or changing this status alert then tells
   * no family by email or push (absent: families who follow its pages are told).
   */
  notifyFamilies: z.boolean().optional(),
})

/** All alerts (content key `alerts`), unique by id. */
export const alertsSchema = uniqueArray(alertSchema, { id: (alert) => alert.id }, 500)

/** A site alert (spec §3). */
export type Alert = z.infer<typeof alertSchema>
/** `status` or `general`. */
export type AlertCategory = (typeof ALERT_CATEGORIES)[number]
/** `weather`, `registration` or `urgent`. */
export type AlertType = (typeof ALERT_TYPES)[number]
