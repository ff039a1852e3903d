import { lazy, Suspense, use, useEffect, useMemo } from 'react'
import type { ReactNode } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'

import { AuthProvider, useAuth } from '../auth/auth-provider.tsx'
import { useContentSettled } from '../content/content-provider.tsx'
import { TWO_FACTOR_SAVE_REASON } from '../content/save-messages.ts'
import { CONTENT_KEYS } from '../entities/content-key-list.ts'
import { EditBar } from '../editing/in-place/edit-bar.tsx'
import { EditingProvider } from '../editing/in-place/editing-provider.tsx'
import { usePickerLibrary, usePickerServices } from '../photos/use-picker-library.ts'
import { FieldConflicts } from '../editing/in-place/field-conflicts.tsx'
import { REGION_PANELS } from '../editing/in-place/panel-editor.tsx'
import { EditPresence } from '../editing/in-place/presence-bar.tsx'
import { RosterMovePanel } from '../screen-editors/rosters/roster-move-panel.tsx'
import { adminLoginMeta } from '../pages/admin-login/login-meta.ts'
import { Redirect } from '../ui/link.tsx'
import { LoginPage } from '../pages/admin-login/login-page.tsx'
import { NewPasswordPage } from '../pages/admin-login/new-password-page.tsx'
import { SecondFactorPage } from '../pages/admin-login/second-factor-page.tsx'
import { createPhotoPublisher, createPhotoStorage } from '../photo-library/photo-storage.ts'
import { photoAddress, photoCopyPaths } from '../photo-library/photo-rules.ts'
import { usePhotoPublishing } from '../photos/use-photo-publishing.ts'
import { useHead } from '../site/head.tsx'
import { SiteLayout } from '../site/site-layout.tsx'
import { ADMIN_HOME, EDIT_PREFIX, LOGIN_PATH } from '../routing/admin-paths.ts'
import { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
import { AdminDepsContext, useAdminDeps } from '../auth/admin-deps.tsx'
import type { AdminDeps } from '../auth/admin-deps.tsx'
import type { AdminScreenPart } from '../routing/admin-screens.ts'
import { AdminShell, needsTwoFactorFirst } from './admin-shell.tsx'
import { createEditReturn, EditReturnContext, useEditReturn } from './edit-return.ts'
import { NewsPublisher } from './news-publisher.tsx'
import { AboutEditorRoute } from './routes/about-editor.route.tsx'
import { AlertsRoute } from './routes/alerts.route.tsx'
import { CommunicationsRoute } from './routes/communications.route.tsx'
import { FieldStatusRoute } from './routes/field-status.route.tsx'
import { HistoryRoute } from './routes/history.route.tsx'
import { AdminHomeRoute } from './routes/home.route.tsx'
import { NewsEditorRoute } from './routes/news-editor.route.tsx'
import { AdminNotFoundRoute } from './routes/not-found.route.tsx'
import { ProfileRoute } from './routes/profile.route.tsx'
import { RostersStaffRoute } from './routes/rosters-staff.route.tsx'
import { SettingsRoute } from './routes/settings.route.tsx'
import { StaffRoute } from './routes/staff.route.tsx'

/** The components of the signed-in area, bound to one app's dependencies. */
export type AdminArea = {
  AuthArea: () => ReactNode
  AdminLogin: () => ReactNode
  RequireSession: () => ReactNode
  /** The layout (top bar, sidebar) of every admin screen but the in-place editor. */
  AdminShell: () => ReactNode
  AdminNotFound: () => ReactNode
  EditingArea: () => ReactNode
} & Record<AdminScreenPart, () => ReactNode>

// The photo pipeline (codec, hashing, the upload page) is loaded only when the library is opened.
const LazyPhotoLibraryRoute = lazy(() =>
  import('./routes/photo-library.route.tsx').then((m) => ({ default: m.PhotoLibraryRoute })),
)

/** /admin/photo-library, loaded on first visit. */
function PhotoLibraryRoute() {
  return (
    <Suspense fallback={<FullScreenLoader label="Opening the photo library" />}>
      <LazyPhotoLibraryRoute />
    </Suspense>
  )
}

/**
 * The admin works on every document, shown or not (image usage, reminders, restores), so
 * it waits for the built-in documents the public site loads only on demand.
 */
function AllContentReady() {
  const { store } = useAdminDeps()
  // Read on every render, not only while one is missing: React replays a render that
  // suspended once the wait is over and expects the same reads. The built-in documents load
  // together, so with none missing any key answers at once.
  const missing = CONTENT_KEYS.find((key) => !store.ready(key))
  use(store.whenReady(missing ?? CONTENT_KEYS[0]))
  // Nothing is edited before its stored version is known: an edit made from an older
  // document would be refused as a conflict with the one stored.
  const settled = useContentSettled(...CONTENT_KEYS)
  const { session } = useAuth()
  // The staff-only documents (profile, reminders, settings, photo library) are never read
  // for a visitor: they are read here, as the session, whenever a different user signs in.
  const userId = session?.user.id
  useEffect(() => {
    if (userId) void store.loadStaffContent()
  }, [store, userId])
  if (session && !settled) return <FullScreenLoader label="Loading the latest content" />
  return <StaffAccess />
}

/** Lets saves through only for a signed-in user whom the database counts as staff. */
function StaffAccess() {
  const { store, client } = useAdminDeps()
  const auth = useAuth()
  const canSave = Boolean(auth.session) && auth.isStaff && !needsTwoFactorFirst(auth)
  useEffect(() => {
    store.setAccess(canSave)
    return () => store.setAccess(false)
  }, [store, canSave])
  // A save the database refused may mean the club has just required two-factor sign-in: read
  // the setting again, so an aal1 session is sent to set it up rather than left guessing.
  const { refreshTwoFactorRequired } = auth
  // An aal1 session's refusal is explained by the club's two-factor rule when it is on: the
  // notice then says to set up or enter the second factor, not to sign in as staff.
  const atAal1 = auth.aal === 'aal1'
  useEffect(() => {
    if (!atAal1) return
    store.setRefusalExplainer(async () => {
      const { data } = await client.rpc('two_factor_required')
      return data === true ? TWO_FACTOR_SAVE_REASON : undefined
    })
    return () => store.setRefusalExplainer(undefined)
  }, [store, client, atAal1])
  useEffect(() => {
    if (!canSave) return
    let asked = false
    return store.subscribe(() => {
      if (asked) return
      if (store.getPendingSaves().some((pending) => pending.errorKind === 'forbidden')) {
        asked = true
        void refreshTwoFactorRequired()
      }
    })
  }, [store, canSave, refreshTwoFactorRequired])
  // Photos no stored page uses are taken out of the public bucket; used ones are put in.
  usePhotoPublishing(client, store, canSave)
  // Fields both this editor and someone else changed are settled in one dialog, whatever
  // screen saved them.
  return (
    <FieldConflicts>
      {/* Scheduled news posts are published at their time while staff have the admin open. */}
      {canSave && <NewsPublisher />}
      <Outlet />
    </FieldConflicts>
  )
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
        invited={recoveryLink?.kind === 'session' && recoveryLink.purpose === 'invite'}
      />
    )
  }
  if (auth.session && needsSecondFactor(auth)) {
    return (
      <SecondFactorPage
        email={auth.user?.email ?? ''}
        onSubmit={(code) => auth.verifyCode(code)}
        onCancel={() => void auth.signOut()}
      />
    )
  }
  if (auth.session) return <Redirect to={ADMIN_HOME} />
  return (
    <LoginPage
      onSubmit={(credentials) => auth.signIn(credentials)}
      onRequestReset={(email) => auth.requestPasswordReset(email, resetRedirect())}
      linkProblem={linkProblem}
    />
  )
}

