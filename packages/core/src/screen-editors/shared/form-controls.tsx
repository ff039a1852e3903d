import * as Switch from '@radix-ui/react-switch'
import { useId } from 'react'
import type { ReactNode } from 'react'

import formControlsCss from './form-controls.css?inline'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { OptionList } from '../../ui/option-list.tsx'
import type { Option } from '../../ui/option-list.tsx'

/*
 * The labelled controls both editors are built from. Each control is tied to its label, its
 * hint and its error through ids, so a screen reader reads the error when focus reaches the
 * control; the editors announce the summary of errors themselves.
 */

type Described = {
  label: string
  /** Words read after the label but not shown, to tell apart controls labelled alike. */
  labelSuffix?: string
  /** Help shown under the label. */
  hint?: string
  /** The problem with the value, shown under the control; the control is marked invalid. */
  error?: string | undefined
}

function describedBy(hintId: string, errorId: string, hint?: string, error?: string) {
  const ids = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return ids === '' ? undefined : ids
}

function FieldShell({
  id,
  label,
  labelSuffix,
  hint,
  error,
  children,
}: Described & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'editor-field editor-field--invalid' : 'editor-field'}>
      <label className="editor-field__label" htmlFor={id}>
        {label}
        {labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}
      </label>
      {hint && (
        <p className="editor-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="editor-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * A labelled text input (or text area, with `multiline`).
 *
 * @example
 * <TextField label="Title" value={title} error={errors.title} onChange={setTitle} />
 */
export function TextField({
  label,
  labelSuffix,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  multiline = false,
  required = false,
}: Described & {
  value: string
  onChange(value: string): void
  type?: 'text' | 'datetime-local'
  multiline?: boolean
  required?: boolean
}) {
  const id = useId()
  const common = {
    id,
    className: 'editor-field__control',
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(`${id}-hint`, `${id}-error`, hint, error),
  }
  return (
    <FieldShell id={id} label={label} labelSuffix={labelSuffix} hint={hint} error={error}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
    </FieldShell>
  )
}

/**
 * Ties {@link TextField}s to a form's values: `field('name')` is the field's value, its error
 * and a change that patches that one key. `K` names the form's text fields.
 *
 * @example
 * const field = textFieldsOf<'name' | 'subtitle'>(member, errors, set)
 * <TextField label="Name" required {...field('name')} />
 */
export function textFieldsOf<K extends string>(
  values: Readonly<Record<K, string>>,
  errors: Readonly<Partial<Record<K, string>>>,
  change: (patch: Partial<Record<K, string>>) => void,
) {
  return (key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: string) => {
      const patch: Partial<Record<K, string>> = {}
      patch[key] = value
      change(patch)
    },
  })
}

/** One choice of a {@link SelectField}. */
export type SelectOption = Option

/**
 * A labelled drop-down list.
 *
 * @example
 * <SelectField label="Type" value={type} options={[{ value: 'urgent', label: 'Urgent' }]} onChange={setType} />
 */
export function SelectField({
  label,
  hint,
  error,
  value,
  options,
  onChange,
}: Described & { value: string; options: readonly SelectOption[]; onChange(value: string): void }) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className="editor-field__control"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <OptionList options={options} />
      </select>
    </FieldShell>
  )
}

/**
 * A labelled on/off switch (Radix Switch: a button with the `switch` role, Space toggles it).
 *
 * @example
 * <SwitchField label="Pinned" checked={pinned} onCheckedChange={setPinned} />
 */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string
  hint?: string
  checked: boolean
  onCheckedChange(checked: boolean): void
}) {
  const id = useId()
  return (
    <div className="editor-switch">
      <Switch.Root
        id={id}
        className="editor-switch__root"
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className="editor-switch__thumb" />
      </Switch.Root>
      <label className="editor-switch__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="editor-switch__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  )
}

/**
 * The button that opens and closes one item's form in a list of items (an alert, a team):
 * "Edit" or "Close", with the item's name read after it.
 *
 * @example
 * <EditToggle name="Fields closed" expanded={open} formId={formId} onToggle={toggle} />
 */
export function EditToggle({
  name,
  expanded,
  formId,
  onToggle,
}: {
  name: string
  expanded: boolean
  /** The id of the item's form, which the button controls while it shows. */
  formId: string
  onToggle(): void
}) {
  return (
    <button
      type="button"
      className="btn btn--outline btn--small"
      aria-expanded={expanded}
      aria-controls={expanded ? formId : undefined}
      data-control="edit"
      onClick={onToggle}
    >
      {expanded ? 'Close' : 'Edit'} <span className="visually-hidden">{name}</span>
    </button>
  )
}

/**
 * The styles of these controls. Render it once with the screens that use them (the editors
 * and the admin shell do); React keeps one copy in the head.
 */
export function FormControlsStyle() {
  return <AdminStyle id="club-form-controls" css={formControlsCss} />
}
