import type { ReactNode } from 'react'

import { ContentProvider } from '@club/core/content'
import type { SiteContentStore } from '@club/core/content'
import { RenderTimeProvider } from '@club/core/site'

/**
 * What every render of the app shares, on the server (prerendering) and in the browser:
 * the content store and the render time. Edit rights are granted later, by the admin
 * area's auth provider, so the public site never waits for a session.
 */
export function AppShell({
  store,
  renderedAt,
  children,
}: {
  store: SiteContentStore
  renderedAt: number
  children: ReactNode
}) {
  return (
    <RenderTimeProvider initial={renderedAt}>
      <ContentProvider store={store} signedIn={false} isStaff={false}>
        {children}
      </ContentProvider>
    </RenderTimeProvider>
  )
}
