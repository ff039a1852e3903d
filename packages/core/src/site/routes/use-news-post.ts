import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'

import { useHydrated } from '../../pages/schedule/use-hydrated.ts'
import { useContentStore } from '../../content/content-provider.tsx'
import type { SiteContentStore } from '../../content/content-provider.tsx'
import { useNewsReader } from '../../content/news-reader-context.ts'
import { isNewsPostKey, newsPostKey } from '../../entities/content-key-list.ts'
import type { NewsPostKey } from '../../entities/content-keys.ts'
import type { NewsPost, StoredNewsPost } from '../../entities/news-post.ts'

/** Where the article at an address stands. */
export type NewsPostLookup =
  | { state: 'found'; key: NewsPostKey; post: StoredNewsPost }
  /** The address is one the post had before: it now lives at `slug`. */
  | { state: 'moved'; slug: string }
  | { state: 'missing' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }

/**
 * The key of the held post with this address, or `moved:<slug>` when a held post had it before:
 * a string, so that React's store snapshot stays the same while nothing changes.
 */
function heldAt(store: SiteContentStore, slug: string, read: 'get' | 'getBaseline'): string {
  let moved = ''
  for (const key of store.documentKeys()) {
    if (!isNewsPostKey(key)) continue
    const post = store[read](key)
    if (!post) continue
    if (post.slug === slug) return key
    if (!moved && post.previousSlugs?.includes(slug)) moved = `moved:${post.slug}`
  }
  return moved
}

type Answer = { slug: string; attempt: number } & (
  { state: 'missing' } | { state: 'failed'; message: string }
)

/**
 * The news post at an address: the one the page was built with (the prerendered article brings
 * its post), else read when the page opens, by its id when the newest cards name it, else by
 * its address (an old post, or an address it had before). A read that fails can be retried.
 *
 * @example
 * const { lookup, retry } = useNewsPost(slug)
 * if (lookup.state === 'found') return <NewsArticlePage post={lookup.post} … />
 */
export function useNewsPost(slug: string): { lookup: NewsPostLookup; retry: () => void } {
  const store = useContentStore()
  const reader = useNewsReader()
  const held = useSyncExternalStore(
    store.subscribe,
    () => heldAt(store, slug, 'get'),
    () => heldAt(store, slug, 'getBaseline'),
  )
  // The post itself, followed as it changes (an edit in place, a live update).
  const heldKey = isNewsPostKey(held) ? held : undefined
  const heldPost = useSyncExternalStore(
    store.subscribe,
    () => (heldKey ? store.get(heldKey) : undefined),
    () => (heldKey ? store.getBaseline(heldKey) : undefined),
  )
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<Answer | undefined>()
  const answered = answer?.slug === slug && answer.attempt === attempt ? answer : undefined

  useEffect(() => {
    if (held || answered) return
    let current = true
    const settle = (next: { state: 'missing' } | { state: 'failed'; message: string }) => {
      if (current) setAnswer({ slug, attempt, ...next })
    }
    // Read here, not while rendering: an article's page is built from its post alone, so a new
    // card elsewhere never makes every article render again.
    const card = (store.get('newsPosts') ?? []).find((post) => post.slug === slug)
    void (async () => {
      try {
        if (card) {
          const found = await store.loadDocuments([newsPostKey(card.id)])
          if (found.length > 0) return
        }
        if (!reader) return
        const row = await reader.postBySlug(slug)
        if (!row || !isNewsPostKey(row.key)) return settle({ state: 'missing' })
        // Held from now on like any document this session read (Realtime keeps it current).
        await store.applyRemote(row.key, row.value, row.version)
        if (!store.ready(row.key)) settle({ state: 'missing' })
      } catch (error) {
        settle({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    })()
    return () => {
      current = false
    }
  }, [store, reader, slug, held, answered, attempt])

  // A post the page was built with may have been saved since: once started, the page reads its
  // post again (the post alone), as every page reads its other documents again at start.
  const hydrated = useHydrated()
  useEffect(() => {
    if (!hydrated || !heldKey || !reader) return
    store.loadDocuments([heldKey]).catch(() => undefined)
  }, [hydrated, heldKey, reader, store])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  if (held.startsWith('moved:')) return { lookup: { state: 'moved', slug: held.slice(6) }, retry }
  if (heldKey && heldPost)
    return { lookup: { state: 'found', key: heldKey, post: heldPost }, retry }
  if (answered) return { lookup: answered, retry }
  // Nothing to read it with (prerendering: the page is built with its post, or not at all).
  if (!reader) return { lookup: { state: 'missing' }, retry }
  return { lookup: { state: 'loading' }, retry }
}

const NO_POSTS: readonly NewsPost[] = []

/**
 * The newest posts' cards once the page has started in the browser, none before (so in the
 * prerendered article): "More news" is not part of an article's page, which is built from its
 * own post alone and so is rebuilt only when that post changes.
 */
export function useNewestAfterStart(): readonly NewsPost[] {
  const store = useContentStore()
  const started = useHydrated()
  return useSyncExternalStore(
    store.subscribe,
    () => (started ? (store.get('newsPosts') ?? NO_POSTS) : NO_POSTS),
    () => NO_POSTS,
  )
}
