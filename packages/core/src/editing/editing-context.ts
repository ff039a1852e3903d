import { createContext, useContext } from 'react'
import type { ComponentType, ElementType, ReactNode } from 'react'

/** A location inside a content document: the key, then object keys and array indexes. */
export type ContentPath = readonly (string | number)[]

/** What kind of value an editable primitive shows, and so which editor edits it. */
export type EditKind = 'text' | 'html' | 'htmlList' | 'image' | 'link' | 'list' | 'panel'

export type EditTarget = {
  contentKey: string
  path: ContentPath
  kind: EditKind
}

/** Props of the element a primitive would render (class, id, style, aria-*), passed on as they are. */
export type ElementProps = Record<string, unknown>

/** What the text editor is given: the primitive's tag and props, so the page keeps its look. */
export type TextEditorProps = {
  target: EditTarget
  value: string
  as: ElementType
  elementProps: ElementProps
}

/** What the rich-text editor is given; `html` is the stored (unsanitized) value. */
export type HtmlEditorProps = {
  target: EditTarget
  html: string
  as: ElementType
  elementProps: ElementProps
}

/** What the rich-text list editor is given: the stored items (unsanitized) of an HTML list. */
export type HtmlListEditorProps = {
  target: EditTarget
  items: readonly string[]
  maxItems?: number | undefined
  label?: string | undefined
  /** Props of the `<ul>` (class, aria-*), passed on as they are. */
  elementProps: ElementProps
}

/** What the image editor is given: the `<img>` attributes the primitive would render. */
export type ImageEditorProps = {
  target: EditTarget
  /** Where the image's alt text is stored, when the document stores one. */
  altPath?: ContentPath | undefined
  /** Where the image's caption is stored, when it has one: a chosen photo brings its own. */
  captionPath?: ContentPath | undefined
  imageProps: ElementProps & { src: string; alt: string }
}

/** What the link editor is given: the region's content, typically a SmartLink. */
export type LinkEditorProps = {
  target: EditTarget
  children: ReactNode
}

/**
 * What a panel editor is given: the region's content, and the name of the settings panel that
 * edits the value at `target` (e.g. `programFacts`: a program's ages and deadline).
 */
export type PanelEditorProps = {
  target: EditTarget
  panel: string
  /** What the panel edits, for its button and title ("Ages and deadline: Tee Ball"). */
  label: string
  children: ReactNode
}

/**
 * What a list tells about each of its items, from `Item`: the item and its position for
 * EditableList (which the page gives), the position alone for the list editor.
 */
export type ListItemParts<Item extends unknown[]> = {
  /** A stable React key per item. */
  itemKey: (...item: Item) => string
  /** The item's content (inside its element). */
  renderItem: (...item: Item) => ReactNode
  /** Props of each item's element (class, data-*). */
  itemProps: (...item: Item) => ElementProps
  /** How editors name an item ("Move Registration up"); EditableList's default is "Item 3". */
  itemLabel: (...item: Item) => string
  /**
   * The index in the stored array of the item shown at `position`, when the page shows the
   * stored array filtered, grouped or paged; EditableList's default is the position itself.
   */
  storedIndex: (...item: Item) => number
}

/** What the list editor is given: enough to render the list as the page does. */
export type ListEditorProps = ListItemParts<[position: number]> & {
  target: EditTarget
  as: ElementType
  elementProps: ElementProps
  itemAs: ElementType
  count: number
  /** A new stored item; without it, nothing can be added. */
  newItem?: (() => unknown) | undefined
}

/**
 * The editors an app supplies for edit mode. Each is optional: a primitive without its
 * editor renders as it does for visitors, with the data-edit-* attributes. They come from
 * the admin's code (`@club/core/in-place-editing`), so none of them is in the public bundle.
 */
export type EditorSlots = {
  Text?: ComponentType<TextEditorProps>
  Html?: ComponentType<HtmlEditorProps>
  HtmlList?: ComponentType<HtmlListEditorProps>
  Image?: ComponentType<ImageEditorProps>
  Link?: ComponentType<LinkEditorProps>
  List?: ComponentType<ListEditorProps>
  Panel?: ComponentType<PanelEditorProps>
}

/**
 * Whether the page renders for editing, and how an edit reaches the app. Public pages
 * render with the default (not editing); the web app's /admin/edit/* and the desktop app
 * provide a real one. Pages never read this: the editable primitives do.
 */
export type EditingContextValue = {
  isEditing: boolean
  /**
   * Called by an editor when the editor commits a value at `target`; `from`, when given, is
   * the value the field held when editing began (a field that moved meanwhile is not
   * overwritten without asking).
   */
  onEdit?: (target: EditTarget, value: unknown, from?: unknown) => void
  /** The editing UI; read only while `isEditing`. */
  editors?: EditorSlots
}

export const EditingContext = createContext<EditingContextValue>({ isEditing: false })

export function useEditing(): EditingContextValue {
  return useContext(EditingContext)
}
