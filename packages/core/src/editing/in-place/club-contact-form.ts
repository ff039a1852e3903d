import {
  addressLineSchema,
  clubEmailOrEmptySchema,
  type ClubContact,
} from '../../entities/home-content.ts'
import { phoneOrEmptySchema } from '../../entities/common.ts'
import { phoneHref } from '../../pages/shared/club-contact.ts'

/*
 * The club's contact details as the contact details panel edits them (`content.contact`): the
 * controls hold typed text, and this module reads it against the entity's schemas. Pure.
 */

/** What the panel's controls hold, as typed. */
export type ClubContactForm = {
  email: string
  phone: string
  /** The mailing address, one line per line; the club's name is added by the pages. */
  mailingAddress: string
}

/** A problem with one control's value, in words. */
export type ClubContactProblems = Partial<Record<keyof ClubContactForm, string>>

/** The most lines a mailing address may have. */
export const MAX_ADDRESS_LINES = 6

/** The controls' values for the stored details (none stored: all empty). */
export function clubContactForm(contact: ClubContact | undefined): ClubContactForm {
  return {
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    mailingAddress: (contact?.mailingAddress ?? []).join('\n'),
  }
}

/**
 * Reads the panel's values: the details to store (each trimmed, `''` / `[]` for one left
 * empty), or a problem in words for each control whose value cannot be stored (nothing is
 * stored then, and nothing typed is lost).
 *
 * @example
 * readClubContact({ email: ' info@ourclub.org ', phone: '', mailingAddress: 'PO Box 12\n\nRockville, MD 20849' })
 * // { ok: true, contact: { email: 'info@ourclub.org', phone: '', mailingAddress: ['PO Box 12', 'Rockville, MD 20849'] } }
 */
export function readClubContact(
  form: ClubContactForm,
): { ok: true; contact: ClubContact } | { ok: false; problems: ClubContactProblems } {
  const problems: ClubContactProblems = {}
  const email = form.email.trim()
  if (!clubEmailOrEmptySchema.safeParse(email).success)
    problems.email =
      'Enter one email address, such as info@yourclub.org (letters, digits and . _ + - only), or leave it empty.'
  const phone = form.phone.replace(/\s+/g, ' ').trim()
  if (phone !== '' && (!phoneOrEmptySchema.safeParse(phone).success || !phoneHref(phone)))
    problems.phone =
      'Enter a phone number of 7 to 15 digits, such as (301) 555-0142 (digits, spaces and + ( ) - . only), or leave it empty.'
  const lines = form.mailingAddress
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  if (lines.length > MAX_ADDRESS_LINES)
    problems.mailingAddress = `Enter the mailing address in at most ${MAX_ADDRESS_LINES} lines.`
  else if (lines.some((line) => !addressLineSchema.safeParse(line).success))
    problems.mailingAddress = 'Keep each line of the mailing address to 120 characters at most.'
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return { ok: true, contact: { email, phone, mailingAddress: lines } }
}
