import { useEffect, useRef } from 'react'
import type { HTMLAttributes, ReactNode } from 'react'

import { FORM_LIMITS } from '../../forms/form-submission.ts'
import type { FormField } from '../../forms/form-submission.ts'
import type { SubmissionForm } from './use-submission-form.ts'
import { HoneypotField } from './honeypot-field.tsx'
import { OptionList } from '../../ui/option-list.tsx'
import type { Option } from '../../ui/option-list.tsx'
import { formatCount } from '../../entities/counts.ts'
import './submission-form.css'

type FieldProps = {
  form: SubmissionForm
  field: FormField
  /** Prefix of the element ids, unique per form on the page. */
  idPrefix: string
  label: string
  hint?: string
  optional?: boolean
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ')
  return list === '' ? undefined : list
}

/** The attributes that tie a field's control to the form: its ref, id, name, value and state. */
type ControlProps = {
  ref: (element: HTMLElement | null) => void
  id: string
  name: FormField
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  value: string
  onChange: (event: { target: { value: string } }) => void
}

/** The label, hint, control and inline error of one field. */
function FieldFrame({
  form,
  field,
  idPrefix,
  label,
  hint,
  optional,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = `${idPrefix}-${field}`
  const error = form.errors[field]
  const control: ControlProps = {
    ref: form.register(field),
    id,
    name: field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    value: form.values[field],
    onChange: (event) => form.change(field, event.target.value),
  }
  return (
    <div className={`club-form__field${error ? ' is-invalid' : ''}`}>
      <label className="club-form__label" htmlFor={id}>
        {label}
        {optional && <span className="club-form__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="club-form__hint">
          {hint}
        </p>
      )}
      {children(control)}
      {error && (
        <p id={`${id}-error`} className="club-form__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
    </div>
  )
}

/** A one-line text field. Nothing is cut off while typing or pasting: checks report instead. */
export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  ...props
}: FieldProps & {
  type?: 'text' | 'email' | 'tel'
  autoComplete: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
}) {
  const { form, optional } = props
  return (
    <FieldFrame {...props}>
      {(control) => (
        <input
          {...control}
          className="club-form__input"
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={!optional}
          readOnly={form.sending}
        />
      )}
    </FieldFrame>
  )
}

/** The message box, with a character count that turns red past the limit. */
export function MessageField(props: FieldProps & { field: 'message' }) {
  const { form, optional, idPrefix } = props
  const length = form.values.message.length
  const over = length > FORM_LIMITS.message
  return (
    <FieldFrame {...props}>
      {(control) => (
        <>
          <textarea
            {...control}
            className="club-form__input club-form__textarea"
            rows={6}
            required={!optional}
            aria-describedby={describedBy(control['aria-describedby'], `${idPrefix}-count`)}
            readOnly={form.sending}
          />
          <p id={`${idPrefix}-count`} className={`club-form__count${over ? ' is-over' : ''}`}>
            {formatCount(length)} of {formatCount(FORM_LIMITS.message)} characters
          </p>
        </>
      )}
    </FieldFrame>
  )
}

/** A choice from a list; the first option is the empty "not sure" choice. */
export function SelectField({
  options,
  emptyLabel,
  ...props
}: FieldProps & { options: readonly Option[]; emptyLabel: string }) {
  const { form } = props
  return (
    <FieldFrame {...props}>
      {(control) => (
        <select {...control} className="club-form__input club-form__select" disabled={form.sending}>
          <option value="">{emptyLabel}</option>
          <OptionList options={options} />
        </select>
      )}
    </FieldFrame>
  )
}

/**
 * A submission form's frame: the form element (no native validation: the fields say what is
 * wrong), its fields, the honeypot, and the send button with the failure notice.
 */
export function SubmissionFormFrame({
  form,
  idPrefix,
  sendLabel,
  children,
}: {
  form: SubmissionForm
  idPrefix: string
  sendLabel: string
  children: ReactNode
}) {
  return (
    <form
      className="club-form"
      noValidate
      aria-busy={form.sending || undefined}
      onSubmit={form.submit}
      onFocus={form.focusWithin}
    >
      {children}
      <HoneypotField
        idPrefix={idPrefix}
        value={form.values.website}
        onChange={(value) => form.change('website', value)}
      />
      <FormActions form={form} idPrefix={idPrefix} label={sendLabel} />
    </form>
  )
}

/** Who is writing: their name (labelled as the form needs) and email, side by side. */
export function NameAndEmailRow({
  form,
  idPrefix,
  nameLabel,
}: {
  form: SubmissionForm
  idPrefix: string
  nameLabel: string
}) {
  return (
    <div className="club-form__row">
      <TextField
        form={form}
        field="name"
        idPrefix={idPrefix}
        label={nameLabel}
        autoComplete="name"
      />
      <TextField
        form={form}
        field="email"
        idPrefix={idPrefix}
        label="Email"
        type="email"
        autoComplete="email"
      />
    </div>
  )
}

/** How to call back, if the visitor wishes: an optional phone number. */
export function PhoneField({
  form,
  idPrefix,
  hint,
}: {
  form: SubmissionForm
  idPrefix: string
  hint?: string
}) {
  return (
    <TextField
      form={form}
      field="phone"
      idPrefix={idPrefix}
      label="Phone"
      optional
      type="tel"
      autoComplete="tel"
      {...(hint ? { hint } : {})}
    />
  )
}

/**
 * The send button and, after a failed send, what went wrong with a Retry that sends the
 * same text again. While sending, the button stays focusable but is marked disabled.
 */
export function FormActions({
  form,
  idPrefix,
  label,
}: {
  form: SubmissionForm
  idPrefix: string
  label: string
}) {
  const { phase } = form
  const failure = phase.state === 'failed' ? phase.failure : null
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    // Keyboard users land next to the way out; a refused field takes focus itself.
    if (failure && !(failure.status === 'invalid' && failure.field)) retry.current?.focus()
  }, [failure])
  return (
    <div className="club-form__actions">
      {failure && (
        <div
          id={`${idPrefix}-failure`}
          className="club-form__notice club-form__notice--error"
          role="alert"
        >
          <p className="club-form__notice-title">
            {failure.status === 'invalid'
              ? 'Please check the form.'
              : failure.status === 'rate-limited'
                ? 'Please wait a little.'
                : 'Your message was not sent.'}
          </p>
          <p>{failure.message}</p>
          <p>Everything you typed is still here.</p>
          {failure.status !== 'invalid' && (
            <button ref={retry} type="button" className="btn btn--secondary" onClick={form.retry}>
              Retry
            </button>
          )}
        </div>
      )}
      <button
        // Before hydration the form must not submit natively (it would put the text in the URL).
        type={form.hydrated ? 'submit' : 'button'}
        className="btn btn--primary club-form__submit"
        aria-disabled={form.sending || undefined}
        aria-describedby={failure ? `${idPrefix}-failure` : undefined}
      >
        {form.sending ? 'Sending…' : label}
      </button>
    </div>
  )
}

/** Shown once a form is sent: thanks, what happens next, and a way to send another. */
export function SentNotice({
  title,
  children,
  form,
  anotherLabel,
}: {
  title: string
  children: ReactNode
  form: SubmissionForm
  anotherLabel: string
}) {
  const heading = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <div className="club-form__notice club-form__notice--success" role="status">
      <p ref={heading} className="club-form__notice-title" tabIndex={-1}>
        {title}
      </p>
      {children}
      <button type="button" className="btn btn--outline" onClick={form.startAnother}>
        {anotherLabel}
      </button>
    </div>
  )
}
