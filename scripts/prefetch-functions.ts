// `pnpm check`'s first phase: every Edge Function's dependencies into the local Deno cache, so
// that no test waits on the npm registry for a function's first start (see
// packages/local-supabase/src/functions/prefetch.ts).
import { fileURLToPath } from 'node:url'

import { prefetchFunctions } from '@club/local-supabase/prefetch-functions'

await prefetchFunctions(fileURLToPath(new URL('..', import.meta.url)))
