import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react'
import { useNavigate } from 'react-router'

import { Link } from '../ui/link.tsx'
import { ModalContent } from '../ui/modal-content.tsx'
import { resultsMessage, searchHit } from './search-results.ts'
import type { PagefindResultData, SearchHit } from './search-results.ts'

/**
 * Where the build writes Pagefind's index and its script (apps/web/scripts/search-index.ts).
 * A variable, so that the bundler leaves the address as it is.
 */
const PAGEFIND_SCRIPT = '/pagefind/pagefind.js'

/** The part of Pagefind's script the dialog uses. */
type Pagefind = {
  options(options: { excerptLength?: number }): Promise<void>
  init(): Promise<void>
  destroy(): Promise<void>
  search(term: string): Promise<{
    results: { id: string; data(): Promise<PagefindResultData> }[]
  } | null>
}

/** How many results show at first, and how many more each "Show more results" adds. */
const PAGE_SIZE = 10
/** Typing that pauses this long is searched for. */
const TYPING_PAUSE_MS = 150

/**
 * Pagefind, with the index as it is now: each opening reads the index's entry again, so a
 * page saved since the last opening (the server re-renders it and the index: see
 * scripts/follow-saves.ts) is found without reloading the page.
 */
async function loadPagefind(): Promise<Pagefind> {
  const pagefind = (await import(/* @vite-ignore */ PAGEFIND_SCRIPT)) as Pagefind
  await pagefind.destroy()
  await pagefind.options({ excerptLength: 24 })
  await pagefind.init()
  return pagefind
}

/**
 * Whether this copy of the site has no search index (the development server, or a host the
 * build's `/pagefind/` folder was not copied to), rather than no connection: the index's entry
 * does not answer as JSON.
 */
async function indexMissing(): Promise<boolean> {
  try {
    const response = await fetch(`${PAGEFIND_SCRIPT.replace(/[^/]+$/, '')}pagefind-entry.json`, {
      cache: 'no-store',
    })
    return !response.ok || !(response.headers.get('content-type') ?? '').includes('json')
  } catch {
    return false
  }
}

type Found = { opening: number; query: string; count: number; hits: SearchHit[] }

/** The links of the results list, for arrow-key movement between them. */
function resultLinks(list: HTMLElement | null): HTMLAnchorElement[] {
  return list ? [...list.querySelectorAll<HTMLAnchorElement>('a[href]')] : []
}

/**
 * The search dialog: a search box, a status line that says how many results there are (a
 * live region: screen readers announce it), and the results, each a link with the page's
 * title (and the section's), its kind and an excerpt with the words found marked. Down
 * arrow goes from the box to the results, the arrows move between them, Up from the first
 * goes back to the box; Enter in the box opens the first result.
 */
