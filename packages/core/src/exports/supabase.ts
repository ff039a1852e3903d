/**
 * IMPORTANT: apps create the backend client here and hand it to the content and
 * auth providers. Nothing else in an app talks to Supabase.
 */
export { backoffMs } from '../backend/backoff.ts'
export { createBackendClient } from '../backend/client.ts'
export type { BackendAuthStorage, BackendClient, BackendConfig } from '../backend/client.ts'
