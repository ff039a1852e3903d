import type { PostgrestClient } from '@supabase/postgrest-js'

import { RULE_MESSAGES } from './form-submission.ts'
import type { FormFailure, FormSendResult, FormSubmission } from './form-submission.ts'

/** How long a send may take before the visitor is told it failed (and may retry). */
export const FORM_SEND_TIMEOUT_MS = 15_000

type PostgrestLikeError = { code?: string; message: string; details?: string | null }

const UNREACHABLE = "We could not reach the club's server. Check your connection, then try again."
const SERVER_FAILED = "The club's server could not take your message just now. Please try again."
const SENDER_LIMIT = (minutes: number) =>
  `You have sent several messages in the last few minutes. Please try again in ${
    minutes === 1 ? 'a minute' : `about ${minutes} minutes`
  }.`
const OVERALL_LIMIT =
  'The club is receiving a lot of messages right now. Please try again in a minute.'

function retryDetail(details: string | null | undefined): {
  limit?: unknown
  retry_after_seconds?: unknown
} {
  try {
    const parsed: unknown = JSON.parse(details ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? parsed : {}
  } catch {
    return {}
  }
}

/** Turns PostgREST's answer into what the form shows. Exported for its unit test. */
export function classifySendError(error: PostgrestLikeError, status: number): FormFailure {
  if (status === 429 || error.code === 'PT429') {
    const detail = retryDetail(error.details)
    const seconds =
      typeof detail.retry_after_seconds === 'number' && detail.retry_after_seconds > 0
        ? Math.ceil(detail.retry_after_seconds)
        : undefined
    const message =
      detail.limit === 'overall'
        ? OVERALL_LIMIT
        : detail.limit === 'sender'
          ? SENDER_LIMIT(Math.max(1, Math.ceil((seconds ?? 60) / 60)))
          : error.message
    return { status: 'rate-limited', message, retryAfterSeconds: seconds }
  }
  if (status === 400 || status === 413) {
    const rule = Object.keys(RULE_MESSAGES).find((name) => error.message.includes(name))
    const known = rule ? RULE_MESSAGES[rule] : undefined
    return {
      status: 'invalid',
      field: known?.field,
      message: known?.message ?? `The club's server refused the form: ${error.message}`,
    }
  }
  return { status: 'network-error', message: status === 0 ? UNREACHABLE : SERVER_FAILED }
}

/**
 * IMPORTANT: the only code that touches `form_submissions`. Visitors may only add rows
 * (the database refuses them a read), so a send never asks for the row back.
 *
 * @example
 * const forms = createFormSubmissions(client)
 * const result = await forms.send(toSubmission('contact', values))
 * if (result.status === 'rate-limited') show(result.message)
 *
 * `client` is supabase-js's PostgREST client alone (visitors) or the full client; both
 * have the same `from()`.
 */
export function createFormSubmissions(
  client: Pick<PostgrestClient, 'from'>,
  options: { timeoutMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? FORM_SEND_TIMEOUT_MS
  return {
    /** Sends one submission; never throws. */
    async send(submission: FormSubmission): Promise<FormSendResult> {
      try {
        const { error, status } = await client
          .from('form_submissions')
          .insert(submission)
          .abortSignal(AbortSignal.timeout(timeoutMs))
        return error ? classifySendError(error, status) : { status: 'sent' }
      } catch {
        // postgrest-js returns network failures and timeouts as status 0; this is for
        // anything else (an old browser without AbortSignal.timeout), so a form never throws.
        return { status: 'network-error', message: UNREACHABLE }
      }
    },
  }
}

/** The form submissions repository. */
export type FormSubmissions = ReturnType<typeof createFormSubmissions>
