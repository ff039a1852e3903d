/**
 * IMPORTANT: live content (Supabase Realtime) for the public pages. Import it on demand, once
 * the page is interactive: it brings supabase-js's Realtime client, which no first bundle
 * may hold. The signed-in area uses the same parts through the admin entry.
 */
export {
  createPublicRealtimeClient,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_MS,
  REALTIME_TIMEOUT_MS,
} from '../backend/realtime-client.ts'
export type { RealtimeConnection } from '../backend/realtime-client.ts'
export { createLiveContent } from '../realtime/live-content.ts'
export type {
  LiveContent,
  LiveContentOptions,
  LivePage,
  LiveStatus,
} from '../realtime/live-content.ts'
export { createLiveConnection, liveConnection } from '../realtime/live-connection.ts'
export type { LiveConnection, LiveConnectionState } from '../realtime/live-connection.ts'
export { createAnnouncer } from '../realtime/announcer.ts'
export type { Announcer } from '../realtime/announcer.ts'
export { keysShownAt } from '../site/shown-keys.ts'
export { subscribeToContent } from '../realtime/content-feed.ts'
export type {
  ContentChange,
  ContentFeed,
  ContentFeedOptions,
  FeedStatus,
} from '../realtime/content-feed.ts'
