import { createContentRepository } from '@club/core/content'
import { createPublicReadClient } from '@club/core/public-read'

import { backendConfig } from './backend-config.ts'

/**
 * Visitors' content reads, over supabase-js's PostgREST client alone. Loaded on demand
 * after the first paint; the full client (auth, saving) loads only for the signed-in area.
 */
export const publicRepository = createContentRepository(createPublicReadClient(backendConfig))

/** The backend this reader talks to, for the live content's Realtime client (loaded after it). */
export { backendConfig }
