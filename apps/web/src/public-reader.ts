import { createPublicContentRepository, createPublicReadClient } from '@club/core/public-read'

import { backendConfig } from './backend-config.ts'

/**
 * Visitors' content reads: one plain GET each (see createPublicContentRepository). Part of the
 * start-up chunk; the full client (auth, saving) loads only for the signed-in area.
 */
export const publicRepository = createPublicContentRepository(createPublicReadClient(backendConfig))

/** The backend this reader talks to, for the live content's Realtime client (loaded after it). */
export { backendConfig }
