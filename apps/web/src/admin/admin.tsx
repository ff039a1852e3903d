/**
 * The signed-in area, loaded on demand (with supabase-js and the auth provider) only
 * when someone visits /admin-login or /admin/*: the public site never pays for it.
 */
import { useEffect } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router'

import { AuthProvider, readRecoveryLink, useAuth } from '@club/core/auth'
import { EditingContext } from '@club/core/editing'
import { adminLoginMeta, LoginPage, NewPasswordPage } from '@club/core/pages'
import { EDIT_PREFIX, SiteLayout, useHead } from '@club/core/site'

import { backend } from '../backend.ts'
import { notices, siteStore } from '../site-store.ts'

/**
 * The password-reset link this page was opened from, if any. Read while this chunk loads,
 * before supabase-js (created by ../backend.ts just before) consumes and clears the fragment.
 */
const recoveryLink = typeof window === 'undefined' ? null : readRecoveryLink(window.location.hash)

/** Where password-reset emails send people back to: this login page, on this site. */
const resetRedirect = () => `${window.location.origin}/admin-login`

/** Lets saves through only for a signed-in user whom the database counts as staff. */
function StaffAccess() {
  const { session, isStaff } = useAuth()
  const canSave = Boolean(session) && isStaff
  useEffect(() => {
    siteStore.setAccess(canSave)
    return () => siteStore.setAccess(false)
  }, [canSave])
  return <Outlet />
}

/** The auth provider around every signed-in route; the loader shows until the session is read. */
export function AuthArea() {
  return (
    <AuthProvider
      client={backend}
      notices={notices}
      {...(recoveryLink?.kind === 'session'
        ? { recoveryAccessToken: recoveryLink.accessToken }
        : {})}
    >
      <StaffAccess />
    </AuthProvider>
  )
}

/**
 * /admin-login: the login page (with "forgot password"), "set a new password" after a
 * reset link, or straight to the admin once a session exists (spec §2).
 */
export function AdminLogin() {
  const auth = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const recovering = Boolean(auth.session) && auth.passwordRecovery
  const linkProblem = recoveryLink?.kind === 'error' ? recoveryLink.message : undefined
  useHead(adminLoginMeta(recovering ? 'new-password' : 'sign-in'))
  useEffect(() => {
    // The error fragment has been read; a reload or a copied address should not repeat it.
    if (linkProblem && location.hash) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
    }
  }, [linkProblem, location, navigate])

  if (recovering) {
    return (
      <NewPasswordPage
        email={auth.user?.email ?? ''}
        onSubmit={(password) => auth.setNewPassword(password)}
      />
    )
  }
  if (auth.session) return <Navigate to="/admin/home" replace />
  return (
    <LoginPage
      onSubmit={(credentials) => auth.signIn(credentials)}
      onRequestReset={(email) => auth.requestPasswordReset(email, resetRedirect())}
      linkProblem={linkProblem}
    />
  )
}

/** /admin/*: only with a session; otherwise to the login page (spec §2). */
export function RequireSession() {
  const auth = useAuth()
  if (!auth.session) return <Navigate to="/admin-login" replace />
  return <Outlet />
}

/** The admin home: who is signed in, what they may do, and a way out. */
export function AdminHome() {
  const auth = useAuth()
  return (
    <main id="main" className="container section">
      <h1>Admin home</h1>
      <p>{`Signed in as ${auth.user?.email ?? ''}${auth.isStaff ? ' (staff)' : ''}`}</p>
      {auth.isStaff ? (
        <p>
          <Link className="btn btn--primary" to={`${EDIT_PREFIX}`}>
            Edit the site
          </Link>
        </p>
      ) : (
        <p>
          This account can read the site but not edit it. Ask the club director to add you to the
          staff list.
        </p>
      )}
      <p>
        <button type="button" className="btn btn--outline" onClick={() => void auth.signOut()}>
          Log out
        </button>
      </p>
    </main>
  )
}

/** /admin/edit/*: the public pages with edit mode on (the editing UI comes with the editor). */
export function EditingArea() {
  return (
    <EditingContext.Provider value={{ isEditing: true }}>
      <SiteLayout basePath={EDIT_PREFIX} />
    </EditingContext.Provider>
  )
}
