import { useContext, useMemo } from 'react'

import { FormSenderContext } from './form-sender-context.tsx'
import type { FormSendTarget, FormSenderLoader } from './form-sender-context.tsx'

/** What the public site's forms send through: loads on first use, then sends. */
export type FormSender = {
  /** Starts loading what sending needs, so the first send does not wait for it. */
  prepare(): void
  /** Sends one submission; resolves with the outcome and never rejects. */
  send: FormSendTarget['send']
}

const UNREACHABLE = "We could not reach the club's server. Check your connection, then try again."

/** Used where no app provided a sender: the forms still render, and a send says why it failed. */
const UNAVAILABLE: FormSender = {
  prepare() {},
  send: async () => ({
    status: 'network-error',
    message: 'Sending messages is not available here. Please email us instead.',
  }),
}

/**
 * A sender whose code loads on first use: `prepare` (first focus) starts the import and a
 * send waits for it. A failed load (offline) is a network error and is tried again on the
 * next send, so the visitor's Retry works once the connection is back.
 *
 * @example
 * const sender = lazyFormSender(async () => (await import('./forms.ts')).formSubmissions)
 */
export function lazyFormSender(load: FormSenderLoader): FormSender {
  let loading: Promise<FormSendTarget> | undefined
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  return {
    prepare() {
      get().catch(() => {
        // Reported by the send that needs it.
      })
    },
    async send(submission) {
      let target: FormSendTarget
      try {
        target = await get()
      } catch {
        return { status: 'network-error', message: UNREACHABLE }
      }
      return target.send(submission)
    },
  }
}

/** The sender of the app's {@link FormSenderContext} loader, or one that reports it cannot send. */
export function useFormSender(): FormSender {
  const load = useContext(FormSenderContext)
  return useMemo(() => (load ? lazyFormSender(load) : UNAVAILABLE), [load])
}
