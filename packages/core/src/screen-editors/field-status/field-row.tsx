import { useId } from 'react'

import { FIELD_STATUSES } from '../../entities/fields-content.ts'
import type { Field, FieldStatus } from '../../entities/fields-content.ts'
import { FIELD_STATUS_LABELS, formatStatusTime } from '../../pages/fields/field-status.ts'
import { TextField } from '../shared/form-controls.tsx'
import type { Edit } from './field-status-edits.ts'

/** One field in the field status editor: its status choices and its reason. */
export function FieldRow({
  field,
  edit,
  changed,
  error,
  onChange,
}: {
  field: Field
  edit: Edit
  changed: boolean
  error: string | undefined
  onChange(patch: Partial<Edit>): void
}) {
  const id = useId()
  const updated = field.statusUpdatedAt ? formatStatusTime(field.statusUpdatedAt) : undefined
  return (
    <li className="field-status-editor__field" data-status={edit.status}>
      <fieldset className="field-status-editor__fieldset">
        <legend className="field-status-editor__name">
          {field.name}
          {changed && <span className="badge field-status-editor__changed">Changed</span>}
        </legend>
        <p className="field-status-editor__meta">
          {field.address}
          {updated && <> · Last updated {updated}</>}
        </p>
        <div className="field-status-editor__choices">
          {FIELD_STATUSES.map((status: FieldStatus) => (
            <label key={status} className="field-status-editor__choice" data-choice={status}>
              <input
                type="radio"
                name={`${id}-status`}
                value={status}
                checked={edit.status === status}
                onChange={() => onChange({ status })}
              />
              {FIELD_STATUS_LABELS[status]}
            </label>
          ))}
        </div>
        <TextField
          label="Reason"
          labelSuffix={`for ${field.name}`}
          hint={edit.status === 'open' ? 'Optional when open.' : undefined}
          value={edit.statusReason}
          error={error}
          onChange={(statusReason) => onChange({ statusReason })}
        />
      </fieldset>
    </li>
  )
}
