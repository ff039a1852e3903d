import { createContext } from 'react'
import type { ReactNode } from 'react'

import type { FormSendResult, FormSubmission } from './form-submission.ts'

/** What actually sends: the repository, or anything with its `send`. */
export type FormSendTarget = { send(submission: FormSubmission): Promise<FormSendResult> }

/**
 * Loads the sending code. An app provides one; the forms call it on first use, so the
 * code behind it never loads with a page.
 */
export type FormSenderLoader = () => Promise<FormSendTarget>

/**
 * IMPORTANT: kept apart from the forms and the lazy sender, because every page's first
 * bundle carries the provider: this module must stay this small.
 */
export const FormSenderContext = createContext<FormSenderLoader | null>(null)

/** Gives the public site's forms the app's way to load its sender. */
export function FormSenderProvider({
  load,
  children,
}: {
  load: FormSenderLoader
  children: ReactNode
}) {
  return <FormSenderContext.Provider value={load}>{children}</FormSenderContext.Provider>
}
