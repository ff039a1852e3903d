import { createFormSubmissions, createPublicWriteClient } from '@club/core/forms'

import { backendConfig } from './backend-config.ts'

/**
 * Visitors' form submissions, through supabase-js's PostgREST client with the anon key
 * (the database lets anyone insert and nobody but staff read). Loaded on demand by
 * forms-client.ts.
 */
export const formSubmissions = createFormSubmissions(createPublicWriteClient(backendConfig))
