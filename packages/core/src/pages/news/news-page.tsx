import { EditableText } from '../../editing/editable.tsx'
import type { NewsPost } from '../../entities/news-post.ts'
import { formatClubDate } from '../../club/club-time.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { Link } from '../../ui/link.tsx'
import { newsPostKey } from '../../entities/content-key-list.ts'
import { NEWS_PAGE_SIZE } from '../../entities/enums.ts'
import type { NewsYear } from '../../entities/news-post.ts'
import { NewsCarousel } from './news-carousel.tsx'
import {
  cardImageOf,
  NewsCardExcerpt,
  NewsCardImage,
  NewsCardTitleLink,
} from './news-card-text.tsx'
import './news-page.css'

/** Props of {@link NewsPage}. */
export type NewsPageProps = {
  /** The newest posts' cards (`newsPosts`): the featured stories are those among them. */
  newest: readonly NewsPost[]
  /** The page of the list shown, as the route has it. */
  list: NewsListView
  /** The years that have posts, once known (the year filter); undefined until then. */
  years: readonly NewsYear[] | undefined
  /** The address of page `page` of the list (of `year`, or of every year). */
  pageHref(page: number, year: number | undefined): string
  /** Reads the page again after a failure. */
  onRetry(): void
}

/** One page of the news list: its cards, or its read under way or failed. */
export type NewsListView = { page: number; year: number | undefined } & (
  | { state: 'ready'; cards: readonly NewsPost[]; pageCount: number | undefined }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
)

/** Posts newest first by date; posts of the same date keep their order. */
export function newestFirst(posts: readonly NewsPost[]): NewsPost[] {
  return [...posts].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}

function NewsCard({ post }: { post: NewsPost }) {
  const image = cardImageOf(post)
  return (
    // A post without a photo is a card of text, not a blank box where the photo would be.
    <li className={image ? 'card news-card' : 'card news-card news-card--text'}>
      {image && (
        <div className="news-card__media">
          <NewsCardImage
            post={post}
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 50vw, 100vw"
          />
        </div>
      )}
      <div className="card__body">
        <h3 className="news-card__title">
          <NewsCardTitleLink post={post} />
        </h3>
        <p className="news-card__meta">
          <time dateTime={post.date}>{formatClubDate(post.date)}</time>
          {post.author && (
            <>
              {' · By '}
              <EditableText
                contentKey={newsPostKey(post.id)}
                path={['author']}
                value={post.author}
              />
            </>
          )}
        </p>
        <NewsCardExcerpt post={post} />
      </div>
    </li>
  )
}

/** Links to every year that has posts, and to all of them. */
function YearFilter({
  years,
  year,
  pageHref,
}: Pick<NewsPageProps, 'years' | 'pageHref'> & { year: number | undefined }) {
  if (!years || years.length < 2) return null
  const choices = [undefined, ...years.map((entry) => entry.year)]
  return (
    <nav className="news-years" aria-label="News by year">
      <ul>
        {choices.map((choice) => (
          <li key={choice ?? 'all'}>
            <Link to={pageHref(1, choice)} aria-current={choice === year ? 'page' : undefined}>
              {choice ?? 'All years'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Newer and older pages, and where this one stands. */
function PageLinks({ list, pageHref }: Pick<NewsPageProps, 'list' | 'pageHref'>) {
  if (list.state !== 'ready') return null
  const { page, year, pageCount, cards } = list
  // Until the count is known, a full page may have more after it.
  const hasOlder = pageCount === undefined ? cards.length >= NEWS_PAGE_SIZE : page < pageCount
  if (page === 1 && !hasOlder) return null
  return (
    <nav className="news-pages" aria-label="News pages">
      {page > 1 && (
        <Link className="btn btn--outline" to={pageHref(page - 1, year)} rel="prev">
          ← Newer news
        </Link>
      )}
      {pageCount !== undefined && (
        <span className="news-pages__where">
          Page {page} of {pageCount}
        </span>
      )}
      {hasOlder && (
        <Link className="btn btn--outline" to={pageHref(page + 1, year)} rel="next">
          Older news →
        </Link>
      )}
    </nav>
  )
}

function ListBody({ list, onRetry }: Pick<NewsPageProps, 'list' | 'onRetry'>) {
  if (list.state === 'loading') {
    return (
      <p className="news-list__status" role="status">
        Loading news…
      </p>
    )
  }
  if (list.state === 'failed') {
    return (
      <div className="news-list__status" role="alert">
        <p>These news posts could not be loaded. Check your connection, then try again.</p>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  }
  if (list.cards.length === 0) {
    return (
      <p>
        {list.page > 1 || list.year !== undefined
          ? 'No news posts here.'
          : 'No news yet. Check back soon for registration dates, tryouts and league updates.'}
      </p>
    )
  }
  return (
    <ul className="grid news-list">
      {list.cards.map((post) => (
        <NewsCard key={post.id} post={post} />
      ))}
    </ul>
  )
}

/**
 * The news page (`paths.news()`): the featured-story carousel, then the posts as cards, newest
 * first, a page of {@link NEWS_PAGE_SIZE} at a time, each page its own address (`?page=2`), and
 * a filter by year (`?year=2025`).
 */
export function NewsPage({ newest, list, years, pageHref, onRetry }: NewsPageProps) {
  const featured = newestFirst(newest).filter((post) => post.showInCarousel)
  const heading = list.year === undefined ? 'All news' : `News from ${String(list.year)}`
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>News &amp; Updates</h1>
          <p>Registration, tryouts, schedules and stories from around the league.</p>
        </div>
      </section>
      {featured.length > 0 && list.page === 1 && list.year === undefined && (
        // Not a landmark of its own: the carousel inside is the region this heading names.
        <section className="section section--tint">
          <div className="container">
            <h2 id="news-featured">Featured stories</h2>
            <NewsCarousel slides={featured} headingId="news-featured" />
          </div>
        </section>
      )}
      <section className="section" aria-labelledby="news-all">
        <div className="container">
          <h2 id="news-all">{heading}</h2>
          <YearFilter years={years} year={list.year} pageHref={pageHref} />
          <ListBody list={list} onRetry={onRetry} />
          <PageLinks list={list} pageHref={pageHref} />
        </div>
      </section>
    </>
  )
}

/** Head tags of the news page; the share image is the newest post's image, if any. */
export function newsMeta(posts: readonly NewsPost[]): PageMeta {
  const newest = newestFirst(posts)[0]
  const image = newest ? cardImageOf(newest) : ''
  return {
    title: pageTitle('News & Updates'),
    description:
      'The latest league news for families: registration dates, tryout announcements, weather decisions, camps and stories from our teams and alumni.',
    ...(image ? { image } : {}),
  }
}
