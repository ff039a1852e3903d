import { createElement, Fragment, useEffect, useRef, useState } from 'react'
import type { HTMLAttributes, ReactNode, RefObject } from 'react'

import { formatCount } from '../../entities/counts.ts'
import './paged-list.css'

/** What {@link usePaging} needs to know. */
export type PagingOptions<T> = {
  items: readonly T[]
  /** How many items show at first, and how many more each press of "Show more" adds. */
  pageSize: number
  /**
   * The id of the element an item renders, when a link (`#id`) may point at it: an item not
   * shown yet is revealed, with the pages before it, when the address names it.
   */
  anchorOf?: (item: T) => string
  /** For a count held by the page (when two lists show the same items): the count. */
  shown?: number
  /** With `shown`: asked to change it. */
  onShownChange?: (shown: number) => void
  /** The element whose children are the items: after "Show more", focus moves to the first new one. */
  listRef: RefObject<HTMLElement | null>
}

/** The state of a paged list, for rendering it and its {@link ShowMore} button. */
export type Paging<T> = {
  /** The items to render now. */
  visible: readonly T[]
  total: number
  /** How many the next press adds. */
  next: number
  showMore(): void
  /** What the status region says after a press. */
  announcement: string
}

/** The count that shows item `index`, rounded up to whole pages. */
function countShowing(index: number, pageSize: number): number {
  return Math.ceil((index + 1) / pageSize) * pageSize
}

/**
 * Paging for a list that may be long: the first page renders (and is all the prerendered HTML
 * holds), each "Show more" adds a page and moves focus to the first new item, and a link to an
 * item further on reveals it.
 *
 * @example
 * const rows = useRef<HTMLTableSectionElement>(null)
 * const paging = usePaging({ items: picks, pageSize: 25, listRef: rows })
 * <tbody ref={rows}>…</tbody>
 * <ShowMore paging={paging} noun="draft picks" />
 */
export function usePaging<T>({
  items,
  pageSize,
  anchorOf,
  shown: heldShown,
  onShownChange,
  listRef,
}: PagingOptions<T>): Paging<T> {
  const [ownShown, setOwnShown] = useState(pageSize)
  const [announcement, setAnnouncement] = useState('')
  const requested = heldShown ?? ownShown
  const shown = Math.min(requested, items.length)
  const focusFrom = useRef<number | undefined>(undefined)

  const setShown = (count: number) => {
    if (onShownChange) onShownChange(count)
    else setOwnShown(count)
  }

  // The latest values, for the listener below, which is added once.
  const latest = useRef({ items, anchorOf, requested, pageSize, setShown })
  useEffect(() => {
    latest.current = { items, anchorOf, requested, pageSize, setShown }
  })

  useEffect(() => {
    const from = focusFrom.current
    if (from === undefined) return
    focusFrom.current = undefined
    const first = listRef.current?.children[from]
    if (!(first instanceof HTMLElement)) return
    // Focus lands on the item itself, so the next Tab continues inside it.
    if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1')
    first.setAttribute('data-paged-focus', '')
    first.focus()
  }, [shown, listRef])

  useEffect(() => {
    const reveal = () => {
      const { items: all, anchorOf: idOf, requested: count, pageSize: size } = latest.current
      const id = decodeURIComponent(window.location.hash.slice(1))
      if (!idOf || !id) return
      const index = all.findIndex((item) => idOf(item) === id)
      if (index >= count) latest.current.setShown(countShowing(index, size))
    }
    reveal()
    window.addEventListener('hashchange', reveal)
    return () => window.removeEventListener('hashchange', reveal)
  }, [])

  const next = Math.min(pageSize, items.length - shown)
  return {
    visible: shown < items.length ? items.slice(0, shown) : items,
    total: items.length,
    next,
    showMore() {
      if (next <= 0) return
      focusFrom.current = shown
      setShown(shown + next)
      setAnnouncement(`Showing ${formatCount(shown + next)} of ${formatCount(items.length)}.`)
    },
    announcement,
  }
}

/** Props of {@link ShowMore}. */
export type ShowMoreProps = {
  paging: Pick<Paging<unknown>, 'next' | 'total' | 'showMore' | 'announcement'>
  /** What the items are, in the plural: `teams`, `news posts`. */
  noun: string
  /** An id for the button's block, so that a link can lead to it. */
  id?: string
}

/**
 * The "Show N more (of M)" button of a paged list and its status message. Renders only the
 * (empty) status region once everything shows.
 */
export function ShowMore({ paging, noun, id }: ShowMoreProps) {
  return (
    <div className="paged-list__more" id={id}>
      {paging.next > 0 && (
        <button type="button" className="btn btn--outline" onClick={paging.showMore}>
          Show {formatCount(paging.next)} more{' '}
          <span className="paged-list__total">
            (of {formatCount(paging.total)} {noun})
          </span>
        </button>
      )}
      <p className="visually-hidden" role="status">
        {paging.announcement}
      </p>
    </div>
  )
}

/** Props of {@link PagedList}. */
export type PagedListProps<T> = Omit<PagingOptions<T>, 'listRef'> & {
  /** A stable React key for an item. */
  itemKey: (item: T, index: number) => string
  /** Renders one item; its root element is one child of the list element. */
  renderItem: (item: T, index: number) => ReactNode
  /** The list element: `ul` by default. */
  as?: 'ul' | 'ol' | 'div'
  /** Attributes of the list element (class, role, labels). */
  listProps?: HTMLAttributes<HTMLElement>
  /** What the items are, in the plural, for the button. */
  noun: string
  /** An id for the button's block. */
  moreId?: string
}

/**
 * A list that renders its first page and a "Show more" button for the rest: long lists of
 * stored content cost the page only what the visitor asks to see.
 *
 * @example
 * <PagedList items={posts} pageSize={12} noun="news posts" itemKey={(p) => p.id}
 *   listProps={{ className: 'grid news-list' }} renderItem={(p) => <NewsCard post={p} />} />
 */
export function PagedList<T>({
  itemKey,
  renderItem,
  as = 'ul',
  listProps,
  noun,
  moreId,
  ...options
}: PagedListProps<T>) {
  const listRef = useRef<HTMLElement>(null)
  const paging = usePaging({ ...options, listRef })
  return (
    <>
      {createElement(
        as,
        { ...listProps, ref: listRef },
        paging.visible.map((item, index) => (
          <Fragment key={itemKey(item, index)}>{renderItem(item, index)}</Fragment>
        )),
      )}
      <ShowMore paging={paging} noun={noun} id={moreId} />
    </>
  )
}
