import { Fragment } from 'react'
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react'

import { useEditing } from './editing-context.ts'
import type { ContentPath, EditTarget } from './editing-context.ts'

export type Located = {
  /** The content key the value is stored under, e.g. `content`. */
  contentKey: string
  /** Where in that document, e.g. `['hero', 'title']`. */
  path: ContentPath
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

type EditableTextProps<T extends ElementType> = Located & {
  value: string
  as?: T
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'value'>

/**
 * Plain text that a page shows from a content document. In edit mode with a Text editor
 * supplied, the editor renders it instead (typed in place). With `as={Fragment}` visitors get
 * the text alone (the element around it, e.g. a list item of an EditableList, is the page's),
 * and the editor types it in a `span`.
 *
 * @example
 * <EditableText as="h1" contentKey="content" path={['hero', 'title']} value={hero.title} />
 */
export function EditableText<T extends ElementType = 'span'>({
  contentKey,
  path,
  value,
  as,
  ...rest
}: EditableTextProps<T>) {
  const { isEditing, editors } = useEditing()
  const Editor = isEditing ? editors?.Text : undefined
  const Tag: ElementType = as ?? 'span'
  if (Editor) {
    return (
      <Editor
        target={{ contentKey, path, kind: 'text' }}
        value={value}
        as={Tag === Fragment ? 'span' : Tag}
        elementProps={rest}
      />
    )
  }
  if (Tag === Fragment) return <>{value}</>
  return (
    <Tag {...rest} {...editAttributes(isEditing, { contentKey, path, kind: 'text' })}>
      {value}
    </Tag>
  )
}

type EditableImageProps = Located & {
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
  /** Where the document stores this image's alt text, so the image editor can change it too. */
  altPath?: ContentPath
  /** Where the document stores this image's caption (sliders): a chosen photo brings its own. */
  captionPath?: ContentPath
}

/**
 * An image from a content document, with its dimensions set and lazy loading by default.
 *
 * @example
 * <EditableImage contentKey="content" path={['hero', 'imageUrl']} altPath={['hero', 'imageAlt']}
 *   src={hero.imageUrl} alt={hero.imageAlt} width={1200} height={675} priority />
 */
export function EditableImage({
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
}: EditableImageProps) {
  const { isEditing, editors } = useEditing()
  const Editor = isEditing ? editors?.Image : undefined
  const imageProps = {
    src,
    alt,
    width,
    height,
    sizes,
    srcSet,
    className,
    loading: priority ? 'eager' : 'lazy',
    decoding: priority ? 'sync' : 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const
  if (Editor) {
    return (
      <Editor
        target={{ contentKey, path, kind: 'image' }}
        altPath={altPath}
        captionPath={captionPath}
        imageProps={imageProps}
      />
    )
  }
  return <img {...imageProps} {...editAttributes(isEditing, { contentKey, path, kind: 'image' })} />
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
export function EditableRegion({
  contentKey,
  path,
  kind = 'link',
  children,
}: Located & { kind?: EditTarget['kind']; children: ReactNode }) {
  const { isEditing, editors } = useEditing()
  const LinkEditor = isEditing ? editors?.Link : undefined
  if (!isEditing) return <>{children}</>
  if (kind === 'link' && LinkEditor) {
    return <LinkEditor target={{ contentKey, path, kind }}>{children}</LinkEditor>
  }
  return <span {...editAttributes(isEditing, { contentKey, path, kind })}>{children}</span>
}
