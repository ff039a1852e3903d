import { Fragment } from 'react'
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react'

import type { DocumentLocation } from '../entities/document-path.ts'
import { responsiveImage } from '../entities/photo-sizes.ts'
import { useEditing } from './editing-context.ts'
import type { EditKind, EditTarget, EditorSlots, ElementProps } from './editing-context.ts'

/**
 * The content key a value is stored under (e.g. `content`) and where in that document (e.g.
 * `['hero', 'title']`), checked together by tsc against the document's type: a path the next
 * parse would strip (a typo, a field that moved) does not compile.
 */
export type Located<Key extends string = string> = DocumentLocation<Key>

/** A located image, with where its document stores its alt text (in the same document). */
type LocatedImage<Key extends string> = Located<Key> & {
  /** Where the document stores this image's alt text, so the image editor can change it too. */
  altPath?: Located<Key>['path']
  /** Where the document stores this image's caption (sliders): a chosen photo brings its own. */
  captionPath?: Located<Key>['path']
}

/** The data-edit-* attributes that mark an editable value in edit mode (none for visitors). */
export function editAttributes(isEditing: boolean, target: EditTarget) {
  if (!isEditing) return {}
  return {
    'data-edit-key': target.contentKey,
    'data-edit-path': JSON.stringify(target.path),
    'data-edit-kind': target.kind,
  }
}

/**
 * What every editable primitive starts from: the value at `contentKey` and `path` is the
 * `target` of `kind`; in edit mode the app's editor in `slot` takes it over (none for visitors,
 * or when the app supplies none); otherwise `marks` are the data-edit-* attributes of the
 * element the primitive renders. `elementProps` are the page's other props, passed on as they are.
 */
export function useSlotEditor<Slot extends keyof EditorSlots, Props extends ElementProps>(
  slot: Slot,
  kind: EditKind,
  { contentKey, path, ...elementProps }: Located & Props,
) {
  const { isEditing, editors } = useEditing()
  const target: EditTarget = { contentKey, path, kind }
  const Editor = isEditing ? editors?.[slot] : undefined
  return { isEditing, target, Editor, marks: editAttributes(isEditing, target), elementProps }
}

/** Props of a primitive that shows one stored string in an element of the page's choosing (`as`). */
export type LocatedStringProps<T extends ElementType, Key extends string> = Located<Key> & {
  as?: T
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'value' | 'dangerouslySetInnerHTML'>

/**
 * Plain text that a page shows from a content document. In edit mode with a Text editor
 * supplied, the editor renders it instead (typed in place). With `as={Fragment}` visitors get
 * the text alone (the element around it, e.g. a list item of an EditableList, is the page's),
 * and the editor types it in a `span`.
 *
 * @example
 * <EditableText as="h1" contentKey="content" path={['hero', 'title']} value={hero.title} />
 */
export function EditableText<T extends ElementType = 'span', Key extends string = string>({
  value,
  as,
  ...located
}: LocatedStringProps<T, Key> & { value: string }) {
  const { target, Editor, marks, elementProps } = useSlotEditor('Text', 'text', located)
  const Tag: ElementType = as ?? 'span'
  if (Editor) {
    const editorTag = Tag === Fragment ? 'span' : Tag
    return <Editor target={target} value={value} as={editorTag} elementProps={elementProps} />
  }
  if (Tag === Fragment) return <>{value}</>
  return (
    <Tag {...elementProps} {...marks}>
      {value}
    </Tag>
  )
}

type EditableImageProps<Key extends string> = LocatedImage<Key> & {
  src: string
  alt: string
  /** Intrinsic size: always set, so nothing shifts while the image loads. */
  width: number
  height: number
  /** True for the image most likely to be the largest paint (hero): loads eagerly, high priority. */
  priority?: boolean
  sizes?: string
  srcSet?: string
  className?: string
}

/**
 * An image from a content document, with its dimensions set and lazy loading by default. A
 * library photo stored with its copies' widths gets a `srcset` of them (`sizes` says how wide
 * the page shows it); one stored without (older content) loads its one copy.
 *
 * @example
 * <EditableImage contentKey="content" path={['hero', 'imageUrl']} altPath={['hero', 'imageAlt']}
 *   src={hero.imageUrl} alt={hero.imageAlt} width={1200} height={675} priority />
 */
export function EditableImage<Key extends string = string>({
  contentKey,
  path,
  altPath,
  captionPath,
  src,
  alt,
  width,
  height,
  priority = false,
  sizes,
  srcSet,
  className,
}: EditableImageProps<Key>) {
  const { target, Editor, marks } = useSlotEditor('Image', 'image', { contentKey, path })
  // A stored library photo's address names its smaller copies (`…#widths=800,1600`): offered
  // as a srcset, each checked as the address was. Other addresses load as they are.
  const responsive = responsiveImage(src)
  const candidates = srcSet ?? responsive.srcSet
  const imageProps = {
    src: responsive.src,
    alt,
    width,
    height,
    sizes: candidates ? sizes : undefined,
    srcSet: candidates,
    className,
    loading: priority ? 'eager' : 'lazy',
    decoding: priority ? 'sync' : 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const
  if (Editor) {
    return (
      <Editor target={target} altPath={altPath} captionPath={captionPath} imageProps={imageProps} />
    )
  }
  return <img {...imageProps} {...marks} />
}

/**
 * Renders children with the edit attributes of a link or group (e.g. a button's text and
 * target). A link region's editor edits the object at `path` (its link and text fields) or,
 * when `path` names a string, that link.
 *
 * @example
 * <EditableRegion contentKey="content" path={['hero']}>
 *   <SmartLink to={hero.buttonLink}>{hero.buttonText}</SmartLink>
 * </EditableRegion>
 */
export function EditableRegion<Key extends string = string>({
  contentKey,
  path,
  kind = 'link',
  children,
}: Located<Key> & { kind?: EditTarget['kind']; children: ReactNode }) {
  const { isEditing, target, Editor, marks } = useSlotEditor('Link', kind, { contentKey, path })
  if (!isEditing) return <>{children}</>
  if (kind === 'link' && Editor) return <Editor target={target}>{children}</Editor>
  return <span {...marks}>{children}</span>
}

/**
 * Content whose stored value (an object of several fields, such as a program's ages and
 * registration deadline) is edited in a settings panel: visitors get the children as they
 * are; in edit mode the panel editor adds a button that opens the panel named `panel`.
 *
 * @example
 * <EditablePanel contentKey="programsContent" path={[slug]} panel="programFacts" label="Ages and deadline">
 *   <ProgramFacts … />
 * </EditablePanel>
 */
export function EditablePanel({
  contentKey,
  path,
  panel,
  label,
  children,
}: Located & { panel: string; label: string; children?: ReactNode }) {
  const { isEditing, target, Editor, marks } = useSlotEditor('Panel', 'panel', { contentKey, path })
  if (Editor) {
    return (
      <Editor target={target} panel={panel} label={label}>
        {children}
      </Editor>
    )
  }
  if (!isEditing) return <>{children}</>
  return <div {...marks}>{children}</div>
}
