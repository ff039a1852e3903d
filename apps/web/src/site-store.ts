import { obtainContentStore } from '@club/core/content'
import type { ContentRepository } from '@club/core/content'
import { createNoticeStore } from '@club/core/ui'

/** One notice queue for the whole app: content and auth notices share the one-at-a-time rule. */
export const notices = createNoticeStore()

const loadBackend = () => import('./backend.ts')
const loadReader = () => import('./public-reader.ts')

/**
 * The content repository: reads go through the light public reader, saves through the
 * full client; both load on demand, after the first paint.
 */
const lazyRepository: ContentRepository = {
  read: async (keys) => (await loadReader()).publicRepository.read(keys),
  save: async (key, value, baseVersion) =>
    (await loadBackend()).repository.save(key, value, baseVersion),
}

/** The app's one content store (two content requests per page load, whatever renders). */
export const siteStore = obtainContentStore(lazyRepository, { notices })
