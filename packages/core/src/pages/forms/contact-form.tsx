import { useId } from 'react'

import {
  MessageField,
  NameAndEmailRow,
  PhoneField,
  SentNotice,
  SubmissionFormFrame,
} from './form-fields.tsx'
import { useSubmissionForm } from './use-submission-form.ts'
import type { SubmissionFormProps } from './use-submission-form.ts'

/** Props of {@link ContactForm}. */
export type ContactFormProps = SubmissionFormProps & {
  /** What happens next, shown with the thanks (e.g. when volunteers usually reply). */
  replyNote?: string
}

/**
 * The contact form: name, email, optional phone and a message. Pure: it sends through
 * `onSubmit` and keeps every typed value through a failed send (and in the session's
 * progress, so a reload keeps it too).
 *
 * @example
 * <ContactForm onSubmit={sender.send} onPrepare={sender.prepare} />
 */
export function ContactForm({ replyNote, ...props }: ContactFormProps) {
  const idPrefix = `contact-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`
  const form = useSubmissionForm({ kind: 'contact', ...props })
  if (form.phase.state === 'sent') {
    return (
      <SentNotice
        form={form}
        title="Thanks — we got your message."
        anotherLabel="Send another message"
      >
        <p>{replyNote ?? 'We will reply to the email address you gave.'}</p>
      </SentNotice>
    )
  }
  return (
    <SubmissionFormFrame form={form} idPrefix={idPrefix} sendLabel="Send message">
      <NameAndEmailRow form={form} idPrefix={idPrefix} nameLabel="Your name" />
      <PhoneField form={form} idPrefix={idPrefix} hint="Only if you would like a call back." />
      <MessageField form={form} field="message" idPrefix={idPrefix} label="Message" />
    </SubmissionFormFrame>
  )
}
