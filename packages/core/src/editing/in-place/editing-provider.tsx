import { useMemo, useSyncExternalStore } from 'react'
import type { ComponentType, ReactNode } from 'react'

import {
  useCanSaveContent,
  useContentStore,
  useSaveContent,
} from '../../content/content-provider.tsx'
import { useUndo } from '../../content/use-undo.ts'
import { samplePostsToStore } from '../../content/sample-posts.ts'
import type { ContentDocuments, ContentKey } from '../../entities/content-keys.ts'
import type { Photo, PhotoLibrary } from '../../entities/photo-library.ts'
import { EditingContext } from '../editing-context.ts'
import type { EditingContextValue, EditorSlots } from '../editing-context.ts'
import { useEditCommands } from './edit-commands.ts'
import { createEditSaver } from './edit-saver.ts'
import type { EditSaver } from './edit-saver.ts'
import { EditorServicesContext } from './editor-services.ts'
import type { EditorServices, ItemPanelProps } from './editor-services.ts'
import { HtmlEditor } from './html-editor.tsx'
import { HtmlListEditor } from './html-list-editor.tsx'
import { ImageEditor } from './image-editor.tsx'
import { LinkEditor } from './link-editor.tsx'
import { siteRoutes } from './link-rules.ts'
import type { RouteOption } from './link-rules.ts'
import type { RouteDocuments } from '../../site/route-registry.ts'
import { ListEditor } from './list-editor.tsx'
import { PanelEditor, REGION_PANELS } from './panel-editor.tsx'
import { ProgramCardPanel } from './program-card-panel.tsx'
import { EDITING_STYLES } from './editing-styles.ts'
import { TextEditor } from './text-editor.tsx'

/** Every editor this module has, as the slots the editable primitives look up. */
export const DEFAULT_EDITORS: Required<EditorSlots> = {
  Text: TextEditor,
  Html: HtmlEditor,
  HtmlList: HtmlListEditor,
  Image: ImageEditor,
  Link: LinkEditor,
  List: ListEditor,
  Panel: PanelEditor,
}

/** The settings panels offered on list items, by content key. */
export const DEFAULT_ITEM_PANELS: Readonly<Record<string, ComponentType<ItemPanelProps>>> = {
  programCards: ProgramCardPanel,
}

const EMPTY_LIBRARY: PhotoLibrary = { albums: [], photos: [] }

// Library photos stored as bucket paths need the app's storage to become addresses; without
// it, only photos already stored as site paths or web addresses can be shown and used.
function sitePhotoUrl(photo: Photo): string {
  return photo.src
}

/** What an editing surface is given besides how edits are saved. */
export type EditingOptions = {
  /** The photo library the image picker shows. */
  photoLibrary?: PhotoLibrary | undefined
  /** The address a library photo is shown and stored with; e.g. `photoStorage.publicUrl(photo.src)`. */
  photoUrl?: ((photo: Photo) => string) | undefined
  /** Uploads a file to the photo library (see EditorServices); the picker hides its upload without it. */
  onUpload?: ((file: File) => Promise<Photo>) | undefined
  /** Searches the whole photo library (see EditorServices). */
  findPhotos?: ((search: string) => Promise<readonly Photo[]>) | undefined
  /**
   * Makes a library photo loadable at its public address (`photoUrl`) before a page starts
   * using it: unused photos stay private. Awaited when a photo is placed.
   */
  publishPhoto?: ((photo: Photo) => Promise<void>) | undefined
  /** The pages a link may point at; every page of the site by default. */
  routes?: readonly RouteOption[] | undefined
  /** Replaces some or all of the editors (e.g. none, for a read-only preview). */
  editors?: EditorSlots | undefined
  itemPanels?: Readonly<Record<string, ComponentType<ItemPanelProps>>> | undefined
  /** The settings panels an EditablePanel may name; REGION_PANELS by default. */
  regionPanels?: Readonly<Record<string, ComponentType<ItemPanelProps>>> | undefined
}

/** Props of {@link EditingSurface}. */
export type EditingSurfaceProps = EditingOptions & {
  saver: EditSaver
  children?: ReactNode
}

/**
 * Edit mode over any pages, given an edit saver: the editing context with the editors, and
 * the services they share. EditingProvider wires it to the content store; tests and other
 * hosts can give it any saver.
 *
 * @example
 * const saver = createEditSaver({ get: (key) => docs[key], save: async (key, doc) => { docs[key] = doc } })
 * <EditingSurface saver={saver}><HomePage … /></EditingSurface>
 */
