import { Suspense, lazy, useSyncExternalStore } from 'react'
import { Outlet, useLocation } from 'react-router'

import { dismissedAlerts } from '../alerts/dismissed-alerts.ts'
import { useContent } from '../content/content-provider.tsx'
import { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
import { AlertsBar } from './alerts-bar.tsx'
import { useNow } from './render-time.tsx'
import { ScrollManager } from './scroll-manager.tsx'
import { SiteHeader } from './site-header.tsx'

const SiteFooter = lazy(() => import('./site-footer.tsx'))

/**
 * The public layout (spec §2): navigation on top, the alerts, the page, then the footer.
 * Pages and the footer load on demand; the branded loading screen shows while a page
 * loads. `basePath` is `/admin/edit` in the editing view.
 */
export function SiteLayout({ basePath = '' }: { basePath?: string }) {
  const { pathname } = useLocation()
  const alerts = useContent('alerts')
  const home = useContent('content')
  const now = useNow()
  // Empty while prerendering and hydrating, so the first render matches the HTML.
  const dismissed = useSyncExternalStore(
    dismissedAlerts.subscribe,
    dismissedAlerts.getSnapshot,
    dismissedAlerts.getServerSnapshot,
  )

  return (
    <>
      <ScrollManager />
      <SiteHeader basePath={basePath} />
      <AlertsBar
        alerts={alerts}
        pathname={pathname}
        now={now}
        dismissed={dismissed}
        onDismiss={dismissedAlerts.dismiss}
      />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter socialLinks={home.footer.socialLinks} year={now.getFullYear()} />
      </Suspense>
    </>
  )
}
