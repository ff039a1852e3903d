import type { ClubContact } from '../../entities/home-content.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'

/*
 * The club's own contact details (`content.contact`) as pages show them. Each is shown only
 * where set: a page never refers to a detail that is not (no "Email us" without an email, no
 * giving by mail without a mailing address). An address on a domain reserved for examples
 * counts as not set, so sample content never reads as the club's. Pure: pages and tests ask it.
 */

/** The details a page may show; `''` / `[]` for one that is not set. */
export type ShownContact = {
  email: string
  /** The phone number as staff typed it. */
  phone: string
  /** A `tel:` link for the phone (digits only), or `''` when it has too few digits to call. */
  phoneHref: string
  /** The mailing address's lines (without the club's name), blank lines left out. */
  mailingAddress: string[]
}

/** No detail set. */
export const NO_CONTACT: ShownContact = { email: '', phone: '', phoneHref: '', mailingAddress: [] }

/**
 * A `tel:` link for a phone number as typed: its digits, with a leading `+` kept; a
 * ten-digit number is read as a North American one (`+1`). `''` for fewer than 7 digits.
 *
 * @example
 * phoneHref('(301) 555-0142') // 'tel:+13015550142'
 * phoneHref('+44 20 7946 0958') // 'tel:+442079460958'
 */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 7 || digits.length > 15) return ''
  if (phone.trim().startsWith('+')) return `tel:+${digits}`
  if (digits.length === 10) return `tel:+1${digits}`
  return `tel:${digits}`
}

/**
 * The details the stored `content.contact` sets, each trimmed; an unset or sample value as not
 * set.
 *
 * @example
 * shownContact(undefined) // NO_CONTACT
 * shownContact({ email: 'info@example.org', phone: '', mailingAddress: [] }).email // ''
 */
export function shownContact(contact: ClubContact | undefined): ShownContact {
  if (!contact) return NO_CONTACT
  const email = contact.email.trim()
  const phone = contact.phone.trim()
  return {
    email: email && !isPlaceholderLink(email) ? email : '',
    phone: phoneHref(phone) ? phone : '',
    phoneHref: phoneHref(phone),
    mailingAddress: contact.mailingAddress.map((line) => line.trim()).filter(Boolean),
  }
}

/** True when any detail is set. */
export function hasContact(contact: ShownContact): boolean {
  return contact.email !== '' || contact.phone !== '' || contact.mailingAddress.length > 0
}
