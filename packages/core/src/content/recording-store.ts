import type { DocumentMap, KeyOf } from './catalog.ts'
import type { ContentStore } from './store-types.ts'

/**
 * `from`, noting in `used` every document a render reads of it (its value or its baseline).
 * The prerender puts the documents a page read into the page, so that hydration renders the
 * same; a test asks the same store which documents a route's page shows.
 */
export function recordingStore<Docs extends DocumentMap>(
  from: ContentStore<Docs>,
  used: Set<KeyOf<Docs>>,
): ContentStore<Docs> {
  return {
    ...from,
    get: (key) => {
      used.add(key)
      return from.get(key)
    },
    getBaseline: (key) => {
      used.add(key)
      return from.getBaseline(key)
    },
  }
}
