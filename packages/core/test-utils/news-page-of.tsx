import type { NewsPost } from '../src/entities/news-post.ts'
import { NEWS_PAGE_SIZE } from '../src/entities/enums.ts'
import { newestFirst, NewsPage } from '../src/pages/news/news-page.tsx'
import type { NewsListView, NewsPageProps } from '../src/pages/news/news-page.tsx'

/** The list's first page as the route gives it: the newest cards, a page of them. */
export function firstPageOf(posts: readonly NewsPost[]): NewsListView {
  return {
    state: 'ready',
    page: 1,
    year: undefined,
    cards: newestFirst(posts).slice(0, NEWS_PAGE_SIZE),
    pageCount: Math.max(1, Math.ceil(posts.length / NEWS_PAGE_SIZE)),
  }
}

/** The news page over `posts` as its newest cards, on its first page (tests). */
export function NewsPageOf({
  posts,
  ...rest
}: { posts: readonly NewsPost[] } & Partial<NewsPageProps>) {
  return (
    <NewsPage
      newest={posts}
      list={firstPageOf(posts)}
      years={undefined}
      pageHref={(page, year) =>
        `/news-and-updates?${new URLSearchParams({ page: String(page), ...(year ? { year: String(year) } : {}) })}`
      }
      onRetry={() => {}}
      {...rest}
    />
  )
}
