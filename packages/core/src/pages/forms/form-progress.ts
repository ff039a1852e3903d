import { EMPTY_FORM_VALUES } from '../../forms/form-submission.ts'
import type { FormKind, FormValues } from '../../forms/form-submission.ts'

/** Where form progress is kept: sessionStorage in browsers, so a reload keeps what was typed. */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Prefix of the storage keys that hold a visitor's form progress. */
export const FORM_PROGRESS_PREFIX = 'club-form-draft:'
const PROGRESS_FIELDS = ['name', 'email', 'phone', 'message', 'program'] as const

/** The browser's sessionStorage, or null where there is none or it is blocked. */
export function sessionProgressStorage(): ProgressStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/**
 * The progress kept for a form, or null. Stored text is hostile until checked: only string
 * fields of the form are taken, each cut to a sane length.
 */
export function readProgress(
  storage: ProgressStorage | null,
  kind: FormKind,
): Partial<FormValues> | null {
  let raw: string | null
  try {
    raw = storage?.getItem(FORM_PROGRESS_PREFIX + kind) ?? null
  } catch {
    return null
  }
  if (!raw) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const progress: Partial<FormValues> = {}
  for (const field of PROGRESS_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field]
    if (typeof value === 'string') progress[field] = value.slice(0, 20_000)
  }
  return progress
}

/** Keeps what was typed (never the honeypot); an empty form leaves no progress behind. */
export function keepProgress(
  storage: ProgressStorage | null,
  kind: FormKind,
  values: FormValues,
): void {
  const progress = Object.fromEntries(PROGRESS_FIELDS.map((field) => [field, values[field]]))
  const empty = PROGRESS_FIELDS.every((field) => values[field] === EMPTY_FORM_VALUES[field])
  try {
    if (empty) storage?.removeItem(FORM_PROGRESS_PREFIX + kind)
    else storage?.setItem(FORM_PROGRESS_PREFIX + kind, JSON.stringify(progress))
  } catch {
    // Storage full or blocked: the form itself still holds the text.
  }
}

/** Forgets a form's progress once it has been sent. */
export function clearProgress(storage: ProgressStorage | null, kind: FormKind): void {
  try {
    storage?.removeItem(FORM_PROGRESS_PREFIX + kind)
  } catch {
    // Nothing to do: stale progress only pre-fills the form again.
  }
}
