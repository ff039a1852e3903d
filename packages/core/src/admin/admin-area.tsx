import { createContext, useContext, useEffect, useMemo } from 'react'
import type { ReactNode } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router'

import { AuthProvider, useAuth } from '../auth/auth-provider.tsx'
import type { RecoveryLink } from '../auth/recovery-link.ts'
import type { BackendClient } from '../backend/client.ts'
import type { SiteContentStore } from '../content/content-provider.tsx'
import { EditBar } from '../editing/ui/edit-bar.tsx'
import { EditingProvider } from '../editing/ui/editing-provider.tsx'
import { adminLoginMeta } from '../pages/admin-login/login-meta.ts'
import { LoginPage } from '../pages/admin-login/login-page.tsx'
import { NewPasswordPage } from '../pages/admin-login/new-password-page.tsx'
import { createPhotoStorage } from '../photos/photo-storage.ts'
import { useHead } from '../site/head.tsx'
import { SiteLayout } from '../site/site-layout.tsx'
import { EDIT_PREFIX } from '../site/site-paths.ts'
import type { NoticeStore } from '../ui/notices/notice-store.ts'

/** What an app wires into the signed-in area: its client, its stores, and where reset links go. */
export type AdminDeps = {
  /** The full backend client (auth and saving), from `createBackendClient`. */
  client: BackendClient
  /** The app's one content store: the area tells it whether saving is allowed. */
  store: SiteContentStore
  /** The app's notice queue (sign-in, sign-out and save notices). */
  notices: NoticeStore
  /** The address password-reset emails send people back to. */
  resetRedirect: () => string
  /** The password-reset link the app was opened with, read before supabase-js clears it. */
  recoveryLink?: RecoveryLink | null
  /** Extra items on the admin home (the desktop app's upload and settings links). */
  homeExtras?: ReactNode
}

/** The components of the signed-in area, bound to one app's dependencies. */
export type AdminArea = {
  AuthArea: () => ReactNode
  AdminLogin: () => ReactNode
  RequireSession: () => ReactNode
  AdminHome: () => ReactNode
  EditingArea: () => ReactNode
}

const AdminDepsContext = createContext<AdminDeps | null>(null)

function useAdminDeps(): AdminDeps {
  const deps = useContext(AdminDepsContext)
  if (!deps) throw new Error('The admin area renders only inside its AuthArea')
  return deps
}

/** Lets saves through only for a signed-in user whom the database counts as staff. */
function StaffAccess() {
  const { store } = useAdminDeps()
  const { session, isStaff } = useAuth()
  const canSave = Boolean(session) && isStaff
  useEffect(() => {
    store.setAccess(canSave)
    return () => store.setAccess(false)
  }, [store, canSave])
  return <Outlet />
}

/**
 * /admin-login: the login page (with "forgot password"), "set a new password" after a
 * reset link, or straight to the admin once a session exists (spec §2).
 */
function AdminLogin() {
  const { recoveryLink, resetRedirect } = useAdminDeps()
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
function RequireSession() {
  const auth = useAuth()
  if (!auth.session) return <Navigate to="/admin-login" replace />
  return <Outlet />
}

/** The admin home: who is signed in, what they may do, and a way out. */
function AdminHome() {
  const { homeExtras } = useAdminDeps()
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
      {homeExtras}
      <p>
        <button type="button" className="btn btn--outline" onClick={() => void auth.signOut()}>
          Log out
        </button>
      </p>
    </main>
  )
}

/** /admin/edit/*: the public pages edited in place, under the edit bar. */
function EditingArea() {
  const { client } = useAdminDeps()
  const { pathname } = useLocation()
  const photos = useMemo(() => createPhotoStorage(client), [client])
  return (
    <EditingProvider
      undoScope={pathname}
      // A library photo is a bucket path, a site path or a web address; only the first needs
      // the bucket's public address.
      photoUrl={(photo) =>
        /^(?:\/|https?:)/.test(photo.src) ? photo.src : photos.publicUrl(photo.src)
      }
    >
      <EditBar />
      <SiteLayout basePath={EDIT_PREFIX} />
    </EditingProvider>
  )
}

/**
 * Binds the signed-in area to one app's client, stores and reset address. `AuthArea` (the
 * auth provider, the loader until the session is read) is the parent of every other part.
 *
 * @example
 * export const adminArea = createAdminArea({ client, store, notices, resetRedirect })
 */
export function createAdminArea(deps: AdminDeps): AdminArea {
  function AuthArea() {
    return (
      <AdminDepsContext.Provider value={deps}>
        <AuthProvider
          client={deps.client}
          notices={deps.notices}
          {...(deps.recoveryLink?.kind === 'session'
            ? { recoveryAccessToken: deps.recoveryLink.accessToken }
            : {})}
        >
          <StaffAccess />
        </AuthProvider>
      </AdminDepsContext.Provider>
    )
  }
  return { AuthArea, AdminLogin, RequireSession, AdminHome, EditingArea }
}
