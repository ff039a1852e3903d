import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { FormEvent } from 'react'

import { EMPTY_FORM_VALUES, toSubmission, validateForm } from '../../forms/form-submission.ts'
import type {
  FieldErrors,
  FormFailure,
  FormField,
  FormKind,
  FormSendResult,
  FormSubmission,
  FormValues,
} from '../../forms/form-submission.ts'
import {
  clearProgress,
  readProgress,
  sessionProgressStorage,
  keepProgress,
} from './form-progress.ts'
import { typedBeforeHydration } from '../shared/typed-before-hydration.ts'
import type { ProgressStorage } from './form-progress.ts'

/** Where a form is: being filled in, sending, sent, or failed with the values kept. */
export type SubmissionPhase =
  | { state: 'editing' }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; failure: FormFailure }

/** What both forms take from their page: data in, callbacks out. */
export type SubmissionFormProps = {
  /** Sends the submission; resolves with the outcome (the app's sender never rejects). */
  onSubmit: (submission: FormSubmission) => Promise<FormSendResult>
  /** Called once, on the first focus inside the form, to load the sending code early. */
  onPrepare?: () => void
  /** Where the progress is kept; defaults to sessionStorage, null keeps none. */
  progressStorage?: ProgressStorage | null
}

const subscribeToNothing = () => () => {}
const clientSnapshot = () => true
const serverSnapshot = () => false

const FIELD_ORDER: FormField[] = ['name', 'email', 'phone', 'program', 'message']

/** Fields typed before hydration (typedBeforeHydration) win over progress; progress over nothing. */
function mergeProgress(current: FormValues, progress: Partial<FormValues>): FormValues {
  const merged = { ...current }
  for (const field of FIELD_ORDER) {
    const kept = progress[field]
    if (merged[field] === '' && kept !== undefined) merged[field] = kept
  }
  return merged
}

/**
 * The state of one form: its values (kept through failures and in the session's progress),
 * inline errors, and the send. `requestedProgram` preselects a program once it is among
 * `programs`.
 */
export function useSubmissionForm({
  kind,
  onSubmit,
  onPrepare,
  progressStorage,
  programs = [],
  requestedProgram = null,
}: SubmissionFormProps & {
  kind: FormKind
  programs?: readonly string[]
  requestedProgram?: string | null
}) {
  const [values, setValues] = useState<FormValues>(EMPTY_FORM_VALUES)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [attempted, setAttempted] = useState(false)
  const [phase, setPhase] = useState<SubmissionPhase>({ state: 'editing' })
  // False while hydrating prerendered HTML (which has no progress and cannot send), true after.
  const hydrated = useSyncExternalStore(subscribeToNothing, clientSnapshot, serverSnapshot)
  const storage = hydrated
    ? progressStorage === undefined
      ? sessionProgressStorage()
      : progressStorage
    : null
  const elements = useRef<Partial<Record<FormField, HTMLElement | null>>>({})
  const sending = useRef(false)
  const prepared = useRef(false)

  // Once in the browser: take up the session's progress, then the program the URL asks for.
  // (Adjusted while rendering, React's pattern for state that follows a changed input.)
  const [restored, setRestored] = useState(false)
  if (hydrated && !restored) {
    setRestored(true)
    const progress = readProgress(storage, kind)
    if (progress) setValues((current) => mergeProgress(current, progress))
  }
  const offered =
    hydrated && requestedProgram !== null && programs.includes(requestedProgram)
      ? requestedProgram
      : null
  const [applied, setApplied] = useState<string | null>(null)
  if (offered !== applied) {
    setApplied(offered)
    if (offered !== null) setValues((current) => ({ ...current, program: offered }))
  }

  useEffect(() => {
    if (restored) keepProgress(storage, kind, values)
  }, [restored, storage, kind, values])

  // Taken up once, as the form mounts; it wins over progress (mergeProgress fills only empty fields).
  useEffect(() => {
    const typed = typedBeforeHydration(elements.current, FIELD_ORDER)
    if (typed) setValues((current) => ({ ...current, ...typed }))
  }, [])

  const change = (field: keyof FormValues, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    // After a first attempt, a field's error follows its text as it is fixed.
    if (attempted && field !== 'website') {
      const found = validateForm(kind, next, programs)
      setErrors((shown) => ({ ...shown, [field]: found[field] }))
    }
  }

  const send = async () => {
    if (sending.current) return
    const found = validateForm(kind, values, programs)
    setAttempted(true)
    setErrors(found)
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) {
      elements.current[first]?.focus()
      return
    }
    sending.current = true
    setPhase({ state: 'sending' })
    let result: FormSendResult
    try {
      result = await onSubmit(toSubmission(kind, values))
    } catch {
      result = {
        status: 'network-error',
        message: 'Your message could not be sent. Please try again.',
      }
    }
    sending.current = false
    if (result.status === 'sent') {
      clearProgress(storage, kind)
      setPhase({ state: 'sent' })
      return
    }
    const { field } = result.status === 'invalid' ? result : { field: undefined }
    if (field) {
      setErrors({ [field]: result.message })
      elements.current[field]?.focus()
    }
    setPhase({ state: 'failed', failure: result })
  }

  return {
    values,
    errors,
    phase,
    hydrated,
    sending: phase.state === 'sending',
    change,
    /** A ref for a field, so a failed check can move focus to it. */
    register: (field: FormField) => (element: HTMLElement | null) => {
      elements.current[field] = element
    },
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      void send()
    },
    retry: () => void send(),
    /** After a success: a fresh message, keeping who it is from. */
    startAnother: () => {
      setValues((current) => ({ ...current, message: '', website: '' }))
      setErrors({})
      setAttempted(false)
      setPhase({ state: 'editing' })
    },
    focusWithin: () => {
      if (prepared.current) return
      prepared.current = true
      onPrepare?.()
    },
  }
}

/** The state and handlers {@link useSubmissionForm} returns. */
export type SubmissionForm = ReturnType<typeof useSubmissionForm>
