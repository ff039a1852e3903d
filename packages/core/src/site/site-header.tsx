import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

import { CLUB_SHORT_NAME, NAV_ITEMS } from './site-nav.ts'
import './site-header.css'

/**
 * Logo, the main navigation and, below 1024 px, a menu button. The menu is a
 * <details> element, so it opens before the JavaScript has loaded.
 */
export function SiteHeader({ basePath = '' }: { basePath?: string }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const { pathname } = useLocation()
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [pathname])

  const links = NAV_ITEMS.map((item) => (
    <li key={item.to}>
      <NavLink to={`${basePath}${item.to === '/' ? '' : item.to}` || '/'} end={item.to === '/'}>
        {item.label}
      </NavLink>
    </li>
  ))

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__bar container">
        <Link to={basePath || '/'} className="site-header__brand">
          <img src="/images/logo.svg" alt="" width="44" height="44" />
          <span>{CLUB_SHORT_NAME}</span>
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <ul>{links}</ul>
        </nav>
        <details className="site-header__menu" ref={menu}>
          <summary>
            <span aria-hidden="true" className="site-header__burger" />
            Menu
          </summary>
          <nav aria-label="Main (menu)">
            <ul>{links}</ul>
          </nav>
        </details>
      </div>
    </header>
  )
}
