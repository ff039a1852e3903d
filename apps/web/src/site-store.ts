import { obtainContentStore } from '@club/core/content'
import type { ContentRepository } from '@club/core/content'
import { createNoticeStore } from '@club/core/ui'

/** One notice queue for the whole app: content and auth notices share the one-at-a-time rule. */
export const notices = createNoticeStore()

const loadBackend = () => import('./backend.ts')

/**
 * The content repository, with supabase-js loaded only when the first read starts
 * (after hydration), so the page's first paint does not wait for it.
 */
const lazyRepository: ContentRepository = {
  read: async (keys) => (await loadBackend()).repository.read(keys),
  save: async (key, value, baseVersion) =>
    (await loadBackend()).repository.save(key, value, baseVersion),
}

/** The app's one content store (two content requests per page load, whatever renders). */
export const siteStore = obtainContentStore(lazyRepository, { notices })
