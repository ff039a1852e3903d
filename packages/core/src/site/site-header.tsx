import { useEffect, useRef, useState } from 'react'
import type {
  FocusEvent as ReactFocusEvent,
  KeyboardEvent as ReactKeyboardEvent,
  ReactNode,
} from 'react'
import { flushSync } from 'react-dom'
import { useLocation } from 'react-router'

import {
  HEADER_ACTIONS,
  HEADER_NAV,
  NAV_ITEMS,
  isCoveredPage,
  isCurrentPage,
  isInSection,
  isNavGroup,
} from './site-nav.ts'
import { CLUB_SHORT_NAME } from '../pages/shared/club-names.ts'
import { Link } from '../ui/link.tsx'
import { contentSettled, useOptionalContentStore } from '../content/content-provider.tsx'
import { SiteSearch } from './site-search.tsx'
import type { NavGroup, NavLinkItem } from './site-nav.ts'
import type * as RegistrationModule from '../pages/program/registration.ts'
import './site-header.css'

function hrefOf(to: string, basePath: string): string {
  return `${basePath}${to === '/' ? '' : to}` || '/'
}

/** The path a route shows, without the editing view's prefix. */
function pagePath(pathname: string, basePath: string): string {
  if (!basePath || !pathname.startsWith(basePath)) return pathname
  return pathname.slice(basePath.length) || '/'
}

/**
 * Where the header is shown: the editing view's prefix (`''` on the public site) and the page's
 * path without it.
 */
type NavPlace = { basePath: string; path: string }

type LinkProps = { item: NavLinkItem; place: NavPlace; className: string }

/**
 * A navigation list item: its link says when it is the page being shown
 * (`aria-current="page"`), or the entry a page below it belongs to (`aria-current="true"`: a
 * team's page for Teams & Rosters).
 */
function NavItem({ item, place: { basePath, path }, className }: LinkProps) {
  const current = isCurrentPage(item, path)
    ? 'page'
    : isCoveredPage(item, path)
      ? 'true'
      : undefined
  const section = isInSection(item, path)
  return (
    <li>
      <Link
        to={hrefOf(item.to, basePath)}
        className={section ? `${className} is-section` : className}
        aria-current={current}
      >
        {item.label}
      </Link>
    </li>
  )
}

