import { createContext, useContext } from 'react'

/** A location inside a content document: the key, then object keys and array indexes. */
export type ContentPath = readonly (string | number)[]

export type EditTarget = {
  contentKey: string
  path: ContentPath
  kind: 'text' | 'html' | 'image' | 'link'
}

/**
 * Whether the page renders for editing, and how an edit reaches the app. Public pages
 * render with the default (not editing); the web app's /admin/edit/* and the desktop app
 * provide a real one. Pages never read this: the editable primitives do.
 */
export type EditingContextValue = {
  isEditing: boolean
  /** Called by a primitive when the editor changes its value. */
  onEdit?: (target: EditTarget, value: unknown) => void
}

export const EditingContext = createContext<EditingContextValue>({ isEditing: false })

export function useEditing(): EditingContextValue {
  return useContext(EditingContext)
}
