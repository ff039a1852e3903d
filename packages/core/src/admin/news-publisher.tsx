import { useEffect, useMemo } from 'react'

import { useContent, useContentStore } from '../content/content-provider.tsx'
import { createContentRepository } from '../content/content-repository-client.ts'
import { createNewsPublishing } from '../content/news-publishing.ts'
import type { NewsPublishing } from '../content/news-publishing.ts'
import { nextDueAt } from '../screen-editors/news/news-schedule.ts'
import { useAdminDeps } from '../auth/admin-deps.tsx'

/** The longest single wait: a far-off time is waited for in steps (timers overflow past ~24 days). */
const LONGEST_WAIT_MS = 60 * 60_000
/** When the database has not published a post the browser thinks is due (clocks differ), ask again. */
const RETRY_MS = 2_000
/** …this many times, then wait for the next change of the drafts (or the servers' own timers). */
const RETRIES = 15

/**
 * The database's news publishing (moving posts between the staff-only drafts and the public
 * `newsPosts`), and a refresh of the two documents it moves, which the store reads as staff.
 */
export function useNewsPublishing(): NewsPublishing & { refresh(): Promise<void> } {
  const { client, store } = useAdminDeps()
  return useMemo(() => {
    const publishing = createNewsPublishing(client)
    const repository = createContentRepository(client)
    const refresh = async () => {
      const rows = await repository.read(['newsPosts', 'newsDrafts'])
      for (const row of rows) {
        if (row.key === 'newsPosts' || row.key === 'newsDrafts')
          await store.applyRemote(row.key, row.value, row.version)
      }
    }
    return {
      publishDue: async () => {
        const count = await publishing.publishDue()
        if (count > 0) await refresh()
        return count
      },
      publishNow: async (id) => {
        const done = await publishing.publishNow(id)
        await refresh()
        return done
      },
      unpublish: async (id) => {
        const done = await publishing.unpublish(id)
        await refresh()
        return done
      },
      refresh,
    }
  }, [client, store])
}

/**
 * While a staff member has the admin open, a scheduled post is published at its time: when the
 * next one falls due this asks the database to publish what is due (it decides, by its own
 * clock). The production server and pg_cron do the same when nobody is signed in.
 */
export function NewsPublisher() {
  const drafts = useContent('newsDrafts')
  const store = useContentStore()
  const publishing = useNewsPublishing()
  const next = nextDueAt(drafts)
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
        if (published > 0 || stopped) return
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