/** The links of a menu panel, for arrow-key movement between them. */
function panelLinks(panel: HTMLElement | null): HTMLAnchorElement[] {
  return panel ? [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')] : []
}

/**
 * The wide header's navigation: links and groups of links, each group a disclosure button
 * (`aria-expanded`, `aria-controls`) and the list it shows. One group is open at a time;
 * Escape closes it and puts focus back on its button; leaving it, clicking elsewhere or
 * navigating closes it. Arrow keys open a group and move through its links.
 */
function HeaderNav({ place }: { place: NavPlace }) {
  const { path } = place
  const nav = useRef<HTMLElement>(null)
  // The open group remembers the path it was opened on, so navigating closes it.
  const [openState, setOpenState] = useState<{ index: number; path: string } | null>(null)
  const open = openState?.path === path ? openState.index : null
  const setOpen = (index: number | null) => setOpenState(index === null ? null : { index, path })

  // Fixed ids (one header per page): they are the same in the prerendered HTML and in the
  // browser whatever wraps the header, which useId's are only if both trees match exactly.
  const toggleId = (index: number) => `site-nav-toggle-${index}`
  const panelId = (index: number) => `site-nav-panel-${index}`

  useEffect(() => {
    if (open === null) return
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenState(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const openAndFocus = (index: number, which: 'first' | 'last') => {
    flushSync(() => setOpen(index))
    const links = panelLinks(document.getElementById(panelId(index)))
    links[which === 'first' ? 0 : links.length - 1]?.focus()
  }

  const onToggleKeyDown = (index: number) => (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openAndFocus(index, event.key === 'ArrowDown' ? 'first' : 'last')
    }
  }

  const onPanelKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const links = panelLinks(event.currentTarget)
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % links.length,
      ArrowUp: (at - 1 + links.length) % links.length,
      Home: 0,
      End: links.length - 1,
    }
    const next = to[event.key]
    if (next === undefined || links.length === 0) return
    event.preventDefault()
    links[next]?.focus()
  }

  const onKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || open === null) return
    event.preventDefault()
    setOpen(null)
    document.getElementById(toggleId(open))?.focus()
  }

  // Focus moving to another element outside the group closes it. A blur with no new focus
  // is a click on something that does not take focus (a Safari button, the page): the
  // pointerdown listener above decides those, so a click on a link in the panel still lands.
  const onGroupBlur = (index: number) => (event: ReactFocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget
    if (next && !event.currentTarget.contains(next) && open === index) setOpen(null)
  }

  const group = (entry: NavGroup, index: number) => {
    const expanded = open === index
    const section = entry.items.some((item) => isInSection(item, path))
    return (
      <li key={entry.label} className="site-nav__group" onBlur={onGroupBlur(index)}>
        <button
          type="button"
          id={toggleId(index)}
          className={
            section ? 'bar-button site-nav__toggle is-section' : 'bar-button site-nav__toggle'
          }
          aria-expanded={expanded}
          aria-controls={panelId(index)}
          onClick={() => setOpen(expanded ? null : index)}
          onKeyDown={onToggleKeyDown(index)}
        >
          {entry.label}
          <span className="site-nav__chevron" aria-hidden="true" />
        </button>
        <ul
          id={panelId(index)}
          className="site-nav__panel"
          hidden={!expanded}
          onKeyDown={onPanelKeyDown}
        >
          {entry.items.map((item) => (
            <NavItem key={item.to} item={item} place={place} className="site-nav__sublink" />
          ))}
        </ul>
      </li>
    )
  }

  return (
    <nav ref={nav} className="site-nav" aria-label="Main" onKeyDown={onKeyDown}>
      <ul className="site-nav__list">
        {HEADER_NAV.map((entry, index) =>
          isNavGroup(entry) ? (
            group(entry, index)
          ) : (
            <NavItem
              key={entry.to}
              item={entry}
              place={place}
              className="bar-button site-nav__link"
            />
          ),
        )}
      </ul>
    </nav>
  )
}

let registration: Promise<typeof RegistrationModule> | undefined
/** The rules of registration, loaded once (again after a load that failed). */
function loadRegistration() {
  const loading = (registration ??= import('../pages/program/registration.ts'))
  loading.catch(() => {
    if (registration === loading) registration = undefined
  })
  return loading
}

/**
 * True once the programs document is read and a program's registration is open (a usable link
 * is set). False while prerendering and hydrating, and until the read answers: the header never
 * offers "Register" on a site where no program can be registered for. It follows the store on
 * its own, so nothing above the page's boundary re-renders (see SiteLayout).
 */
function useRegistrationOpen(): boolean {
  const store = useOptionalContentStore()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!store) return
    let live = true
    // Once the read that carries the programs' registrations (`programRegistrations`, which the
    // database derives from the programs) has answered (or failed), the document shown is the one to go
    // by: stored, else built-in. The rules of registration load then, not with
    // the start-up chunk (the header hydrates, and runs this effect, before the page has).
    const check = () => {
      if (!live || !contentSettled(store, ['programRegistrations'])) return
      if (!store.ready('programRegistrations')) {
        void Promise.resolve(store.whenReady('programRegistrations')).then(check, () => {})
        return
      }
      const programs = store.get('programRegistrations')
      loadRegistration().then(
        ({ anyRegistrationOpen }) => {
          if (live) setOpen(anyRegistrationOpen(programs))
        },
        // Not loaded (offline): no "Register", as before the read answered; the next check retries.
        () => {},
      )
    }
    const unsubscribe = store.subscribe(check)
    check()
    return () => {
      live = false
      unsubscribe()
    }
  }, [store])
  return open
}
function Actions({ basePath, className }: { basePath: string; className: string }) {
  const registrationOpen = useRegistrationOpen()
  return (
    <div className={className}>
      <Link className="btn btn--outline" to={hrefOf(HEADER_ACTIONS.schedule.to, basePath)}>
        {HEADER_ACTIONS.schedule.label}
      </Link>
      {registrationOpen && (
        <Link className="btn btn--primary" to={hrefOf(HEADER_ACTIONS.register.to, basePath)}>
          {HEADER_ACTIONS.register.label}
        </Link>
      )}
    </div>
  )
}

