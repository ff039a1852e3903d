/**
 * IMPORTANT: the public site's forms: the repository (the only code that writes
 * `form_submissions`) and the sender an app provides to the forms. The forms themselves
 * render inside the site's /contact route.
 */
export { createPublicWriteClient } from '../backend/public-write-client.ts'
export { createFamilyAlerts } from '../forms/family-alerts.ts'
export {
  FamilyAlertsProvider,
  lazyFamilyAlerts,
  useFamilyAlerts,
} from '../forms/family-alerts-context.tsx'
export type { FamilyAlertsLoader } from '../forms/family-alerts-context.tsx'
export type {
  AlertFollow,
  FamilyAlertsResult,
  FamilyAlertsService,
  MyAlerts,
} from '../forms/family-alerts-types.ts'
export {
  createFormSubmissions,
  classifySendError,
  FORM_SEND_TIMEOUT_MS,
} from '../forms/form-submissions.ts'
export type { FormSubmissions } from '../forms/form-submissions.ts'
export { FormSenderProvider } from '../forms/form-sender-context.tsx'
export type { FormSenderLoader, FormSendTarget } from '../forms/form-sender-context.tsx'
export { lazyFormSender, useFormSender } from '../forms/form-sender.tsx'
export type { FormSender } from '../forms/form-sender.tsx'
export {
  EMPTY_FORM_VALUES,
  FORM_LIMITS,
  toSubmission,
  validateForm,
} from '../forms/form-submission.ts'
export type {
  FieldErrors,
  FormFailure,
  FormField,
  FormKind,
  FormSendResult,
  FormSubmission,
  FormValues,
} from '../forms/form-submission.ts'
