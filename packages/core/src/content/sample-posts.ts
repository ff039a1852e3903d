import { isNewsPostKey, newsPostKey } from '../entities/content-key-list.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import type { SaveEntry } from './store-types.ts'

/** What this needs of the content store. */
type Store = {
  version(key: 'newsPosts' | `news/${string}`): number
  get(key: 'newsPosts'): ContentDocuments['newsPosts']
}

/**
 * While no news post is stored, the site shows the built-in sample posts. A first save of a post
 * must not leave it alone on the site: these are the saves that store the samples too, as they
 * are (quietly: nothing anyone sees changes), but `except` (the keys being saved anyway).
 * None once any post is stored.
 *
 * @example
 * await store.saveMany([...samplePostsToStore(store, [key]), { key, document }])
 */
export function samplePostsToStore(
  store: Store,
  except: readonly string[],
): SaveEntry<ContentDocuments>[] {
  if (store.version('newsPosts') > 0) return []
  if (!except.some(isNewsPostKey)) return []
  return store
    .get('newsPosts')
    .filter((post) => {
      const key = newsPostKey(post.id)
      return !except.includes(key) && store.version(key) === 0
    })
    .map((post) => ({
      key: newsPostKey(post.id),
      document: { ...post, published: true },
      saved: 'quiet' as const,
    }))
}
