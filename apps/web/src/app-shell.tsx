import { Suspense } from 'react'
import type { ReactNode } from 'react'

import { ContentProvider, NewsReaderContext } from '@club/core/content'
import type { NewsReader, SiteContentStore } from '@club/core/content'
import { FamilyAlertsProvider, FormSenderProvider } from '@club/core/forms'
import { RenderTimeProvider } from '@club/core/site'

import { loadFamilyAlerts } from './family-alerts-client.ts'
import { loadFormSender } from './forms-client.ts'

/**
 * What every render of the app shares, on the server (prerendering) and in the browser:
 * the content store, the render time, the forms' sender and families' alerts (each loads its
 * code on use).
 * Edit rights are granted later, by the admin area's auth provider, so the public site
 * never waits for a session.
 *
 * The Suspense boundary is there for hydration. React hydrates the root in one
 * uninterrupted task, but a prerendered Suspense boundary it leaves for a later,
 * interruptible pass that yields to the browser every few milliseconds. With the whole
 * app inside one, hydrating a long page never blocks a phone's main thread for long.
 */
export function AppShell({
  store,
  newsReader = null,
  renderedAt,
  children,
}: {
  store: SiteContentStore
  /** The news archive's reads (an old article, a page of the list); none when prerendering. */
  newsReader?: NewsReader | null
  renderedAt: number
  children: ReactNode
}) {
  return (
    <RenderTimeProvider initial={renderedAt}>
      <NewsReaderContext.Provider value={newsReader}>
        <ContentProvider store={store} signedIn={false} isStaff={false}>
          <FormSenderProvider load={loadFormSender}>
            <FamilyAlertsProvider load={loadFamilyAlerts}>
              <Suspense fallback={null}>{children}</Suspense>
            </FamilyAlertsProvider>
          </FormSenderProvider>
        </ContentProvider>
      </NewsReaderContext.Provider>
    </RenderTimeProvider>
  )
}
