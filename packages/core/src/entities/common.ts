import { z } from 'zod'

import { classifyLink, isAllowedImageSrc, MAX_URL } from './links.ts'
import { formatCount } from './counts.ts'

/*
 * Building blocks shared by the content schemas. Lengths are capped so that a huge stored
 * string is rejected (and repaired) instead of being rendered, and every check is a single
 * linear pass, so that validation time stays proportional to the input.
 */

/** Longest title, label or name. */
export const MAX_SHORT_TEXT = 300
/** Longest plain-text paragraph or description. */
export const MAX_TEXT = 10_000
/** Longest HTML fragment (list item, weather-policy section, reminder). */
export const MAX_HTML = 50_000
export { MAX_URL }
/** Longest URL slug (a news post's address, a team's id). */
export const MAX_SLUG = 100

/**
 * What a form says when `what` is longer than `max`: "Keep the title to 300 characters." The one
 * wording of every length limit; the forms read it from the schemas (screen-editors/shared/
 * schema-errors.ts).
 */
export function tooLongMessage(what: string, max: number): string {
  return `Keep ${what} to ${formatCount(max)} characters.`
}

/**
 * A string of at most `max` characters that matches `pattern` (tested only when short enough).
 * `tooLong` is what a form says when it is longer.
 */
export function patternString(pattern: RegExp, max: number, message: string, tooLong?: string) {
  return z
    .string()
    .max(max, tooLong === undefined ? undefined : { message: tooLong })
    .refine((value) => value.length <= max && pattern.test(value), { message })
}

/** Identifier of an item inside a document: letters, digits, `-` and `_` (uuids and nanoids fit). */
export const idSchema = patternString(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 100, 'Invalid id')

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A URL slug: lower-case words joined by single hyphens. */
export const slugSchema = patternString(SLUG, MAX_SLUG, 'Invalid slug')

/** A slug that a form calls `what` ("the address") when it is too long. */
export const slugNamed = (what: string) =>
  patternString(SLUG, MAX_SLUG, 'Invalid slug', tooLongMessage(what, MAX_SLUG))

/** A title, label or name. */
export const shortTextSchema = z.string().max(MAX_SHORT_TEXT)

/** A title, label or name that a form calls `what` ("the title") when it is too long. */
export const shortTextNamed = (what: string) =>
  z.string().max(MAX_SHORT_TEXT, { message: tooLongMessage(what, MAX_SHORT_TEXT) })

/** A plain-text paragraph or description. */
export const textSchema = z.string().max(MAX_TEXT)

/** A plain text that a form calls `what` ("the summary") when it is too long. */
export const textNamed = (what: string) =>
  z.string().max(MAX_TEXT, { message: tooLongMessage(what, MAX_TEXT) })

/** Paragraphs of plain text, in order. */
export const paragraphsSchema = z.array(textNamed('each paragraph')).max(200)

/** An HTML fragment. Stored as written; pages sanitize it when they render it. */
export const htmlSchema = z.string().max(MAX_HTML)

/** An HTML fragment that a form calls `what` ("each item") when it is too long. */
export const htmlNamed = (what: string) =>
  z.string().max(MAX_HTML, { message: tooLongMessage(what, MAX_HTML) })

// Stored links are stricter than what the classifier lets render: no spaces (but in phone
// numbers), quotes, angle brackets or backticks, and anchors are plain ids.
const PLAIN_CHARS = /^[^\s<>"'\x60]+$/
const ANCHOR = /^#[A-Za-z][\w-]*$/
const PHONE = /^tel:\+?[0-9 ().-]+$/

/** True when `value` is a link content may store (see {@link classifyLink} for the rules). */
function isStorableLink(value: string): boolean {
  const { kind } = classifyLink(value)
  switch (kind) {
    case 'refused':
      return false
    case 'anchor':
      return ANCHOR.test(value)
    case 'tel':
      return PHONE.test(value)
    default:
      return PLAIN_CHARS.test(value)
  }
}

function isStorableImageSrc(value: string): boolean {
  return isAllowedImageSrc(value) && PLAIN_CHARS.test(value)
}

/** A string of at most `max` characters (or `''`, when allowed) that passes `check`. */
function checkedString(check: (value: string) => boolean, allowEmpty: boolean, message: string) {
  return z
    .string()
    .max(MAX_URL)
    .refine((value) => (value === '' ? allowEmpty : value.length <= MAX_URL && check(value)), {
      message,
    })
}

/**
 * Where a link may point: a site path such as `/programs` or `/rules-faq#weather-policy`, an
 * `#anchor`, an `http(s)` address, or a `mailto:`/`tel:` link. Never `javascript:`, `data:` or
 * an address that only looks like a site path (`//host`, `/\host`).
 */
export const linkSchema = checkedString(isStorableLink, false, 'Invalid link')

/** A link, or `''` for "no link". */
export const linkOrEmptySchema = checkedString(isStorableLink, true, 'Invalid link')

/** Where an image comes from: a site path such as `/images/logo.svg`, or an `http(s)` address. */
export const imageSrcSchema = checkedString(isStorableImageSrc, false, 'Invalid image address')

/** An image address, or `''` for "no image" (pages then show a placeholder). */
export const imageSrcOrEmptySchema = checkedString(
  isStorableImageSrc,
  true,
  'Invalid image address',
)

/** A CSS colour in hex notation: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const hexColorSchema = patternString(
  /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
  9,
  'Invalid colour',
)

/**
 * A list of CSS class names (e.g. `text-slate-800 font-bold`), or `''`. Quotes, angle brackets,
 * semicolons and parentheses are refused so a class can never break out of its attribute.
 */
export const classListSchema = patternString(
  /^[A-Za-z0-9_:\-/[\]#.% ]*$/,
  MAX_SHORT_TEXT,
  'Invalid class list',
)

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** A calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = z
  .string()
  .max(10)
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), {
    message: 'Invalid date (expected YYYY-MM-DD)',
  })

/**
 * A date and time in ISO 8601 form, e.g. `2026-05-01T14:00:00.000Z`. A value without an offset
 * (as a `datetime-local` input produces) is read in the visitor's time zone.
 */
export const isoDateTimeSchema = z
  .string()
  .max(40)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?$/.test(
        value,
      ) &&
      isCalendarDate(value) &&
      Number.isFinite(Date.parse(value)),
    { message: 'Invalid date and time (expected ISO 8601)' },
  )

/** A time of day as shown to visitors, e.g. `3:00 PM`. */
export const timeOfDaySchema = patternString(
  /^(?:1[0-2]|[1-9]):[0-5]\d (?:AM|PM)$/,
  8,
  'Invalid time (expected e.g. 3:00 PM)',
)

/** An e-mail address, or `''`. Deliberately loose: the mail server is the real judge. */
export const emailOrEmptySchema = patternString(
  /^(?:[^\s@<>"']+@[^\s@<>"'.]+(?:\.[^\s@<>"'.]+)+)?$/,
  254,
  'Invalid e-mail address',
)

/** A phone number as typed (digits, spaces, `+ ( ) - .`), or `''`. */
export const phoneOrEmptySchema = patternString(/^[0-9 +().-]*$/, 40, 'Invalid phone number')

/** Button styles that content may ask for. */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline'] as const
/** How a content button is styled. */
export const buttonVariantSchema = z.enum(BUTTON_VARIANTS)
/** How a content button is styled. */
export type ButtonVariant = z.infer<typeof buttonVariantSchema>
