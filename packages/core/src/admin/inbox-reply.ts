import { PROGRAM_FACTS } from '../club/club-facts.ts'
import { formatClubDateTime } from '../club/club-time.ts'
import type { FormSubmission } from './form-inbox.ts'

/** What each kind of message is called in the inbox. */
export const KIND_LABEL = {
  contact: 'Contact message',
  'registration-interest': 'Registration interest',
} as const

/** How much of a message a reply quotes: mail apps refuse very long mailto: addresses. */
export const REPLY_QUOTE_LIMIT = 1500

/**
 * A program's name as families know it ("recreation-softball" → "Recreation Softball"); a
 * slug the club does not know any more is shown with its words capitalised.
 */
export function programName(slug: string): string {
  const known = Object.hasOwn(PROGRAM_FACTS, slug)
    ? PROGRAM_FACTS[slug as keyof typeof PROGRAM_FACTS].name
    : undefined
  return (
    known ??
    slug
      .split('-')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  )
}

/** The subject of a reply: "Re: Registration interest: Recreation Softball". */
export function replySubject(item: Pick<FormSubmission, 'kind' | 'program'>): string {
  if (item.kind === 'contact') return 'Re: Your message'
  return `Re: ${KIND_LABEL[item.kind]}${item.program ? `: ${programName(item.program)}` : ''}`
}

/** The reply's text: a greeting, room to write, then the message quoted line by line. */
export function replyBody(
  item: Pick<FormSubmission, 'name' | 'message' | 'createdAt'>,
  limit = REPLY_QUOTE_LIMIT,
): string {
  const first = item.name.trim().split(/\s+/)[0] ?? ''
  const text =
    item.message.length > limit ? `${item.message.slice(0, limit).trimEnd()} […]` : item.message
  const quoted = text
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\r\n')
  const intro = `On ${formatClubDateTime(item.createdAt)}, ${item.name.trim()} wrote:`
  return [`Hi ${first},`, '', '', '', intro, ...(quoted ? [quoted] : [])].join('\r\n')
}

/**
 * A mailto: address that opens the mail app with the reply ready: the sender's address,
 * the subject and the quoted message, each percent-encoded (RFC 6068), so nothing the sender
 * typed (`&`, `?`, `#`, line breaks) can add a header or cut the address short.
 *
 * @example
 * replyHref({ email: 'pat@example.com', kind: 'contact', … })
 * // 'mailto:pat@example.com?subject=Re%3A%20Your%20message&body=Hi%20Pat%2C…'
 */
export function replyHref(
  item: Pick<FormSubmission, 'email' | 'kind' | 'program' | 'name' | 'message' | 'createdAt'>,
): string {
  const to = encodeURIComponent(item.email).replace(/%40/g, '@')
  return `mailto:${to}?subject=${encodeURIComponent(replySubject(item))}&body=${encodeURIComponent(replyBody(item))}`
}
