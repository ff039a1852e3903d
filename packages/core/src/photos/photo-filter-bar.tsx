import { useEffect, useId, useRef, useState } from 'react'

import type { PhotoFilters } from './photo-library-props.ts'

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
      <div className="photo-library__field photo-library__field--wide">
        <label htmlFor={`${id}-search`}>Search</label>
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
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-album`}>Album</label>
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
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
        />
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
      </div>
      <label className="photo-library__check">
        <input
          type="checkbox"
          checked={filters.needsAltText}
          onChange={(event) => set({ needsAltText: event.currentTarget.checked })}
        />
        Needs alt text
      </label>
      <label className="photo-library__check">
        <input
          type="checkbox"
          checked={filters.notUsed}
          onChange={(event) => set({ notUsed: event.currentTarget.checked })}
        />
        Not used anywhere
      </label>
    </form>
  )
}
