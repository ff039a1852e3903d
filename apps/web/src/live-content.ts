import {
  createAnnouncer,
  createLiveContent,
  createPublicRealtimeClient,
  keysShownAt,
  liveConnection,
} from '@club/core/live'
import type { LiveContent } from '@club/core/live'
import type { SiteContentStore } from '@club/core/content'
import { ADMIN_PREFIX, isSignedInAreaPath } from '@club/core/admin-paths'

import { backendConfig } from './public-reader.ts'
import { siteRepository } from './site-store.ts'

/**
 * The public pages' content, followed live over Realtime (supabase-js's Realtime client
 * alone, with the anon key): a save of a document the page shows reaches it within a second,
 * announced politely; without Realtime, the shown documents are read again on focus.
 * IMPORTANT: imported on demand by browser-app.tsx once the page is interactive and visible,
 * so no first bundle holds it. It is handed the app's store; the visitors' reader it imports
 * is part of the start-up chunk (vite.config.ts), so importing it adds no file to home's start.
 */
let liveContent: LiveContent | undefined

/**
 * Follows the page now shown with `store`. The editing view (`/admin/edit/*`) follows its
 * documents with the staff session and the rest of the signed-in area shows none, so meanwhile
 * nothing is followed here (and what changed is read again on return).
 */
export async function followPage(pathname: string, store: SiteContentStore) {
  if (!liveContent) {
    const live = createLiveContent({
      realtime: createPublicRealtimeClient(backendConfig),
      store,
      // The site's reads: a visitor's light GET, or the staff session's (whole rosters).
      read: (keys, held) => siteRepository.read(keys, held),
      readsWhole: () => store.canSave(),
      keysAt: keysShownAt,
      page: { document, window },
      announce: createAnnouncer(document).announce,
      // The status line and the field status say when the live connection drops.
      onStatus: liveConnection.report,
    })
    // The browser knows first that the network is gone; back online, a connection that
    // held meanwhile is live again (one that dropped says so when it joins again).
    window.addEventListener('offline', liveConnection.offline)
    window.addEventListener('online', () => {
      if (live.status() === 'live') liveConnection.report('live')
    })
    liveContent = live
  }
  liveContent.show(isSignedInAreaPath(pathname) ? ADMIN_PREFIX : pathname)
}
