import { EditableText } from '../../editing/editable.tsx'
import { useEditing } from '../../editing/editing-context.ts'
import type { Field } from '../../entities/fields-content.ts'
import './field-access.css'

/*
 * What families ask first about a field: where to park, and the entrance or meeting point (and
 * the restrooms). Both are optional: a field without them shows nothing. Plain stored text,
 * rendered as text (never as HTML).
 */

const LABELS = { parkingNotes: 'Parking', entrance: 'Entrance' } as const
const KEYS = ['parkingNotes', 'entrance'] as const

/** The field card's parking and entrance lines, edited in place on /fields. */
export function FieldAccess({ field, index }: { field: Field; index: number }) {
  const { isEditing } = useEditing()
  const shown = KEYS.filter((key) => isEditing || (field[key] ?? '').trim())
  if (shown.length === 0) return null
  return (
    <dl className="field-access">
      {shown.map((key) => (
        <div key={key} className="field-access__row">
          <dt>{LABELS[key]}</dt>
          {/* The editor inside the dd, not in its place: an editable text is a textbox, and a
              definition list holds only terms and definitions. */}
          <dd>
            <EditableText
              as="span"
              contentKey="fieldsContent"
              path={['fields', index, key]}
              value={field[key] ?? ''}
            />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The same notes beside a game on the schedule (read only: they are edited on /fields). */
export function FieldAccessNote({ field }: { field: Field }) {
  const shown = KEYS.filter((key) => (field[key] ?? '').trim())
  if (shown.length === 0) return null
  return (
    <dl className="field-access field-access--compact">
      {shown.map((key) => (
        <div key={key} className="field-access__row">
          <dt>{LABELS[key]}</dt>
          <dd>{field[key]?.trim()}</dd>
        </div>
      ))}
    </dl>
  )
}
