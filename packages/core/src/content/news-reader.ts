import type { RestGet } from '../backend/public-read-client.ts'
import { NEWS_PAGE_SIZE } from '../entities/enums.ts'
import type { NewsYear } from '../entities/news-post.ts'
import {
  classify,
  getJson,
  readAllNewsPosts,
  storedDocumentOf,
  type StoredDocument,
} from './content-repository.ts'

/** One page of the news list, as the database answers it (cards unchecked: parse them). */
export type NewsCardsPage = { cards: unknown; total: number }

/** A news post found by its address; `moved` when the address is one it had before. */
export type FoundNewsPost = StoredDocument & { moved: boolean }

/**
 * What pages read of the news archive beyond the newest cards (`newsPosts`): one post by its
 * address, one page of the list, the years. Visitors' reads, one plain GET each, through the
 * database's functions (supabase/migrations/*_news_posts_as_rows.sql); row-level security
 * answers published posts only.
 */
export type NewsReader = {
  postBySlug(slug: string): Promise<FoundNewsPost | undefined>
  page(options: { page: number; year?: number | undefined }): Promise<NewsCardsPage>
  years(): Promise<NewsYear[]>
  /** Every post this reader may read, a thousand a request (the build's prerender). */
  all(): Promise<StoredDocument[]>
}

const whole = (value: unknown, fallback: number) =>
  Number.isInteger(value) && Number(value) >= 0 ? Number(value) : fallback

/**
 * The news reader over PostgREST's GET (`createPublicReadClient`).
 *
 * @example
 * const news = createNewsReader(createPublicReadClient(config))
 * const { cards, total } = await news.page({ page: 2, year: 2025 })
 */
export function createNewsReader(get: RestGet): NewsReader {
  return {
    async postBySlug(slug) {
      const query = new URLSearchParams({ post_slug: slug })
      const rows = await getJson(get, `rpc/news_post_by_slug?${query}`)
      if (!Array.isArray(rows))
        throw classify({ message: 'The backend answered with no list' }, 502)
      const row = rows[0] as Record<string, unknown> | undefined
      return row && { ...storedDocumentOf(row), moved: row.moved === true }
    },
    async page({ page, year }) {
      const query = new URLSearchParams({
        page: String(Math.max(1, Math.floor(page))),
        page_size: String(NEWS_PAGE_SIZE),
      })
      if (year !== undefined) query.set('year', String(year))
      const rows = await getJson(get, `rpc/news_cards_page?${query}`)
      const row = (Array.isArray(rows) ? rows[0] : undefined) as Record<string, unknown> | undefined
      if (!row) throw classify({ message: 'The backend answered with no page' }, 502)
      return { cards: row.cards, total: whole(row.total, 0) }
    },
    all: () => readAllNewsPosts(get),
    async years() {
      const rows = await getJson(get, 'rpc/news_years')
      if (!Array.isArray(rows))
        throw classify({ message: 'The backend answered with no list' }, 502)
      return (rows as Record<string, unknown>[])
        .map((row) => ({ year: whole(row.year, -1), posts: whole(row.posts, 0) }))
        .filter((row) => row.year >= 0)
    },
  }
}
