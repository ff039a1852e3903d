import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import type { DragEndEvent } from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Fragment, useState } from 'react'
import type { CSSProperties } from 'react'

import { editAttributes } from '../editable.tsx'
import type { ListEditorProps } from '../editing-context.ts'
import { useEditorServices } from './editor-services.ts'
import { targetLabel } from './target-label.ts'

/** The list operations, on the stored array: pure, so the editor's effects are easy to check. */
export const listOps = {
  move: (items: readonly unknown[], from: number, to: number) => arrayMove([...items], from, to),
  remove: (items: readonly unknown[], index: number) => items.filter((_, i) => i !== index),
  add: (items: readonly unknown[], item: unknown) => [...items, item],
}

/**
 * A list in edit mode: each item gets a drag handle (pointer, or keyboard: Space to lift,
 * arrows to move, Space to drop, Escape to cancel), Move up / Move down buttons, Remove with
 * a confirmation, and the list an Add button when the page gives a new item. Every change
 * saves the whole stored array at once.
 *
 * @example
 * <EditingSurface editors={{ List: ListEditor }} …><HomePage … /></EditingSurface>
 */
export function ListEditor(props: ListEditorProps) {
  const { target, as: Tag, elementProps, count, itemKey, itemLabel, storedIndex, newItem } = props
  const { read, onEdit } = useEditorServices()
  const [status, setStatus] = useState('')
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const positions = Array.from({ length: count }, (_, position) => position)
  const ids = positions.map(itemKey)
  const listName = targetLabel(target)

  // The stored array, read at the moment of the change; an edit is refused rather than
  // guessed when the page's list and the document disagree (nothing is ever saved as []).
  const change = (
    position: number,
    next: (items: readonly unknown[], index: number) => unknown[],
  ) => {
    const value = read(target.contentKey, target.path)
    const index = storedIndex(position)
    if (!Array.isArray(value) || index < 0 || index >= value.length) return false
    onEdit(target, next(value, index))
    return true
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return
    const destination = storedIndex(to)
    if (destination < 0) return
    if (change(from, (items, index) => listOps.move(items, index, destination))) {
      setStatus(`Moved ${itemLabel(from)} to position ${to + 1} of ${count}.`)
    }
  }
  const remove = (position: number) => {
    if (change(position, listOps.remove)) setStatus(`Removed ${itemLabel(position)}.`)
  }
  const add = () => {
    const value = read(target.contentKey, target.path)
    if (!newItem || !Array.isArray(value)) return
    onEdit(target, listOps.add(value, newItem()))
    setStatus(`Added an item to ${listName}.`)
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }

  const footer = (
    <>
      {newItem && (
        <button type="button" className="edit-chip" onClick={add}>
          Add to {listName}
        </button>
      )}
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </>
  )
  // A table body may only hold rows: there, the footer is a last row of its own.
  const inTable = Tag === 'tbody'

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          // Its live region and instructions go to the body: rendered in place they would
          // sit inside the list's parent (a table, for a tbody), where they are not allowed.
          container: typeof document === 'undefined' ? undefined : document.body,
          announcements: {
            onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
            onDragOver: ({ over }) =>
              over ? `Over position ${ids.indexOf(String(over.id)) + 1}.` : '',
            onDragEnd: ({ over }) =>
              over ? `Dropped at position ${ids.indexOf(String(over.id)) + 1}.` : 'Dropped.',
            onDragCancel: () => 'Move cancelled.',
          },
        }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <Tag {...elementProps} {...editAttributes(true, target)}>
            {positions.map((position) => (
              <SortableItem
                key={ids[position]}
                id={ids[position] ?? String(position)}
                position={position}
                list={props}
                onMove={move}
                onRemove={remove}
              />
            ))}
            {inTable && (
              <tr>
                <td colSpan={100} className="edit-list__footer">
                  {footer}
                </td>
              </tr>
            )}
          </Tag>
        </SortableContext>
      </DndContext>
      {!inTable && <div className="edit-list__footer">{footer}</div>}
    </>
  )

  function labelOf(id: string | number) {
    return itemLabel(ids.indexOf(String(id)))
  }
}

function SortableItem({
  id,
  position,
  list,
  onMove,
  onRemove,
}: {
  id: string
  position: number
  list: ListEditorProps
  onMove: (from: number, to: number) => void
  onRemove: (position: number) => void
}) {
  const { itemAs: Item, itemProps, renderItem, itemLabel, count, target, storedIndex } = list
  const { itemPanels } = useEditorServices()
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id })
  const [confirming, setConfirming] = useState(false)
  const [panelOpen, setPanelOpen] = useState(false)
  const own = itemProps(position)
  const label = itemLabel(position)
  const Panel = itemPanels[target.contentKey]
  // A table row may only hold cells: there, the controls get a cell of their own (a plain
  // cell, so the row keeps only cells; the group is inside it).
  const InCell = Item === 'tr' ? 'td' : Fragment
  const style: CSSProperties = {
    ...(own.style as CSSProperties | undefined),
    transform: CSS.Transform.toString(transform),
    transition,
    ...(isDragging ? { zIndex: 2, position: 'relative' } : {}),
  }
  return (
    <Item {...own} ref={setNodeRef} style={style} data-edit-item="">
      <InCell>
        <div className="edit-list__controls" role="group" aria-label={`${label}: list controls`}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="edit-chip edit-list__handle"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${label}`}
          >
            ⠿
          </button>
          <button
            type="button"
            className="edit-chip"
            aria-label={`Move ${label} up`}
            disabled={position === 0}
            onClick={() => onMove(position, position - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="edit-chip"
            aria-label={`Move ${label} down`}
            disabled={position === count - 1}
            onClick={() => onMove(position, position + 1)}
          >
            ↓
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="edit-chip edit-chip--danger"
                onClick={() => {
                  setConfirming(false)
                  onRemove(position)
                }}
              >
                Remove {label}?
              </button>
              <button type="button" className="edit-chip" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button
              type="button"
              className="edit-chip"
              aria-label={`Remove ${label}`}
              onClick={() => setConfirming(true)}
            >
              ✕
            </button>
          )}
          {Panel && (
            <button
              type="button"
              className="edit-chip"
              aria-label={`Settings of ${label}`}
              onClick={() => setPanelOpen(true)}
            >
              ⚙
            </button>
          )}
        </div>
      </InCell>
      {renderItem(position)}
      {Panel && panelOpen && (
        <Panel
          contentKey={target.contentKey}
          path={[...target.path, storedIndex(position)]}
          label={label}
          onClose={() => setPanelOpen(false)}
        />
      )}
    </Item>
  )
}
