/** IMPORTANT: the light, read-only client for visitors' content reads (no auth, no storage). */
export { createPublicReadClient } from '../backend/public-read-client.ts'
