/**
 * The photo library's grid: only the rows in view (and a few around them) are in the page, so
 * a library of 50,000 photos scrolls like one of 50. The page scrolls as a whole (the window),
 * so the grid uses TanStack Virtual's window virtualizer; rows have one computed height.
 *
 * Keyboard (the ARIA grid pattern): one tab stop, on the active photo; arrows, Home/End,
 * Ctrl+Home/End and Page Up/Down move it; Space selects (Shift+Space: from the last selected
 * one to here); Enter opens the photo. The active photo's row is always rendered, so focus is
 * never lost when it scrolls out of view. Pointer: the round check box selects (Shift: a range),
 * anywhere else on the photo opens it.
 *
 * Pure: photos in by index (`entryAt`), what is in view out (`onRangeChange`).
 */
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual'
import type { Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent, MouseEvent } from 'react'

import { AdminStyle } from '../ui/admin-style.tsx'
import photoGridCss from './photo-grid.css?inline'

/** A photo as the page shows it. */
export type PhotoLibraryEntry = {
  id: string
  /** What the photo is called in the grid (its original file name, or its path's last segment). */
  name: string
  /** The address of the photo. */
  src: string
  /** The address of its thumbnail, shown in the grid when there is one. */
  thumbnailSrc?: string
  alt: string
  /** The alt text is a guess (the bulk uploader's, from the file name) until a person saves it. */
  needsAltText?: boolean
  caption?: string
  width?: number
  height?: number
  /** The album's title, when the photo is in one. */
  album?: string
  /** When it was taken, else uploaded, as people read it. */
  date?: string
}

/** The narrowest a photo's cell gets, in CSS pixels; the grid fits as many columns as it can. */
const MIN_CELL = 150
const GAP = 12
/** The name and badges under the picture. */
const LABEL_HEIGHT = 52

export type PhotoGridProps = {
  /** How many photos match (the grid's length). */
  total: number
  /** The photo at `index`, or undefined while its page loads. */
  entryAt(index: number): PhotoLibraryEntry | undefined
  /** Called with the indexes in view (and around them) whenever they change. */
  onRangeChange(start: number, end: number): void
  selected: ReadonlySet<string>
  onSelect(ids: readonly string[], on: boolean): void
  onOpen(entry: PhotoLibraryEntry, index: number): void
}

function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GAP) / (MIN_CELL + GAP)))
}

