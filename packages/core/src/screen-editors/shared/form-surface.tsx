import type { ComponentType, ReactNode } from 'react'

/** Props of a {@link FormSurface}. */
export type FormSurfaceProps = {
  /**
   * The form documents the editing UI inside works on, by a name of the editor's choosing (the name
   * plays the part of a content key; the paths inside name what a control edits).
   */
  documents: Readonly<Record<string, unknown>>
  /** Receives a whole form document, by name, after each edit made with the editing UI. */
  onChange(name: string, document: unknown): void
  children?: ReactNode
}

/**
 * Puts the admin's editing UI (the list, image and rich-text editors of editing/in-place) under the
 * editable primitives it wraps, over an editor's values instead of the stored content: a
 * reorder, a picked photo or a saved rich text becomes a new form document through `onChange`, and
 * nothing is stored until the editor saves.
 *
 * IMPORTANT: the editors cannot import editing/in-place (the public site must never load it by
 * accident); the admin screen that mounts an editor supplies this. Without one the primitives
 * render as visitors see them, which is what the editors' unit tests use.
 *
 * @example
 * <AboutEditor Surface={FormEditingSurface} … />
 */
export type FormSurface = ComponentType<FormSurfaceProps>

/** The surface used when the screen supplies none: the content as visitors see it. */
export function PlainSurface({ children }: FormSurfaceProps) {
  return <>{children}</>
}
