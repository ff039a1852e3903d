import { FIELD_STATUSES, fieldSchema } from '../../entities/fields-content.ts'
import type { Field, FieldsContent } from '../../entities/fields-content.ts'
import { paths } from '../../routing/public-paths.ts'
import { schemaError } from '../shared/schema-errors.ts'

/*
 * The field status editor's values: each field's status and reason, by field id, with how it is
 * read from the stored document, cleaned, read back from the device, and checked.
 */

/** One field's status and reason as the editor holds them. */
export type Edit = Pick<Field, 'status' | 'statusReason'>

/** The values: each field's status and reason, by field id. */
export type Edits = Record<string, Edit>

/** The values of a stored document. */
export const toEdits = (content: FieldsContent): Edits =>
  Object.fromEntries(
    content.fields.map((field) => [
      field.id,
      { status: field.status, statusReason: field.statusReason },
    ]),
  )

/** As it would be stored: reasons trimmed. */
export const cleanEdits = (edits: Edits): Edits =>
  Object.fromEntries(
    Object.entries(edits).map(([id, edit]) => [
      id,
      { status: edit.status, statusReason: edit.statusReason.trim() },
    ]),
  )

/** Values kept on the device, if every entry is still a status and a reason. */
export const parseEdits = (raw: unknown): Edits | undefined => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const entries = Object.entries(raw as Record<string, unknown>)
  const valid = entries.every(([, edit]) => {
    const e = edit as Partial<Edit> | null
    return (
      typeof e === 'object' &&
      e !== null &&
      (FIELD_STATUSES as readonly unknown[]).includes(e.status) &&
      typeof e.statusReason === 'string'
    )
  })
  return valid ? (Object.fromEntries(entries) as Edits) : undefined
}

/** True when `edit` leaves `field` as it is stored (reasons compared trimmed). */
export const same = (field: Field, edit: Edit) =>
  field.status === edit.status && field.statusReason.trim() === edit.statusReason.trim()

/**
 * Whether publishing `edit` of `field` tells the families who follow it, as the database's
 * trigger decides (supabase/migrations/20261206008000_family_alerts_fields_schedule.sql): a
 * field closing, or reopening after it was closed.
 */
export const announces = (field: Field, edit: Edit) =>
  (edit.status === 'closed' && field.status !== 'closed') ||
  (edit.status === 'open' && field.status === 'closed')

/** The page the alerts function reads as one field's followers. */
export const fieldPage = (field: Field) => paths.fields(field.id)

/**
 * What is wrong with the reason of `edit`, in words for the editor: too long (the schema's
 * words, entities/fields-content.ts), or missing while the field is not open.
 */
export function reasonProblem(field: Field, edit: Edit): string | undefined {
  const reason = edit.statusReason.trim()
  const tooLong = schemaError(fieldSchema.shape.statusReason, reason)
  if (tooLong) return tooLong
  // Families need to know why a field is not open, and what they are waiting for.
  if (reason === '' && edit.status !== 'open') {
    return `Say why ${field.name} is ${edit.status === 'closed' ? 'closed' : 'not decided yet'}.`
  }
  return undefined
}
