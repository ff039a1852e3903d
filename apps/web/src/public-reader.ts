import {
  createNewsReader,
  createPublicContentRepository,
  createPublicReadClient,
} from '@club/core/public-read'

import { backendConfig } from './backend-config.ts'

/**
 * Visitors' content reads: one plain GET each (see createPublicContentRepository). Part of the
 * start-up chunk; the full client (auth, saving) loads only for the signed-in area.
 */
const publicRead = createPublicReadClient(backendConfig)
export const publicRepository = createPublicContentRepository(publicRead)

/** The news archive's reads beyond the newest cards (an old article, a page of the list). */
export const newsReader = createNewsReader(publicRead)

/** The backend this reader talks to, for the live content's Realtime client (loaded after it). */
export { backendConfig }