export function PhotoGrid({
  total,
  entryAt,
  onRangeChange,
  selected,
  onSelect,
  onOpen,
}: PhotoGridProps) {
  const gridRef = useRef<HTMLDivElement>(null)
  const keysId = useId()
  const [width, setWidth] = useState(0)
  const [scrollMargin, setScrollMargin] = useState(0)
  const [active, setActive] = useState(0)
  const anchor = useRef<number | null>(null)
  const focusWanted = useRef(false)

  // The grid's width decides the columns; its distance from the top of the page, where the
  // virtual rows start.
  useLayoutEffect(() => {
    const grid = gridRef.current
    if (!grid) return
    const measure = () => {
      setWidth(grid.clientWidth)
      setScrollMargin(grid.getBoundingClientRect().top + window.scrollY)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(grid)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])

  const columns = columnsFor(width || 320)
  const cellWidth = ((width || 320) - GAP * (columns - 1)) / columns
  const rowHeight = Math.round((cellWidth * 3) / 4 + LABEL_HEIGHT + GAP)
  const rowCount = Math.ceil(total / columns)
  const current = Math.min(active, Math.max(total - 1, 0))
  const activeRow = Math.floor(current / columns)

  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range)
      // The active photo's row stays rendered, so the focus on it is never dropped.
      return rows.includes(activeRow) || activeRow >= rowCount
        ? rows
        : [...rows, activeRow].sort((a, b) => a - b)
    },
    [activeRow, rowCount],
  )

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
    rangeExtractor,
  })
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])

  const rows = virtualizer.getVirtualItems()
  const firstRow = rows[0]?.index ?? 0
  const lastRow = rows.at(-1)?.index ?? 0
  useEffect(() => {
    if (total === 0) return
    onRangeChange(firstRow * columns, Math.min(total, (lastRow + 1) * columns))
  }, [firstRow, lastRow, columns, total, onRangeChange])

  // After a keyboard move, the new active photo takes the focus once its row is rendered.
  useEffect(() => {
    if (!focusWanted.current) return
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-index="${current}"]`)
    if (cell) {
      focusWanted.current = false
      cell.focus({ preventScroll: true })
    }
  })

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(total - 1, index))
    focusWanted.current = true
    setActive(next)
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' })
  }

  const selectRange = (to: number) => {
    const from = anchor.current ?? to
    const ids: string[] = []
    for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
      const entry = entryAt(index)
      if (entry) ids.push(entry.id)
    }
    onSelect(ids, true)
  }

  const toggle = (index: number, range: boolean) => {
    const entry = entryAt(index)
    if (!entry) return
    if (range && anchor.current !== null) selectRange(index)
    else onSelect([entry.id], !selected.has(entry.id))
    anchor.current = index
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const perPage = Math.max(1, Math.floor(window.innerHeight / rowHeight) - 1) * columns
    const control = event.ctrlKey || event.metaKey
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + columns,
      ArrowUp: current - columns,
      PageDown: current + perPage,
      PageUp: current - perPage,
      Home: control ? 0 : current - (current % columns),
      End: control ? total - 1 : current - (current % columns) + columns - 1,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      // Down from the last full row goes to the last photo rather than nowhere.
      moveTo(event.key === 'ArrowDown' && target >= total ? total - 1 : target)
    } else if (event.key === ' ') {
      event.preventDefault()
      toggle(current, event.shiftKey)
    } else if (event.key === 'Enter') {
      const entry = entryAt(current)
      if (entry) {
        event.preventDefault()
        onOpen(entry, current)
      }
    }
  }

  const onCellClick = (event: MouseEvent<HTMLElement>, index: number) => {
    setActive(index)
    const entry = entryAt(index)
    if (!entry) return
    const onCheck = (event.target as HTMLElement).closest('.photo-grid__check') !== null
    if (onCheck || event.shiftKey || event.ctrlKey || event.metaKey) {
      toggle(index, event.shiftKey)
    } else {
      onOpen(entry, index)
    }
  }

  return (
    <>
      <AdminStyle id="club-photo-grid" css={photoGridCss} />
      <p id={keysId} className="photo-library__hint">
        Arrow keys move between photos, Space selects (Shift+Space selects a range), Enter opens a
        photo.
      </p>
      <div
        ref={gridRef}
        role="grid"
        aria-label="Photos"
        aria-multiselectable="true"
        aria-rowcount={rowCount}
        aria-colcount={columns}
        aria-describedby={keysId}
        className="photo-grid"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 1}
            className="photo-grid__row"
            style={{
              height: rowHeight - GAP,
              transform: `translateY(${row.start - scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {Array.from({ length: columns }, (_, column) => {
              const index = row.index * columns + column
              if (index >= total) return null
              const entry = entryAt(index)
              const isSelected = entry ? selected.has(entry.id) : false
              return (
                <div
                  key={column}
                  role="gridcell"
                  aria-colindex={column + 1}
                  aria-selected={isSelected}
                  tabIndex={index === current ? 0 : -1}
                  data-index={index}
                  className="photo-grid__cell"
                  onClick={(event) => onCellClick(event, index)}
                  onFocus={() => setActive(index)}
                >
                  {entry ? (
                    <PhotoCell entry={entry} selected={isSelected} />
                  ) : (
                    <span className="photo-grid__loading">Loading photo {index + 1}…</span>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </>
  )
}

function PhotoCell({ entry, selected }: { entry: PhotoLibraryEntry; selected: boolean }) {
  const src = entry.thumbnailSrc ?? entry.src
  // The address that failed (a cell is reused for another photo while scrolling).
  const [failed, setFailed] = useState<string | null>(null)
  const missing = failed === src
  const needsAlt = entry.alt.trim() === '' || entry.needsAltText
  return (
    <>
      <span className="photo-grid__check" aria-hidden="true" data-checked={selected || undefined} />
      {missing ? (
        <span className="photo-grid__missing">Image file missing</span>
      ) : (
        <img
          src={src}
          alt={entry.alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
        />
      )}
      <span className="photo-grid__label">
        <span className="photo-grid__name">{entry.name}</span>
        {needsAlt && <span className="photo-library__badge">Needs alt text</span>}
        {entry.album && <span className="photo-library__album">{entry.album}</span>}
      </span>
    </>
  )
}
