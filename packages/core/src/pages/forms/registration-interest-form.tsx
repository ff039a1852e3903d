import { useId } from 'react'

import {
  MessageField,
  NameAndEmailRow,
  PhoneField,
  SelectField,
  SentNotice,
  SubmissionFormFrame,
} from './form-fields.tsx'
import { useSubmissionForm } from './use-submission-form.ts'
import type { SubmissionFormProps } from './use-submission-form.ts'

/** A program the interest form offers. */
export type InterestProgram = { slug: string; name: string }

/** Props of {@link RegistrationInterestForm}. */
export type RegistrationInterestFormProps = SubmissionFormProps & {
  programs: readonly InterestProgram[]
  /** A program slug to preselect (from `?program=`); ignored unless it is in `programs`. */
  requestedProgram?: string | null
}

/**
 * Registration interest: who is interested in which program, for families to hear when
 * registration opens. Pure, and keeps every typed value like {@link ContactForm}.
 *
 * @example
 * <RegistrationInterestForm programs={programs} requestedProgram="tee-ball" onSubmit={send} />
 */
export function RegistrationInterestForm({
  programs,
  requestedProgram = null,
  ...props
}: RegistrationInterestFormProps) {
  const idPrefix = `interest-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`
  const form = useSubmissionForm({
    kind: 'registration-interest',
    programs: programs.map((program) => program.slug),
    requestedProgram,
    ...props,
  })
  if (form.phase.state === 'sent') {
    const program = programs.find((candidate) => candidate.slug === form.values.program)
    return (
      <SentNotice
        form={form}
        title={`Thanks — we got your interest${program ? ` in ${program.name}` : ''}.`}
        anotherLabel="Register another interest"
      >
        <p>We will email you when registration opens, and answer any questions you asked.</p>
      </SentNotice>
    )
  }
  return (
    <SubmissionFormFrame form={form} idPrefix={idPrefix} sendLabel="Register interest">
      <NameAndEmailRow form={form} idPrefix={idPrefix} nameLabel="Parent or guardian name" />
      <div className="club-form__row">
        <PhoneField form={form} idPrefix={idPrefix} />
        <SelectField
          form={form}
          field="program"
          idPrefix={idPrefix}
          label="Program"
          emptyLabel="Not sure yet"
          options={programs.map((program) => ({ value: program.slug, label: program.name }))}
        />
      </div>
      <MessageField
        form={form}
        field="message"
        idPrefix={idPrefix}
        label="Anything we should know?"
        optional
        hint="For example your player's age, experience or questions about the program."
      />
    </SubmissionFormFrame>
  )
}
