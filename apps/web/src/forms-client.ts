import type { FormSenderLoader } from '@club/core/forms'

/**
 * How the public site's forms reach the backend. IMPORTANT: only this loader ships with
 * a page; the sending code (the PostgREST client and the repository) loads on the first
 * focus inside a form or on the first send.
 */
export const loadFormSender: FormSenderLoader = async () =>
  (await import('./form-submissions.ts')).formSubmissions
