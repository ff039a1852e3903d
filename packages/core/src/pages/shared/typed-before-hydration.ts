/**
 * What a visitor typed into a prerendered form before the app took the page over, for the
 * form to take up once as it mounts: the fields among `names` that hold something, by name.
 * React keeps that text in the field but never reports it (its change tracking starts from
 * the field as it finds it), so the next render would empty the field. The prerendered
 * fields are empty, so anything in them was typed.
 */
export function typedBeforeHydration<Name extends string>(
  fields: Partial<Record<Name, HTMLElement | null>>,
  names: readonly Name[],
): Partial<Record<Name, string>> | undefined {
  const typed: Partial<Record<Name, string>> = {}
  for (const name of names) {
    const field = fields[name]
    if (
      (field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement) &&
      field.value !== ''
    )
      typed[name] = field.value
  }
  return Object.keys(typed).length > 0 ? typed : undefined
}
