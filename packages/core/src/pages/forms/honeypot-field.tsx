/**
 * The honeypot: a field bots fill in and people never meet. `display: none` (the
 * `club-form__trap` class of submission-form.css) hides it from sight, the keyboard and
 * assistive technology alike; the database drops a submission that fills it and answers as if
 * it were stored.
 *
 * @example
 * <HoneypotField idPrefix={id} value={website} onChange={setWebsite} />
 */
export function HoneypotField({
  idPrefix,
  value,
  onChange,
}: {
  /** Prefix of the element ids, unique per form on the page. */
  idPrefix: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="club-form__trap">
      <label htmlFor={`${idPrefix}-website`}>Website</label>
      <input
        id={`${idPrefix}-website`}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