export default function SearchDialog({
  open,
  opening,
  onOpenChange,
  opener,
}: {
  open: boolean
  /** Counts the openings: each reads the index again, and shows only what it found. */
  opening: number
  onOpenChange: (open: boolean) => void
  /** The button that opened it, which takes focus back when it closes. */
  opener: RefObject<HTMLButtonElement | null>
}) {
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const pagefind = useRef<Promise<Pagefind> | null>(null)
  const navigated = useRef(false)
  /** After "Show more results", the first result it added takes focus (the button may go). */
  const focusAt = useRef<number | null>(null)
  const [query, setQuery] = useState('')
  const [limit, setLimit] = useState(PAGE_SIZE)
  const [found, setFound] = useState<Found | null>(null)
  /** The opening whose index could not load or answer, and whether the index is not there. */
  const [failure, setFailure] = useState<{ opening: number; missing: boolean } | null>(null)
  const term = query.trim()
  // What this opening found for these words: nothing of an earlier opening or other words.
  const shown = open && found?.opening === opening && found.query === term ? found : null
  const failed = failure?.opening === opening ? failure : null

  // Each opening starts from the index as it is now.
  useEffect(() => {
    if (!open) return
    navigated.current = false
    const loading = loadPagefind()
    pagefind.current = loading
    loading.catch(async () => {
      const missing = await indexMissing()
      if (pagefind.current === loading) setFailure({ opening, missing })
    })
  }, [open, opening])

  useEffect(() => {
    if (!open || !term) return
    let current = true
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const engine = await pagefind.current
          const answer = await engine?.search(term)
          if (!current || !answer) return
          const data = await Promise.all(
            answer.results.slice(0, limit).map((result) => result.data()),
          )
          if (!current) return
          const hits = data.map(searchHit).filter((hit) => hit !== undefined)
          setFound({ opening, query: term, count: answer.results.length, hits })
        } catch {
          if (current) setFailure({ opening, missing: false })
        }
      })()
    }, TYPING_PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [open, opening, term, limit])

  useEffect(() => {
    if (focusAt.current === null || !shown) return
    const link = resultLinks(list.current)[focusAt.current]
    if (!link) return
    focusAt.current = null
    link.focus()
  }, [shown])

  const onInputKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return
    const first = resultLinks(list.current)[0]
    if (!first) return
    event.preventDefault()
    first.focus()
  }

  const onListKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const links = resultLinks(event.currentTarget)
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (at < 0) return
    const to: Record<string, number> = {
      ArrowDown: Math.min(at + 1, links.length - 1),
      ArrowUp: at - 1,
      Home: 0,
      End: links.length - 1,
    }
    const next = to[event.key]
    if (next === undefined) return
    event.preventDefault()
    if (next < 0) input.current?.focus()
    else links[next]?.focus()
  }

  const go = () => {
    navigated.current = true
    onOpenChange(false)
  }

  const message = failed
    ? failed.missing
      ? 'Search is not available on this copy of the site: its index is made when the site is built.'
      : 'Search could not load. Check your connection and try again.'
    : shown
      ? resultsMessage(shown.count, shown.query, shown.hits.length)
      : ''

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="site-search__overlay" />
        <ModalContent
          className="site-search"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
            input.current?.select()
          }}
          // Focus goes back to the button; after a result is opened, where that page puts it.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (!navigated.current) opener.current?.focus()
          }}
        >
          <div className="site-search__head">
            <Dialog.Title className="site-search__title">Search the site</Dialog.Title>
            <Dialog.Close className="site-search__close">Close</Dialog.Close>
          </div>
          <form
            role="search"
            className="site-search__form"
            onSubmit={(event) => {
              event.preventDefault()
              const first = shown?.hits[0]
              if (!first) return
              go()
              void navigate(first.path)
            }}
          >
            <label className="site-search__label" htmlFor="site-search-input">
              Pages, news, events, teams, programs, fields, rules and FAQ
            </label>
            <input
              ref={input}
              id="site-search-input"
              className="site-search__input"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                setLimit(PAGE_SIZE)
              }}
              onKeyDown={onInputKeyDown}
            />
          </form>
          <p role="status" className="site-search__status">
            {message}
          </p>
          {shown && shown.hits.length > 0 && (
            <ul ref={list} className="site-search__results" onKeyDown={onListKeyDown}>
              {shown.hits.map((hit, index) => (
                <li key={`${index} ${hit.path}`}>
                  <Link to={hit.path} className="site-search__result" onClick={go}>
                    <span className="site-search__kind">{hit.kind}</span>
                    <span className="site-search__result-title">
                      {hit.title}
                      {hit.section && hit.section !== hit.title && (
                        <>
                          {' '}
                          <span aria-hidden="true">›</span>
                          <span className="visually-hidden">,</span> {hit.section}
                        </>
                      )}
                    </span>
                    <span className="site-search__excerpt">
                      {hit.excerpt.map((part, at) =>
                        part.marked ? <mark key={at}>{part.text}</mark> : part.text,
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {shown && shown.hits.length < shown.count && (
            <button
              type="button"
              className="btn btn--outline site-search__more"
              onClick={() => {
                focusAt.current = shown.hits.length
                setLimit((shown) => shown + PAGE_SIZE)
              }}
            >
              Show more results
            </button>
          )}
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
