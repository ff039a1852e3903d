import { useCallback, useEffect, useId, useMemo, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'

import { useAuth } from '../auth/auth-provider.tsx'
import { browserStorage } from '../content/device-copies.ts'
import { createFormCopies, FormCopiesContext } from '../screen-editors/shared/form-copies.ts'
import { useHead } from '../site/head.tsx'
import { ScrollToTop } from '../site/scroll-manager.tsx'
import { adminHead } from './admin-meta.ts'
import { adminNavFor } from './admin-nav.ts'
import { adminScreenAt, screenAddress } from '../routing/admin-screens.ts'
import { InboxCountProvider, useInboxCount } from './inbox-count.tsx'
import { PendingSavesPanel } from './pending-saves-panel.tsx'
import { ScreenBar } from './screen-bar.tsx'
import { useSidebar } from './use-sidebar.ts'
import { useRememberScreen } from './edit-return.ts'
import { TwoFactorSection } from './two-factor-section.tsx'
import { FormControlsStyle } from '../screen-editors/shared/form-controls.tsx'
import { AdminStyle } from '../ui/admin-style.tsx'
import shellCss from './admin-shell.css?inline'
import { Link } from '../ui/link.tsx'
import { NavLink } from '../pages/shared/nav-link.tsx'
import { ADMIN_HOME } from '../routing/admin-paths.ts'

/**
 * What a signed-in account without editing rights sees instead of any admin screen: the
 * database would refuse its saves, so no editing control is offered at all.
 */
export function CannotEdit() {
  const { user } = useAuth()
  const { pathname } = useLocation()
  useHead(adminHead('Cannot edit', pathname))
  return (
    <section className="admin-panel admin-cannot-edit" aria-labelledby="cannot-edit-title">
      <h1 id="cannot-edit-title">This account cannot edit the site</h1>
      <p>
        {`${user?.email ?? 'This account'} can sign in, but it is not on the club’s staff list, so the site will not accept its changes.`}
      </p>
      <p>Ask the club director to add you to the staff list, then sign in again.</p>
      <p>
        <Link className="btn btn--outline" to="/">
          Go to the public site
        </Link>
      </p>
    </section>
  )
}

/**
 * True while the club requires two-factor sign-in and this staff session has not passed a
 * second factor: the database refuses its work, so the admin asks for enrolment first.
 */
export function needsTwoFactorFirst(auth: {
  isStaff: boolean
  twoFactorRequired: boolean
  aal: string | null
}): boolean {
  return auth.isStaff && auth.twoFactorRequired && auth.aal !== 'aal2'
}

/** The admin of an aal1 staff session while two-factor is required: enrolment, nothing else. */
export function TwoFactorFirst() {
  const { pathname } = useLocation()
  useHead(adminHead('Set up two-factor sign-in', pathname))
  return (
    <section className="admin-panel" aria-labelledby="two-factor-first-title">
      <h1 id="two-factor-first-title">Set up two-factor sign-in first</h1>
      <p>
        The club requires two-factor sign-in for staff. Until you set it up, the site will not
        accept your changes. Set it up below with an authenticator app on your phone.
      </p>
      <TwoFactorSection />
    </section>
  )
}

/** Renders its children only for staff; everyone else gets {@link CannotEdit}. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const auth = useAuth()
  if (!auth.isStaff) return <CannotEdit />
  return needsTwoFactorFirst(auth) ? <TwoFactorFirst /> : children
}

/**
 * What an editor sees on a screen only directors open (Staff, Settings, Profile): the sidebar
 * does not offer it, and the database refuses what it would save (issue 34).
 */
export function DirectorsOnly({ children }: { children: ReactNode }) {
  const { role } = useAuth()
  const { pathname } = useLocation()
  const screen = adminScreenAt(pathname)
  if (!screen?.directorsOnly || role === 'director') return children
  return <DirectorsOnlyNotice label={screen.label ?? 'this screen'} />
}

function DirectorsOnlyNotice({ label }: { label: string }) {
  const { pathname } = useLocation()
  useHead(adminHead(label, pathname))
  return (
    <section className="admin-panel admin-cannot-edit" aria-labelledby="directors-only-title">
      <h1 id="directors-only-title">{`Only directors can open ${label}`}</h1>
      <p>
        Your account is an editor: you can change the site’s pages, news, alerts, field status,
        rosters and photos. Ask a director if something here needs changing.
      </p>
      <p>
        <Link className="btn btn--outline" to={ADMIN_HOME}>
          Go to the admin home
        </Link>
      </p>
    </section>
  )
}

/**
 * Gives the form screens inside the signed-in user's form copies on this device (useDocumentForm
 * keeps each form's unsaved values there, per user and document).
 */
function UserFormCopies({ children }: { children: ReactNode }) {
  const userId = useAuth().user?.id
  const copies = useMemo(
    () => (userId ? createFormCopies(browserStorage(), userId) : null),
    [userId],
  )
  return <FormCopiesContext.Provider value={copies}>{children}</FormCopiesContext.Provider>
}

/**
 * The layout of every admin screen but the in-place editor: a top bar (menu toggle, who is
 * signed in, Log out) and the sidebar of admin areas beside the screen. Below 1024 px the
 * sidebar is closed and the toggle opens it over the screen; Escape, a link or the backdrop
 * closes it and focus goes back to the toggle. This device's saves not stored yet are listed
 * above every screen (PendingSavesPanel), then, on a screen that edits content, its history
 * links and who else is on it (ScreenBar).
 */
export function AdminShell() {
  const auth = useAuth()
  const sidebar = useSidebar()
  const navId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  const mainRef = useRef<HTMLElement>(null)
  const main = useCallback(() => mainRef.current, [])
  const overlay = sidebar.mobile && sidebar.open
  const { setOpen } = sidebar
  // Where edit mode's "Done" comes back to (a non-staff account never reaches edit mode).
  useRememberScreen(auth.isStaff)

  useEffect(() => {
    if (overlay) navRef.current?.querySelector<HTMLElement>('a, button')?.focus()
  }, [overlay])

  const closeOverlay = () => {
    setOpen(false)
    toggleRef.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (overlay && event.key === 'Escape') {
      event.stopPropagation()
      closeOverlay()
    }
  }

  return (
    <InboxCountProvider enabled={auth.isStaff}>
      <div
        className={[
          'admin-shell',
          sidebar.open ? 'admin-shell--open' : '',
          sidebar.mobile ? 'admin-shell--mobile' : '',
        ].join(' ')}
        onKeyDown={onKeyDown}
      >
        <AdminStyle id="club-admin-shell" css={shellCss} />
        <FormControlsStyle />
        <header className="admin-topbar">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn--outline admin-topbar__toggle"
            aria-expanded={sidebar.open}
            aria-controls={navId}
            onClick={sidebar.toggle}
          >
            {sidebar.open ? 'Hide menu' : 'Menu'}
          </button>
          <p className="admin-topbar__who" title={auth.user?.email ?? undefined}>
            {/* On a phone only the address fits beside the buttons: the words before it are
              for screen readers there (admin-shell.css). */}
            <span className="admin-topbar__as">Signed in as </span>
            {`${auth.user?.email ?? ''}${auth.isStaff ? ' (staff)' : ''}`}
          </p>
          <button type="button" className="btn btn--outline" onClick={() => void auth.signOut()}>
            Log out
          </button>
        </header>
        <div className="admin-body">
          <nav
            ref={navRef}
            id={navId}
            className="admin-sidebar"
            aria-label="Admin"
            hidden={!sidebar.open}
          >
            <ul className="admin-sidebar__list">
              {adminNavFor(auth.role).map((item) => (
                <li key={item.to}>
                  <NavLink
                    className="admin-sidebar__link"
                    to={item.to}
                    end={item.end ?? false}
                    // On a phone, following a link should show its screen, not the menu over it.
                    onClick={() => sidebar.mobile && setOpen(false)}
                  >
                    {item.label}
                    {item.to === INBOX_PATH && <UnreadBadge />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {overlay && (
            // A pointer convenience only: Escape and the toggle close it from the keyboard.
            <div className="admin-backdrop" aria-hidden="true" onClick={closeOverlay} />
          )}
          <main ref={mainRef} id="main" className="admin-main" tabIndex={-1}>
            {/* A screen opened from the sidebar starts at its top, as a public page does. */}
            <ScrollToTop />
            <StaffOnly>
              <PendingSavesPanel />
              <ScreenBar root={main} />
              <UserFormCopies>
                <DirectorsOnly>
                  <Outlet />
                </DirectorsOnly>
              </UserFormCopies>
            </StaffOnly>
          </main>
        </div>
      </div>
    </InboxCountProvider>
  )
}

/** Where the inbox is: its sidebar entry carries the unread count. */
const INBOX_PATH = screenAddress('CommunicationsRoute')

/** "3 unread" beside the inbox's entry; nothing while none is unread or not counted yet. */
function UnreadBadge() {
  const { count } = useInboxCount()
  if (!count) return null
  return (
    <>
      {' '}
      <span className="admin-sidebar__count">
        {count}
        <span className="visually-hidden"> unread</span>
      </span>
    </>
  )
}
