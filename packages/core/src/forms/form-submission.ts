/**
 * The public site's two forms as data: what a visitor types, what is sent, what comes back,
 * and the checks the forms run before sending. The limits mirror the check constraints of
 * supabase/migrations/20261123000100_form_submissions.sql, which are the real gate; checking
 * here only spares a visitor a round trip. Framework-free and dependency-free.
 */

import { formatCount } from '../entities/counts.ts'

/** The forms of the public site: the `kind` column of `form_submissions`. */
export type FormKind = 'contact' | 'registration-interest'

/** What a visitor typed, as typed. `website` is the honeypot: people never see it. */
export type FormValues = {
  name: string
  email: string
  phone: string
  message: string
  /** A program slug, or '' for "not sure yet". Registration interest only. */
  program: string
  website: string
}

/** The fields a visitor can see and fix. */
export type FormField = 'name' | 'email' | 'phone' | 'message' | 'program'

/** A form with nothing typed. */
export const EMPTY_FORM_VALUES: FormValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
  program: '',
  website: '',
}

/** One row for `form_submissions`, trimmed; empty optional fields are null. */
export type FormSubmission = {
  kind: FormKind
  name: string
  email: string
  phone: string | null
  message: string
  program: string | null
  website: string
}

/** How a send ended. Anything but `sent` leaves the visitor's text in the form. */
export type FormSendResult =
  | { status: 'sent' }
  /** The database's rate limit (HTTP 429); `retryAfterSeconds` when it said. */
  | { status: 'rate-limited'; message: string; retryAfterSeconds: number | undefined }
  /** The database refused the content; `field` when the broken rule names one. */
  | { status: 'invalid'; message: string; field: FormField | undefined }
  /** The server could not be reached or failed; sending again may work. */
  | { status: 'network-error'; message: string }

/** A send that did not store the submission. */
export type FormFailure = Exclude<FormSendResult, { status: 'sent' }>

/**
 * The database's limits, in characters. Counted here in UTF-16 units, as a text field counts
 * them, which is never more lenient than the database's code points; so within these
 * lengths the database's byte cap (`totalBytes`) cannot be reached.
 */
export const FORM_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
  /** Bytes (UTF-8) of name, email, phone, message and program together. */
  totalBytes: 16384,
} as const

const PHONE = /^\+?[0-9 ().-]{7,30}$/
const EMAIL = /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u
const CONTROL = /\p{Cc}/u
const PROGRAM = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Messages for a field that fails a rule; the database's rules get the same words. */
export const FIELD_MESSAGES = {
  nameMissing: 'Please enter your name.',
  nameTooLong: `Please keep your name to ${FORM_LIMITS.name} characters or fewer.`,
  nameControl: 'Your name contains characters we cannot accept.',
  emailMissing: 'Please enter your email address.',
  emailFormat: 'Please enter an email address like name@example.com.',
  phoneFormat:
    'Please enter a phone number of 7 to 30 digits, spaces and + ( ) . - signs, or leave it empty.',
  messageMissing: 'Please enter a message.',
  messageTooLong: `Please keep your message to ${formatCount(FORM_LIMITS.message)} characters or fewer.`,
  tooLarge: 'Your message is too long to send. Please shorten it.',
  program: 'Please choose a program from the list.',
} as const

/** Inline messages, one per field that needs fixing. */
export type FieldErrors = Partial<Record<FormField, string>>

/** The row a form sends: trimmed, with empty optional fields as null. */
export function toSubmission(kind: FormKind, values: FormValues): FormSubmission {
  const phone = values.phone.trim()
  const program = values.program.trim()
  return {
    kind,
    name: values.name.trim(),
    email: values.email.trim(),
    phone: phone === '' ? null : phone,
    message: values.message.trim(),
    program: kind === 'registration-interest' && program !== '' ? program : null,
    website: values.website,
  }
}

/**
 * The checks the database makes, run before sending. `programs` are the slugs the form
 * offers; an empty result means the form may be sent.
 */
export function validateForm(
  kind: FormKind,
  values: FormValues,
  programs: readonly string[] = [],
): FieldErrors {
  const row = toSubmission(kind, values)
  const errors: FieldErrors = {}
  if (row.name === '') errors.name = FIELD_MESSAGES.nameMissing
  else if (row.name.length > FORM_LIMITS.name) errors.name = FIELD_MESSAGES.nameTooLong
  else if (CONTROL.test(row.name)) errors.name = FIELD_MESSAGES.nameControl

  if (row.email === '') errors.email = FIELD_MESSAGES.emailMissing
  else if (row.email.length > FORM_LIMITS.email || !EMAIL.test(row.email))
    errors.email = FIELD_MESSAGES.emailFormat

  if (row.phone !== null && !PHONE.test(row.phone)) errors.phone = FIELD_MESSAGES.phoneFormat

  if (kind === 'contact' && row.message === '') errors.message = FIELD_MESSAGES.messageMissing
  else if (row.message.length > FORM_LIMITS.message) errors.message = FIELD_MESSAGES.messageTooLong

  if (row.program !== null && (!PROGRAM.test(row.program) || !programs.includes(row.program)))
    errors.program = FIELD_MESSAGES.program

  return errors
}

/** The field and words for each check constraint of `form_submissions` a visitor can break. */
export const RULE_MESSAGES: Record<string, { field: FormField | undefined; message: string }> = {
  form_submissions_name_length: {
    field: 'name',
    message: `Please enter your name, in ${FORM_LIMITS.name} characters or fewer.`,
  },
  form_submissions_name_plain: { field: 'name', message: FIELD_MESSAGES.nameControl },
  form_submissions_email_format: { field: 'email', message: FIELD_MESSAGES.emailFormat },
  form_submissions_phone_format: { field: 'phone', message: FIELD_MESSAGES.phoneFormat },
  form_submissions_message_length: { field: 'message', message: FIELD_MESSAGES.messageTooLong },
  form_submissions_message_required: { field: 'message', message: FIELD_MESSAGES.messageMissing },
  form_submissions_program_slug: { field: 'program', message: FIELD_MESSAGES.program },
  form_submissions_total_size: { field: 'message', message: FIELD_MESSAGES.tooLarge },
}
