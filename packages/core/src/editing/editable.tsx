import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react'

import { useEditing } from './editing-context.ts'
import type { ContentPath, EditTarget } from './editing-context.ts'

export type Located = {
  /** The content key the value is stored under, e.g. `content`. */
  contentKey: string
  /** Where in that document, e.g. `['hero', 'title']`. */
  path: ContentPath
}

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
 * Plain text that a page shows from a content document.
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
  const { isEditing } = useEditing()
  const Tag: ElementType = as ?? 'span'
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
}

/** An image from a content document, with its dimensions set and lazy loading by default. */
export function EditableImage({
  contentKey,
  path,
  src,
  alt,
  width,
  height,
  priority = false,
  sizes,
  srcSet,
  className,
}: EditableImageProps) {
  const { isEditing } = useEditing()
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      srcSet={srcSet}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      {...editAttributes(isEditing, { contentKey, path, kind: 'image' })}
    />
  )
}

/** Renders children with the edit attributes of a link or group (e.g. a button's text and target). */
export function EditableRegion({
  contentKey,
  path,
  kind = 'link',
  children,
}: Located & { kind?: EditTarget['kind']; children: ReactNode }) {
  const { isEditing } = useEditing()
  if (!isEditing) return <>{children}</>
  return <span {...editAttributes(isEditing, { contentKey, path, kind })}>{children}</span>
}
