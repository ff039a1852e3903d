import { useId } from 'react'

/**
 * A labelled calendar date (`YYYY-MM-DD`), with the browser's date picker; its hint and error
 * are tied to it as the shared form controls tie theirs.
 *
 * @example
 * <DateField label="Date" value={post.date} error={errors.date} onChange={setDate} />
 */
export function DateField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string
  hint?: string
  error?: string | undefined
  value: string
  onChange(value: string): void
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={error ? 'editor-field editor-field--invalid' : 'editor-field'}>
      <label className="editor-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="editor-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="date"
        className="editor-field__control"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="editor-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
