import { createAnnouncer, createLiveContent, createPublicRealtimeClient } from '@club/core/live'

import { backendConfig } from './backend-config.ts'
import { publicRepository } from './public-reader.ts'
import { siteStore } from './site-store.ts'

/**
 * The public pages' content, followed live over Realtime (supabase-js's Realtime client
 * alone, with the anon key): a save of a document the page shows reaches it within a second,
 * announced politely; without Realtime, the shown documents are read again on focus.
 * IMPORTANT: imported on demand by browser-app.tsx once the page is interactive and visible,
 * so no first bundle holds it. The signed-in area follows its own (with the staff session).
 */
const liveContent = createLiveContent({
  realtime: createPublicRealtimeClient(backendConfig),
  store: siteStore,
  read: (keys) => publicRepository.read(keys),
  page: { document, window },
  announce: createAnnouncer(document).announce,
})

/**
 * Follows the page now shown. The editing view (`/admin/edit/*`) follows its documents with
 * the staff session and the rest of the signed-in area shows none, so meanwhile nothing is
 * followed here (and what changed is read again on return).
 */
export function followPage(pathname: string) {
  liveContent.show(pathname.startsWith('/admin') ? '/admin' : pathname)
}
