import { fromClubInputValue, toClubInputValue } from './club-datetime.ts'

/** The names of the text (string) fields of `T`. */
export type TextFieldName<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T]

/** What a text control of the editors takes (TextField, DateField, ImageChoice). */
export type BoundTextField = {
  value: string
  error: string | undefined
  onChange(value: string): void
}

/**
 * Binds a form's text fields to its controls, so that each field is named once: `field('title')`
 * is the field's value, its problem and the change that writes it back through `set`.
 *
 * @example
 * const field = textFieldBinder(alert, errors, (patch) => onChange({ ...alert, ...patch }))
 * <TextField label="Title" {...field('title')} />
 */
export function textFieldBinder<T extends object>(
  values: T,
  errors: Partial<Record<TextFieldName<T>, string>>,
  set: (patch: Partial<T>) => void,
) {
  return <K extends TextFieldName<T>>(name: K): BoundTextField => ({
    value: values[name] as string,
    error: errors[name],
    onChange: (value) => set({ [name]: value } as Partial<T>),
  })
}

/**
 * Binds a form's date fields (instants, ISO 8601) to `datetime-local` controls on the club's
 * wall clock, as {@link textFieldBinder} binds its text: a time that is not one writes `''`,
 * which the form's check then names.
 *
 * @example
 * const dateField = clubDateFieldBinder(values, errors, edit)
 * <TextField label="Starts" required {...dateField('startsAt')} />
 */
export function clubDateFieldBinder<T extends object>(
  values: T,
  errors: Partial<Record<TextFieldName<T>, string>>,
  set: (patch: Partial<T>) => void,
) {
  const field = textFieldBinder(values, errors, set)
  return <K extends TextFieldName<T>>(name: K): BoundTextField & { type: 'datetime-local' } => {
    const bound = field(name)
    return {
      type: 'datetime-local',
      value: toClubInputValue(bound.value),
      error: bound.error,
      onChange: (value) => bound.onChange(fromClubInputValue(value) ?? ''),
    }
  }
}
