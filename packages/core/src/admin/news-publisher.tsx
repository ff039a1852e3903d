import { useEffect, useMemo, useSyncExternalStore } from 'react'

import { useContentStore } from '../content/content-provider.tsx'
import type { SiteContentStore } from '../content/content-provider.tsx'
import { isNewsPostKey } from '../entities/content-key-list.ts'
import type { NewsDraft } from '../entities/news-post.ts'
import { nextDueAt } from '../screen-editors/news/news-schedule.ts'
import { createNewsPublishing } from '../content/news-publishing.ts'
import type { NewsPublishing } from '../content/news-publishing.ts'
import { useAdminDeps } from '../auth/admin-deps.tsx'

/**
 * The database's staff news calls (publishing, the list of posts, deleting one), each followed by
 * a read of what it changed: the newest cards (`newsPosts`), which the database rewrites.
 */
export function useNewsPublishing(): NewsPublishing {
  const { client, store } = useAdminDeps()
  return useMemo(() => {
    const publishing = createNewsPublishing(client)
    const refresh = async () => {
      await store.loadDocuments(['newsPosts']).catch(() => undefined)
    }
    const then =
      <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
      async (...args: A) => {
        const answer = await call(...args)
        await refresh()
        return answer
      }
    return {
      publishDue: async () => {
        const count = await publishing.publishDue()
        if (count > 0) await refresh()
        return count
      },
      publishNow: then(publishing.publishNow),
      unpublish: then(publishing.unpublish),
      remove: then(publishing.remove),
      list: publishing.list,
      postsUsing: publishing.postsUsing,
      imageRefs: publishing.imageRefs,
    }
  }, [client, store])
}

/** The longest single wait: a far-off time is waited for in steps (timers overflow past ~24 days). */
const LONGEST_WAIT_MS = 60 * 60_000
/** When the database has not published a post the browser thinks is due (clocks differ), ask again. */
const RETRY_MS = 2_000
/** …this many times, then wait for the next change of the posts held (or the servers' own timers). */
const RETRIES = 15

/** The posts this session holds that are not on the site yet (the editor read them). */
function heldDrafts(store: SiteContentStore): NewsDraft[] {
  return store
    .documentKeys()
    .filter(isNewsPostKey)
    .map((key) => store.get(key))
    .filter((post) => post !== undefined && !post.published)
}

/**
 * While a staff member has a scheduled post open, it is published at its time: when it falls
 * due this asks the database to publish what is due (it decides, by its own clock), then reads
 * the posts it holds again. The production server and pg_cron do the same when nobody is signed
 * in; visitors can read a scheduled post from its time on in any case (row-level security).
 */
export function NewsPublisher() {
  const store = useContentStore()
  const publishing = useNewsPublishing()
  const next = useSyncExternalStore(
    store.subscribe,
    () => nextDueAt(heldDrafts(store)),
    () => undefined,
  )
  useEffect(() => {
    if (next === undefined) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    let tries = 0
    const wait = (ms: number) => {
      timer = setTimeout(() => void attempt(), Math.max(0, Math.min(ms, LONGEST_WAIT_MS)))
    }
    const attempt = async () => {
      if (stopped) return
      if (Date.now() < next) return wait(next - Date.now())
      // Only staff sessions save; a signed-out tab leaves it to the servers.
      if (!store.canSave()) return wait(RETRY_MS)
      try {
        const published = await publishing.publishDue()
        if (published > 0) {
          await store.loadDocuments(store.documentKeys().filter(isNewsPostKey))
          return
        }
        if (stopped) return
      } catch {
        // Offline or refused: the servers publish it; try again meanwhile.
      }
      if (++tries <= RETRIES) wait(RETRY_MS)
    }
    wait(next - Date.now())
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [next, publishing, store])
  return null
}
