import { StrictMode } from 'react'
import { createBrowserRouter, Link, Navigate, useNavigate, useRoutes } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import type { RouteObject } from 'react-router'

import { adminRoutes, createAdminArea } from '@club/core/admin'
import {
  createContentRepository,
  createNewsReader,
  ContentProvider,
  NewsReaderContext,
  obtainContentStore,
} from '@club/core/content'
import { createPublicReadClient } from '@club/core/public-read'
import { Notices } from '@club/core/notices'
import { RenderTimeProvider, RouteErrorBoundary } from '@club/core/site'
import { createBackendClient } from '@club/core/supabase'
import { createNoticeStore } from '@club/core/ui'
import { ADMIN_HOME, LOGIN_PATH } from '@club/core/admin-paths'

import type { DesktopBridge, SettingsView } from '../../shared/ipc-contract.ts'
import type { TDesktopSettings } from '../../shared/settings.ts'
import { ipcAuthStorage } from './desktop-bridge.ts'
import { AboutScreen, ProjectFacts, ShortcutsScreen } from './desktop-info.tsx'
import { FileDrop } from './file-drop.tsx'
import { KeystoreNotice, SessionInMemoryNotice } from './keystore-notice.tsx'
import { MenuCommands } from './menu-commands.tsx'
import { MenuStateReporter } from './menu-state.tsx'
import { SettingsForm } from './settings-form.tsx'
import { UpdateBanner } from './update-banner.tsx'
import { UploadScreen } from './upload-screen.tsx'

/** Reloads the app on its login page, so that new settings take effect everywhere. */
const restartOnLogin = () => window.location.replace(LOGIN_PATH)

/**
 * The first-run screen, in a build that names no club project (a development build): nothing
 * else can start without one. A club's installer names its project and never shows it.
 */
export function FirstRun({
  bridge,
  defaults,
}: {
  bridge: DesktopBridge
  defaults: TDesktopSettings
}) {
  return (
    <StrictMode>
      <SettingsForm
        heading="Welcome"
        intro="This build names no club project. Which one should it edit? The local development backend is filled in; for the live site, use its Supabase project address and anon key. The address is checked before it is saved."
        initial={defaults}
        submitLabel="Save and continue"
        onSave={async (settings) => {
          await bridge['settings:save'](settings)
          restartOnLogin()
        }}
      />
    </StrictMode>
  )
}

function DesktopSettingsScreen({
  bridge,
  settings,
  view,
}: {
  bridge: DesktopBridge
  settings: TDesktopSettings
  view: SettingsView
}) {
  const navigate = useNavigate()
  return (
    <>
      {view.built ? (
        <section className="container section" aria-label="Built-in project">
          <ProjectFacts view={view} />
        </section>
      ) : null}
      <SettingsForm
        heading="Settings"
        intro={
          view.built
            ? 'Change these only if the club has moved to another project. Changing the backend signs you in again.'
            : 'Changing the backend signs you in again.'
        }
        initial={settings}
        submitLabel="Save"
        onSave={async (next) => {
          await bridge['settings:save'](next)
          restartOnLogin()
        }}
      />
      <p className="container">
        <button type="button" className="btn btn--outline" onClick={() => void navigate(-1)}>
          Back
        </button>
      </p>
    </>
  )
}

/**
 * Everything the desktop app renders once it has settings: the same signed-in area and pages
 * as the web app's /admin (from @club/core/admin), wired to a client whose session main keeps
 * encrypted, plus the desktop's own screens (upload, settings).
 */
export function createDesktopApp(bridge: DesktopBridge, view: SettingsView) {
  const settings = view.settings
  if (!settings) throw new Error('The app starts only with a project (the first-run screen asks)')
  const notices = createNoticeStore()
  const client = createBackendClient(
    { url: settings.backendUrl, anonKey: settings.anonKey },
    { storage: ipcAuthStorage(bridge) },
  )
  // This client owns the session while the window is open (main refreshes it with none): the
  // upload process only reads it, and asks (through main) for a fresh one when Storage refuses
  // its token as expired.
  bridge.on('auth:refresh-needed', ({ requestId, sentWith }) => {
    void (async () => {
      try {
        const { data } = await client.auth.getSession()
        if (data.session && data.session.access_token === sentWith)
          await client.auth.refreshSession()
      } finally {
        await bridge['auth:refreshed'](requestId)
      }
    })()
  })
  const store = obtainContentStore(createContentRepository(client), { notices })
  // An older article or a page of the news list, read as visitors read them.
  const newsReader = createNewsReader(
    createPublicReadClient({ url: settings.backendUrl, anonKey: settings.anonKey }),
  )
  const area = createAdminArea({
    client,
    store,
    notices,
    // Reset links open in a browser: they go to the published site's login page.
    resetRedirect: () => `${settings.siteUrl}${LOGIN_PATH}`,
    // The window serves only the signed-in area: the live page is the published site's.
    liveSiteUrl: settings.siteUrl,
    homeExtras: (
      <>
        <KeystoreNotice bridge={bridge} />
        <p className="desktop-actions">
          <Link className="btn btn--outline" to="/desktop/upload">
            Upload photos from folder…
          </Link>
          <Link className="btn btn--outline" to="/desktop/settings">
            Settings
          </Link>
        </p>
      </>
    ),
  })
  const routes: RouteObject[] = [
    ...adminRoutes(() => Promise.resolve(area)),
    { path: '/desktop/upload', element: <UploadScreen bridge={bridge} /> },
    {
      path: '/desktop/settings',
      element: <DesktopSettingsScreen bridge={bridge} settings={settings} view={view} />,
    },
    { path: '/desktop/about', element: <AboutScreen bridge={bridge} /> },
    { path: '/desktop/shortcuts', element: <ShortcutsScreen bridge={bridge} /> },
    { path: '*', element: <Navigate to={ADMIN_HOME} replace /> },
  ]
  // supabase-js keeps the session when the server cannot be reached; main clears it regardless.
  const signOut = () => client.auth.signOut().finally(() => bridge['credentials:clear']())

  function Routes() {
    return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>
  }

  // A data router around the route table, so that an editor with unsaved changes can hold a
  // navigation until the user chooses (useBlocker).
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <>
          <MenuCommands bridge={bridge} signOut={signOut} />
          <FileDrop bridge={bridge} />
          <Routes />
        </>
      ),
    },
  ])

  return function DesktopApp() {
    return (
      <StrictMode>
        <SessionInMemoryNotice bridge={bridge} />
        <UpdateBanner bridge={bridge} />
        <MenuStateReporter bridge={bridge} client={client} />
        <RenderTimeProvider initial={Date.now()}>
          <NewsReaderContext.Provider value={newsReader}>
            <ContentProvider store={store} signedIn={false} isStaff={false}>
              <RouterProvider router={router} />
            </ContentProvider>
          </NewsReaderContext.Provider>
        </RenderTimeProvider>
        <Notices store={notices} />
      </StrictMode>
    )
  }
}
