/**
 * The `Content-Type` of each kind of built file, for the servers that serve them without
 * loading the rest of core: the web app's server and the desktop app's protocol.
 */
export { CONTENT_TYPES } from '../routing/content-types.ts'
