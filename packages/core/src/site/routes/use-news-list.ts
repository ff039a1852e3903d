import { useCallback, useEffect, useState } from 'react'

import { useNewsReader } from '../../content/news-reader-context.ts'
import { NEWS_PAGE_SIZE } from '../../entities/enums.ts'
import type { NewsPost, NewsYear } from '../../entities/news-post.ts'
import { newestFirst, type NewsListView } from '../../pages/news/news-page.tsx'

/** The cards a page of the list read, checked as any stored document is (hostile until then). */
async function parseCards(raw: unknown): Promise<NewsPost[]> {
  const { parseDocument } = await import('../../entities/parse-document.ts')
  return parseDocument('newsPosts', raw, [])
}

/**
 * The years that have posts (the list's year filter and its page count), read once the page
 * has opened; undefined until then, or when the read failed (the list works without them).
 */
export function useNewsYears(): NewsYear[] | undefined {
  const reader = useNewsReader()
  const [years, setYears] = useState<NewsYear[]>()
  useEffect(() => {
    if (!reader) return
    let current = true
    reader.years().then(
      (answer) => {
        if (current) setYears(answer)
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [reader])
  return years
}

/**
 * Page `page` of the news list, of `year` or of every year. The first page of every year is the
 * newest cards the page already holds (`newsPosts`, prerendered with it); any other is read
 * from the database when asked for, and can be read again after a failure.
 *
 * @example
 * const { list, retry } = useNewsList({ page: 2, year: undefined, newest, years })
 */
export function useNewsList(options: {
  page: number
  year: number | undefined
  newest: readonly NewsPost[]
  years: readonly NewsYear[] | undefined
}): { list: NewsListView; retry: () => void } {
  const { page, year, newest, years } = options
  const reader = useNewsReader()
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<{
    at: string
    result: { cards: NewsPost[]; total: number } | { failed: string }
  }>()
  const at = `${page}:${year ?? ''}:${attempt}`
  const fromNewest = page === 1 && year === undefined

  useEffect(() => {
    if (fromNewest || answer?.at === at || !reader) return
    let current = true
    void (async () => {
      try {
        const { cards, total } = await reader.page({ page, year })
        const parsed = await parseCards(cards)
        if (current) setAnswer({ at, result: { cards: parsed, total } })
      } catch (error) {
        const failed = error instanceof Error ? error.message : String(error)
        if (current) setAnswer({ at, result: { failed } })
      }
    })()
    return () => {
      current = false
    }
  }, [reader, page, year, at, fromNewest, answer?.at])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const pages = (total: number) => Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE))
  if (fromNewest) {
    const total = years?.reduce((sum, entry) => sum + entry.posts, 0)
    return {
      list: {
        state: 'ready',
        page,
        year,
        cards: newestFirst(newest).slice(0, NEWS_PAGE_SIZE),
        pageCount: total === undefined ? undefined : pages(total),
      },
      retry,
    }
  }
  const result =
    answer?.at === at
      ? answer.result
      : reader
        ? undefined
        : { failed: 'The news archive cannot be read here.' }
  if (!result) return { list: { state: 'loading', page, year }, retry }
  if ('failed' in result)
    return { list: { state: 'failed', page, year, message: result.failed }, retry }
  return {
    list: { state: 'ready', page, year, cards: result.cards, pageCount: pages(result.total) },
    retry,
  }
}
