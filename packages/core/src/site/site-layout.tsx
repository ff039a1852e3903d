import { Suspense, useSyncExternalStore } from 'react'
import { Outlet, useLocation } from 'react-router'

import { dismissedAlerts } from '../alerts/dismissed-alerts.ts'
import {
  useContent,
  useContentReadFailed,
  useVitalContentSettled,
} from '../content/content-provider.tsx'
import { useFamilyAlerts } from '../forms/family-alerts-context.tsx'
import { liveConnection } from '../realtime/live-connection.ts'
import { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
import { AlertsBar } from './alerts-bar.tsx'
import { useNow } from './render-time.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { FocusPageHeading, HashScroll, ScrollToTop } from './scroll-manager.tsx'
import { MarkPageInteractive } from './page-interactive.tsx'
import { OfflineMoves } from './offline-moves.tsx'
import SiteFooter from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { searchKind } from './search-kind.ts'
import { usePostingTimes, useSiteFooter } from './use-derived-rows.ts'

/**
 * The alerts for this page. It alone follows the dismissals and the vital read, so
 * restoring this session's dismissals after hydration, or the stored alerts arriving,
 * re-renders the alerts, not the page around them. Until the vital read is over the alerts
 * are held: what the page was built with may be out of date.
 */
function SiteAlerts({ pathname }: { pathname: string }) {
  const alerts = useContent('alerts')
  // The decision times the status line names are the club's, as staff edit them on /fields.
  const times = usePostingTimes()
  const settled = useVitalContentSettled()
  // The alerts are what a family acts on: say when they may be stale (until a retry answers).
  const stale = useContentReadFailed('alerts')
  const now = useNow()
  // "Get alerts" on the status line, where the app provides the calls.
  const familyAlerts = useFamilyAlerts()
  // Empty while prerendering and hydrating, so the first render matches the HTML.
  const dismissed = useSyncExternalStore(
    dismissedAlerts.subscribe,
    dismissedAlerts.getSnapshot,
    dismissedAlerts.getServerSnapshot,
  )
  // Said on the status line when the live connection drops, until it returns.
  const connection = useSyncExternalStore(
    liveConnection.subscribe,
    liveConnection.getSnapshot,
    liveConnection.getServerSnapshot,
  )
  return (
    <AlertsBar
      alerts={alerts}
      pathname={pathname}
      now={now}
      dismissed={dismissed}
      onDismiss={dismissedAlerts.dismiss}
      held={!settled}
      stale={stale}
      liveLost={connection === 'lost'}
      decisionTimes={times}
      familyAlerts={familyAlerts}
    />
  )
}

/**
 * The footer, with the club's social links. It alone follows what it shows of the home document
 * (`siteFooter`), so newer
 * content arriving while the page below is still the prerendered HTML (its code not yet
 * loaded) re-renders the footer only: an update reaching the page's boundary before it has
 * hydrated would make React throw the HTML away and show the loading screen instead.
 */
function SiteFooterSlot() {
  const home = useSiteFooter()
  const now = useNow()
  return (
    <SiteFooter
      socialLinks={home.footer.socialLinks}
      contact={home.contact}
      year={now.getFullYear()}
    />
  )
}

/**
 * The public layout (spec §2): navigation on top, the alerts, the page, then the footer.
 * Pages and the footer load on demand; the branded loading screen shows while a page
 * loads, and the branded error page if it fails. `basePath` is `/admin/edit` in the
 * editing view.
 */
export function SiteLayout({ basePath = '' }: { basePath?: string }) {
  // Nothing here may follow the content store: see SiteFooterSlot.
  const { pathname } = useLocation()

  return (
    <OfflineMoves basePath={basePath}>
      <ScrollToTop />
      <SiteHeader basePath={basePath} />
      <SiteAlerts pathname={pathname} />
      {/* The page's own content is what the site search indexes, with its kind (the header,
          the alerts and the footer are the same on every page): scripts/search-index.ts. */}
      <main
        id="main"
        tabIndex={-1}
        data-pagefind-body=""
        data-pagefind-meta={`kind:${searchKind(pathname)}`}
      >
        {/* Keyed by path, so each page gets new boundaries: a shown error is cleared, and
            as navigations are transitions, which would keep the old page on screen, the
            new Suspense boundary shows the loading screen while the next page loads. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
            <HashScroll />
            <FocusPageHeading />
            <MarkPageInteractive />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooterSlot />
    </OfflineMoves>
  )
}