export function EditingSurface({
  saver,
  photoLibrary = EMPTY_LIBRARY,
  photoUrl = sitePhotoUrl,
  onUpload,
  publishPhoto,
  findPhotos,
  routes,
  editors = DEFAULT_EDITORS,
  itemPanels = DEFAULT_ITEM_PANELS,
  regionPanels = REGION_PANELS,
  children,
}: EditingSurfaceProps) {
  const pages = useMemo(() => {
    if (routes) return routes
    const read = <T,>(key: string, empty: T) => (saver.read(key, []) as T | undefined) ?? empty
    return siteRoutes({
      teams: read<RouteDocuments['teams']>('teams', {}),
      newsPosts: read<RouteDocuments['newsPosts']>('newsPosts', []),
      clinics: read<RouteDocuments['clinics']>('clinics', []),
      programsContent: read<RouteDocuments['programsContent']>('programsContent', {}),
    })
  }, [routes, saver])
  const services = useMemo<EditorServices>(
    () => ({
      ...saver,
      photoLibrary,
      photoUrl,
      onUpload,
      findPhotos,
      publishPhoto,
      routes: pages,
      itemPanels,
      regionPanels,
    }),
    [
      saver,
      photoLibrary,
      photoUrl,
      onUpload,
      findPhotos,
      publishPhoto,
      pages,
      itemPanels,
      regionPanels,
    ],
  )
  const editing = useMemo<EditingContextValue>(
    () => ({ isEditing: true, onEdit: saver.onEdit, editors }),
    [saver, editors],
  )
  return (
    <EditorServicesContext.Provider value={services}>
      <EditingContext.Provider value={editing}>
        {/* In the admin's chunk rather than a .css file: the web app builds one stylesheet
            for every page, and the editing styles must not reach visitors. */}
        <style href="club-editing-ui" precedence="default">
          {EDITING_STYLES}
        </style>
        {children}
      </EditingContext.Provider>
    </EditorServicesContext.Provider>
  )
}

/**
 * The pages a link may point at, from the stored documents as they are now (the link picker
 * offers every stored post, event, team and program, and none deleted).
 */
export function useStoredRoutes(): RouteOption[] {
  const teams = useShown('teams')
  const newsPosts = useShown('newsPosts')
  const clinics = useShown('clinics')
  const programsContent = useShown('programsContent')
  return useMemo(
    () =>
      siteRoutes({
        teams: teams ?? {},
        newsPosts: newsPosts ?? [],
        clinics: clinics ?? [],
        programsContent: programsContent ?? {},
      }),
    [teams, newsPosts, clinics, programsContent],
  )
}

/** The document shown for `key`, or undefined while it loads (never suspends: links can wait). */
function useShown<K extends ContentKey>(key: K): ContentDocuments[K] | undefined {
  const store = useContentStore()
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => store.getBaseline(key),
  )
}

/** Props of {@link EditingProvider}. */
export type EditingProviderProps = EditingOptions & {
  /**
   * Edits are recorded for undo and redo in this scope (e.g. the edited page's path), through
   * `useUndo(undoScope)`; without it they are saved directly.
   */
  undoScope?: string | undefined
  children?: ReactNode
}

/**
 * Edit mode for the site's pages inside the admin's edit area: every editable primitive
 * under it gets its editor, each edit is written into its document (setAtPath) and saved
 * through the content store (the save indicator, retries and conflicts all apply). The photo
 * library is the host's (`usePickerLibrary`: the library's rows). A signed-in user who may not save gets the page without
 * editing controls.
 *
 * @example
 * <EditingProvider undoScope={location.pathname} photoUrl={(p) => photoStorage.publicUrl(p.src)}>
 *   <EditBar />
 *   <SiteLayout basePath={EDIT_PREFIX} />
 * </EditingProvider>
 */
export function EditingProvider({
  undoScope,
  editors,
  children,
  ...options
}: EditingProviderProps) {
  const store = useContentStore()
  const save = useSaveContent()
  const { edit, ...history } = useUndo(undoScope ?? 'edit-in-place')
  useEditCommands(history)
  const canSave = useCanSaveContent()
  const storedRoutes = useStoredRoutes()
  const saver = useMemo(
    () =>
      createEditSaver({
        get: (key) => store.get(key as ContentKey),
        load: (keys) => store.loadDocuments(keys as ContentKey[]),
        save: (key, document, base) => {
          // A first save of a sample post stores the other samples too (see samplePostsToStore).
          const samples = samplePostsToStore(store, [key])
          if (samples.length > 0) void store.saveMany(samples)
          const from = { base: base as ContentDocuments[ContentKey] }
          return undoScope === undefined
            ? save(key as ContentKey, document as ContentDocuments[ContentKey], from)
            : edit(key as ContentKey, document as ContentDocuments[ContentKey], from)
        },
      }),
    [store, save, edit, undoScope],
  )
  return (
    <EditingSurface
      {...options}
      routes={options.routes ?? storedRoutes}
      saver={saver}
      editors={canSave ? (editors ?? DEFAULT_EDITORS) : NO_EDITORS}
    >
      {children}
    </EditingSurface>
  )
}

const NO_EDITORS: EditorSlots = {}
