import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import type { PhotoFilters } from './photo-library-props.ts'

/** The date bounds (taken or uploaded on or after `from`, on or before `to`), by label. */
const DATE_FILTERS = [
  ['from', 'From'],
  ['to', 'To'],
] as const satisfies readonly (readonly [keyof PhotoFilters, string])[]

/** The filters that are boxes to tick, by label. */
const CHECK_FILTERS = [
  ['needsAltText', 'Needs alt text'],
  ['notUsed', 'Not used anywhere'],
] as const satisfies readonly (readonly [keyof PhotoFilters, string])[]

/** One labelled control of the filter bar (`wide`: the search box's wider field). */
function FilterField({
  controlId,
  label,
  wide = false,
  children,
}: {
  controlId: string
  label: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={wide ? 'photo-library__field photo-library__field--wide' : 'photo-library__field'}
    >
      <label htmlFor={controlId}>{label}</label>
      {children}
    </div>
  )
}

/** The search and filter controls; the search box applies shortly after typing stops. */
export function FilterBar({
  filters,
  albums,
  onChange,
}: {
  filters: PhotoFilters
  albums: readonly { id: string; title: string }[]
  onChange(filters: PhotoFilters): void
}) {
  const id = useId()
  const [search, setSearch] = useState(filters.search)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The filters as last applied: the search's delayed apply must not bring back what they
  // were when typing stopped (a date or box changed in those 300 ms would be undone).
  const latest = useRef(filters)
  useEffect(() => {
    latest.current = filters
  }, [filters])
  useEffect(() => () => clearTimeout(timer.current), [])
  const apply = (next: PhotoFilters) => {
    // Any change applies the search as typed, so a pending delayed apply has nothing left to do.
    clearTimeout(timer.current)
    latest.current = next
    onChange(next)
  }
  const set = (change: Partial<PhotoFilters>) => apply({ ...latest.current, search, ...change })
  return (
    <form
      role="search"
      aria-label="Find photos"
      className="photo-library__filters"
      onSubmit={(event) => {
        event.preventDefault()
        set({ search })
      }}
    >
      <FilterField controlId={`${id}-search`} label="Search" wide>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          maxLength={200}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => {
            const value = event.currentTarget.value
            setSearch(value)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => apply({ ...latest.current, search: value }), 300)
          }}
        />
        <span id={`${id}-search-hint`} className="photo-library__hint">
          File name, alt text, caption or album
        </span>
      </FilterField>
      <FilterField controlId={`${id}-album`} label="Album">
        <select
          id={`${id}-album`}
          value={filters.album}
          onChange={(event) => set({ album: event.currentTarget.value })}
        >
          <option value="">All albums</option>
          <option value="none">No album</option>
          {albums.map((album) => (
            <option key={album.id} value={album.id}>
              {album.title}
            </option>
          ))}
        </select>
      </FilterField>
      {DATE_FILTERS.map(([name, label]) => (
        <FilterField key={name} controlId={`${id}-${name}`} label={label}>
          <input
            id={`${id}-${name}`}
            type="date"
            value={filters[name]}
            onChange={(event) => set({ [name]: event.currentTarget.value })}
          />
        </FilterField>
      ))}
      {CHECK_FILTERS.map(([name, label]) => (
        <label key={name} className="photo-library__check">
          <input
            type="checkbox"
            checked={filters[name]}
            onChange={(event) => set({ [name]: event.currentTarget.checked })}
          />
          {label}
        </label>
      ))}
    </form>
  )
}
