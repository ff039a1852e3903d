import { Fragment } from 'react'
import type { ComponentProps, ElementType, ReactNode } from 'react'

import type { Located } from './editable.tsx'
import { editAttributes } from './editable.tsx'
import { useEditing } from './editing-context.ts'
import type { ListItemParts } from './editing-context.ts'

/** The parts EditableList needs of each item; the others have defaults. */
type ItemParts<T> = ListItemParts<[item: T, position: number]>

type EditableListProps<T, As extends ElementType, Key extends string> = Located<Key> &
  Pick<ItemParts<T>, 'itemKey' | 'renderItem'> &
  Partial<Omit<ItemParts<T>, 'itemKey' | 'renderItem'>> & {
    /** What the page shows, in order; `path` names the stored array they come from. */
    items: readonly T[]
    /** The list element (`ul` by default) and its props. */
    as?: As
    /**
     * Each item's element (`li` by default). `Fragment` when the page's items are the list
     * element's own children (an article's blocks, FAQ `<details>`, slider figures): visitors
     * then get no wrapper, and in edit mode each item sits in a `div` that holds its controls.
     */
    itemAs?: ElementType
    /** A new stored item for the editor's Add button; without it, nothing can be added. */
    newItem?: () => unknown
    /**
     * What visitors see instead of the list element while there are no items (`null`: nothing).
     * In edit mode it shows too, followed by the empty list and its Add button, so the first
     * item can be added in place.
     */
    empty?: ReactNode
  } & Omit<ComponentProps<As>, 'children'>

/**
 * A list from a content document. Visitors get the list element with one item element per
 * item, exactly as if the page had mapped them itself; in edit mode with a List editor
 * supplied, items can be added, removed and reordered.
 *
 * @example
 * <EditableList as="ul" className="quick-links" role="list" contentKey="quickLinks" path={[]}
 *   items={quickLinks} itemKey={(link) => link.id} itemLabel={(link) => link.label}
 *   newItem={() => ({ id: uniqueId('quick-link'), label: 'New link', link: '/', icon: 'info' })}
 *   renderItem={(link, i) => <SmartLink to={link.link}>{link.label}</SmartLink>} />
 */
export function EditableList<T, As extends ElementType = 'ul', Key extends string = string>({
  contentKey,
  path,
  items,
  as,
  itemAs,
  itemKey,
  itemProps,
  renderItem,
  itemLabel,
  storedIndex,
  newItem,
  empty,
  ...rest
}: EditableListProps<T, As, Key>) {
  const { isEditing, editors } = useEditing()
  const Editor = isEditing ? editors?.List : undefined
  const Tag: ElementType = as ?? 'ul'
  const Item: ElementType = itemAs ?? 'li'
  const isEmpty = items.length === 0 && empty !== undefined
  if (Editor) {
    // Positions, not items, cross into the editor: it needs no knowledge of T.
    const at = (position: number) => items[position] as T
    const editor = (
      <Editor
        target={{ contentKey, path, kind: 'list' }}
        as={Tag}
        elementProps={rest}
        itemAs={Item === Fragment ? 'div' : Item}
        count={items.length}
        itemKey={(position) => itemKey(at(position), position)}
        renderItem={(position) => renderItem(at(position), position)}
        itemProps={(position) => itemProps?.(at(position), position) ?? {}}
        itemLabel={(position) => itemLabel?.(at(position), position) ?? `Item ${position + 1}`}
        storedIndex={(position) => storedIndex?.(at(position), position) ?? position}
        newItem={newItem}
      />
    )
    return isEmpty ? (
      <>
        {empty}
        {editor}
      </>
    ) : (
      editor
    )
  }
  if (isEmpty) return <>{empty}</>
  return (
    <Tag {...rest} {...editAttributes(isEditing, { contentKey, path, kind: 'list' })}>
      {items.map((item, position) =>
        Item === Fragment ? (
          <Fragment key={itemKey(item, position)}>{renderItem(item, position)}</Fragment>
        ) : (
          <Item key={itemKey(item, position)} {...itemProps?.(item, position)}>
            {renderItem(item, position)}
          </Item>
        ),
      )}
    </Tag>
  )
}