/** An account with a verified second factor whose session has not passed it yet (aal1 → aal2). */
function needsSecondFactor(auth: { aal: string | null; nextAal: string | null }): boolean {
  return auth.aal === 'aal1' && auth.nextAal === 'aal2'
}

/**
 * /admin/*: only with a session; otherwise to the login page (spec §2), which also asks for
 * the second factor of an account that has one before the admin opens (issue 34 §3).
 */
function RequireSession() {
  const auth = useAuth()
  if (!auth.session || needsSecondFactor(auth)) return <Redirect to={LOGIN_PATH} />
  return <Outlet />
}

/** The edit mode's settings panels: the defaults, and a roster's "Move to team…". */
const EDIT_MODE_REGION_PANELS = { ...REGION_PANELS, rosterMove: RosterMovePanel }

/**
 * /admin/edit/*: the public pages edited in place, under the edit bar, whose "Done" leads back
 * to the admin screen edit mode was opened from (the admin home when opened directly).
 */
function EditingArea() {
  const { client, liveSiteUrl } = useAdminDeps()
  const auth = useAuth()
  const { pathname } = useLocation()
  const photos = useMemo(() => createPhotoStorage(client), [client])
  const publisher = useMemo(() => createPhotoPublisher(client), [client])
  const photoLibrary = usePickerLibrary(client)
  const doneTo = useEditReturn()
  const { findPhotos, onUpload } = usePickerServices(client)
  // Without editing rights there is nothing to edit: the shell says so, with a way out.
  if (!auth.isStaff || needsTwoFactorFirst(auth)) return <AdminShell />
  return (
    <EditingProvider
      undoScope={pathname}
      regionPanels={EDIT_MODE_REGION_PANELS}
      photoLibrary={photoLibrary}
      findPhotos={findPhotos}
      onUpload={onUpload}
      // A library photo is a bucket path, a site path or a web address; only the first needs
      // the bucket's public address (with its copies' widths, for the page's srcset), and
      // publishing (its file, thumbnail and medium copy).
      photoUrl={(photo) => photoAddress(photo, photos.publicUrl)}
      publishPhoto={(photo) => publisher.publish(photoCopyPaths(photo))}
    >
      <EditBar liveSiteUrl={liveSiteUrl} doneTo={doneTo} />
      <EditPresence client={client} />
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
  const editReturn = createEditReturn()
  function AuthArea() {
    return (
      <AdminDepsContext.Provider value={deps}>
        <EditReturnContext.Provider value={editReturn}>
          <AuthProvider
            client={deps.client}
            notices={deps.notices}
            {...(deps.recoveryLink?.kind === 'session'
              ? { recoveryAccessToken: deps.recoveryLink.accessToken }
              : {})}
          >
            <Suspense fallback={<FullScreenLoader />}>
              <AllContentReady />
            </Suspense>
          </AuthProvider>
        </EditReturnContext.Provider>
      </AdminDepsContext.Provider>
    )
  }
  return {
    AuthArea,
    AdminLogin,
    RequireSession,
    AdminShell,
    AdminHomeRoute,
    AlertsRoute,
    FieldStatusRoute,
    SettingsRoute,
    StaffRoute,
    ProfileRoute,
    RostersStaffRoute,
    AboutEditorRoute,
    NewsEditorRoute,
    HistoryRoute,
    CommunicationsRoute,
    PhotoLibraryRoute,
    AdminNotFound: AdminNotFoundRoute,
    EditingArea,
  }
}