/**
 * The phone menu. It is a <details> element, so it opens before the JavaScript has
 * loaded, and the page behind it stops scrolling by CSS alone. Once the app runs, Escape,
 * a tap outside the menu or moving focus out of it closes it; Escape and a tap outside put
 * focus back on the button. Navigating closes it.
 */
function PhoneMenu({ path, children }: { path: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null)
  const summary = useRef<HTMLElement>(null)
  const [open, setOpen] = useState(false)
  const shownPath = useRef(path)

  // Navigating closes it; starting up does not: a menu opened before the app started stays
  // open, and the app follows it (Escape, a tap outside) from then on.
  useEffect(() => {
    if (details.current?.open) setOpen(true)
  }, [])
  useEffect(() => {
    if (shownPath.current === path) return
    shownPath.current = path
    if (details.current) details.current.open = false
  }, [path])

  useEffect(() => {
    const menu = details.current
    if (!open || !menu) return
    const close = (returnFocus: boolean) => {
      menu.open = false
      if (returnFocus) summary.current?.focus({ preventScroll: true })
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      close(true)
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.contains(event.target as Node)) close(true)
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!menu.contains(event.target as Node)) close(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [open])

  return (
    <details
      className="site-menu"
      ref={details}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary ref={summary} className="site-menu__button">
        <span aria-hidden="true" className="site-menu__icon" />
        <span className="site-menu__when-closed">Menu</span>
        <span className="site-menu__when-open">Close</span>
      </summary>
      <div className="site-menu__sheet">{children}</div>
      {/* Covers the page below the sheet: a tap on it closes the menu and goes no further. */}
      <div
        className="site-menu__scrim"
        aria-hidden="true"
        onClick={() => {
          if (details.current) details.current.open = false
          summary.current?.focus({ preventScroll: true })
        }}
      />
    </details>
  )
}

/**
 * The site header: the logo (the home link), the main navigation, the calls to action and the
 * search button (site-search.tsx).
 * From 1024 px the navigation shows as links and menus in one row; below, a menu button
 * opens the whole list in the spec's order. `basePath` is `/admin/edit` in the editing view.
 */
export function SiteHeader({ basePath = '' }: { basePath?: string }) {
  const { pathname } = useLocation()
  const path = pagePath(pathname, basePath)
  const place = { basePath, path }

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__bar container">
        <Link
          to={hrefOf('/', basePath)}
          className="site-header__brand"
          aria-current={path === '/' ? 'page' : undefined}
        >
          <img src="/images/logo.svg" alt="" width="44" height="44" />
          <span className="site-header__name">
            {CLUB_SHORT_NAME}
            <span className="visually-hidden">, home</span>
          </span>
        </Link>
        <HeaderNav place={place} />
        <Actions basePath={basePath} className="site-header__actions" />
        {/* The public site's pages only: the editing view's are not what the index holds. */}
        {!basePath && <SiteSearch />}
        <PhoneMenu path={path}>
          <Actions basePath={basePath} className="site-menu__actions" />
          <nav aria-label="Main (menu)">
            <ul className="site-menu__list">
              {NAV_ITEMS.map((item) => (
                <NavItem key={item.to} item={item} place={place} className="site-menu__link" />
              ))}
            </ul>
          </nav>
        </PhoneMenu>
      </div>
    </header>
  )
}
