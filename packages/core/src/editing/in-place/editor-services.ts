import { createContext, useContext } from 'react'
import type { ComponentType } from 'react'

import type { Photo, PhotoLibrary } from '../../entities/photo-library.ts'
import type { EditSaver } from './edit-saver.ts'
import type { RouteOption } from './link-rules.ts'

/** A settings panel for one item of a list (e.g. a program card's colours). */
export type ItemPanelProps = {
  contentKey: string
  /** The stored item's path. */
  path: readonly (string | number)[]
  label: string
  onClose: () => void
}

/** What the editors share beyond the public editing context: the store, photos and routes. */
export type EditorServices = EditSaver & {
  photoLibrary: PhotoLibrary
  /** The address a library photo is shown and stored with (bucket paths become public URLs). */
  photoUrl: (photo: Photo) => string
  /**
   * Uploads a picked file to the photo library (prepared, stored, added as a row) and resolves
   * to the stored photo (the one already stored, for a file uploaded before); rejects with a
   * message to show. The picker hides its upload without it.
   */
  onUpload?: ((file: File) => Promise<Photo>) | undefined
  /**
   * The library's photos matching `search` (file name, alt text, caption, album), newest
   * first, read from the library itself; without it the picker searches `photoLibrary`.
   */
  findPhotos?: ((search: string) => Promise<readonly Photo[]>) | undefined
  /** Publishes a library photo (its public copy) before a page starts using it. */
  publishPhoto?: ((photo: Photo) => Promise<void>) | undefined
  routes: readonly RouteOption[]
  /** Settings panels by content key, offered on each item of a list of that key. */
  itemPanels: Readonly<Record<string, ComponentType<ItemPanelProps>>>
  /** The settings panels an EditablePanel may name (`panel`), by name. */
  regionPanels: Readonly<Record<string, ComponentType<ItemPanelProps>>>
}

export const EditorServicesContext = createContext<EditorServices | null>(null)

/** The editors' services; throws outside an EditingSurface (an editor rendered on its own is a bug). */
export function useEditorServices(): EditorServices {
  const services = useContext(EditorServicesContext)
  if (!services) throw new Error('Editors render only inside an EditingSurface or EditingProvider')
  return services
}
