/**
 * The signed-in area, loaded on demand (with supabase-js and the auth provider) only
 * when someone visits /admin-login or /admin/*: the public site never pays for it.
 */
import { useEffect } from 'react'
import { Link, Navigate, Outlet } from 'react-router'

import { AuthProvider, useAuth } from '@club/core/auth'
import { EditingContext } from '@club/core/editing'
import { LoginPage } from '@club/core/pages'
import { EDIT_PREFIX, SiteLayout } from '@club/core/site'

import { backend } from '../backend.ts'
import { notices, siteStore } from '../site-store.ts'

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
    <AuthProvider client={backend} notices={notices}>
      <StaffAccess />
    </AuthProvider>
  )
}

/** /admin-login: the login page, or straight to the admin once a session exists (spec §2). */
export function AdminLogin() {
  const auth = useAuth()
  if (auth.session) return <Navigate to="/admin/home" replace />
  return <LoginPage onSubmit={(credentials) => auth.signIn(credentials)} />
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
