/** One choice of a select: the value it stands for and the words it shows. */
export type Option = { value: string; label: string }

/**
 * The `<option>` elements of a select, in the order given (the public forms' and the editors'
 * selects alike).
 *
 * @example
 * <select value={kind} onChange={…}><OptionList options={KIND_OPTIONS} /></select>
 */
export function OptionList({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ))
}
