import { createBackendClient } from '@club/core/supabase'
import { createContentRepository } from '@club/core/content'

import { backendConfig } from './backend-config.ts'

/**
 * The full client (auth and saving). IMPORTANT: loaded on demand, only by the signed-in
 * area and by a save, so public pages never pay for it.
 */
export const backend = createBackendClient(backendConfig)
export const repository = createContentRepository(backend)
