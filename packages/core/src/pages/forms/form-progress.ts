import { EMPTY_FORM_VALUES } from '../../forms/form-submission.ts'
import type { FormKind, FormValues } from '../../forms/form-submission.ts'

/** Where drafts are kept: sessionStorage in browsers, so a reload keeps what was typed. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Prefix of the storage keys that hold unsent form drafts. */
export const FORM_DRAFT_PREFIX = 'club-form-draft:'

const DRAFT_FIELDS = ['name', 'email', 'phone', 'message', 'program'] as const

/** The browser's sessionStorage, or null where there is none or it is blocked. */
export function sessionDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/**
 * The draft kept for a form, or null. Stored text is hostile until checked: only string
 * fields of the form are taken, each cut to a sane length.
 */
export function readDraft(
  storage: DraftStorage | null,
  kind: FormKind,
): Partial<FormValues> | null {
  let raw: string | null
  try {
    raw = storage?.getItem(FORM_DRAFT_PREFIX + kind) ?? null
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
  const draft: Partial<FormValues> = {}
  for (const field of DRAFT_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field]
    if (typeof value === 'string') draft[field] = value.slice(0, 20_000)
  }
  return draft
}

/** Keeps what was typed (never the honeypot); an empty form leaves no draft behind. */
export function writeDraft(storage: DraftStorage | null, kind: FormKind, values: FormValues): void {
  const draft = Object.fromEntries(DRAFT_FIELDS.map((field) => [field, values[field]]))
  const empty = DRAFT_FIELDS.every((field) => values[field] === EMPTY_FORM_VALUES[field])
  try {
    if (empty) storage?.removeItem(FORM_DRAFT_PREFIX + kind)
    else storage?.setItem(FORM_DRAFT_PREFIX + kind, JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the form itself still holds the text.
  }
}

/** Forgets a form's draft once it has been sent. */
export function clearDraft(storage: DraftStorage | null, kind: FormKind): void {
  try {
    storage?.removeItem(FORM_DRAFT_PREFIX + kind)
  } catch {
    // Nothing to do: a stale draft only pre-fills the form again.
  }
}
