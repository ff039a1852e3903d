import { lazy, Suspense, useRef, useState } from 'react'

import './site-search.css'

/** The dialog, loaded the first time someone opens it: no page's start-up code carries it. */
const SearchDialog = lazy(() => import('./search-dialog.tsx'))

/**
 * The header's search button (issue 35 §2), at every width: a magnifier whose name is
 * "Search", which opens the search dialog (site/search-dialog.tsx). Closing the dialog puts
 * focus back on it.
 */
export function SiteSearch() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // Mounted from the first opening on, so a second opening is at once.
  const [opened, setOpened] = useState(false)
  const [opening, setOpening] = useState(0)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="site-search-button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true)
          setOpening((count) => count + 1)
          setOpen(true)
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog open={open} opening={opening} onOpenChange={setOpen} opener={button} />
        </Suspense>
      )}
    </>
  )
}
