import type { ButtonHTMLAttributes } from 'react'

/**
 * A secondary action of the signed-in area (a list row's Edit, Delete, Retry…): an outlined
 * button that never submits a form.
 *
 * @example
 * <ActionButton onClick={() => setDeleting(item)}>Delete</ActionButton>
 */
export function ActionButton(
  props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>,
) {
  return <button {...props} type="button" className="btn btn--outline" />
}
