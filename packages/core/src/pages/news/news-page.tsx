import { EditableText } from '../../editing/editable.tsx'
import type { NewsPost } from '../../entities/news-post.ts'
import { formatClubDate } from '../../club/club-time.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { PagedList } from '../shared/paged-list.tsx'
import type { IndexedPost } from './news-carousel.tsx'
import { NewsCarousel } from './news-carousel.tsx'
import {
  cardImageOf,
  NewsCardExcerpt,
  NewsCardImage,
  NewsCardTitleLink,
} from './news-card-text.tsx'
import './news-page.css'

/** Posts in the list at first, and added by each "Show more" (a multiple of 2 and 3 columns). */
export const NEWS_PAGE_SIZE = 12

/** Props of {@link NewsPage}. */
export type NewsPageProps = {
  /** `newsPosts`, in stored order. */
  posts: readonly NewsPost[]
}

/**
 * Posts newest first by date; posts of the same date keep their stored order. Each keeps its
 * stored index, which is where an edit to it goes.
 */
export function newestFirst(posts: readonly NewsPost[]): IndexedPost[] {
  return posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => (a.post.date < b.post.date ? 1 : a.post.date > b.post.date ? -1 : 0))
}

function NewsCard({ post, index }: IndexedPost) {
  const image = cardImageOf(post)
  return (
    // A post without a photo is a card of text, not a blank box where the photo would be.
    <li className={image ? 'card news-card' : 'card news-card news-card--text'}>
      {image && (
        <div className="news-card__media">
          <NewsCardImage
            post={post}
            index={index}
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 50vw, 100vw"
          />
        </div>
      )}
      <div className="card__body">
        <h3 className="news-card__title">
          <NewsCardTitleLink post={post} index={index} />
        </h3>
        <p className="news-card__meta">
          <time dateTime={post.date}>{formatClubDate(post.date)}</time>
          {post.author && (
            <>
              {' · By '}
              <EditableText contentKey="newsPosts" path={[index, 'author']} value={post.author} />
            </>
          )}
        </p>
        <NewsCardExcerpt post={post} index={index} />
      </div>
    </li>
  )
}

/**
 * The news page (`paths.news()`): the featured-story carousel, then every post as a card, newest first, a
 * page of {@link NEWS_PAGE_SIZE} at a time.
 */
export function NewsPage({ posts }: NewsPageProps) {
  const sorted = newestFirst(posts)
  const featured = sorted.filter(({ post }) => post.showInCarousel)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>News &amp; Updates</h1>
          <p>Registration, tryouts, schedules and stories from around the league.</p>
        </div>
      </section>
      {featured.length > 0 && (
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
          <h2 id="news-all">All news</h2>
          {sorted.length === 0 ? (
            <p>No news yet. Check back soon for registration dates, tryouts and league updates.</p>
          ) : (
            <PagedList
              items={sorted}
              pageSize={NEWS_PAGE_SIZE}
              itemKey={(entry) => entry.post.id}
              noun="news posts"
              listProps={{ className: 'grid news-list' }}
              renderItem={(entry) => <NewsCard {...entry} />}
            />
          )}
        </div>
      </section>
    </>
  )
}

/** Head tags of the news page; the share image is the newest post's image, if any. */
export function newsMeta(posts: readonly NewsPost[]): PageMeta {
  const newest = newestFirst(posts)[0]?.post
  const image = newest ? cardImageOf(newest) : ''
  return {
    title: pageTitle('News & Updates'),
    description:
      'The latest league news for families: registration dates, tryout announcements, weather decisions, camps and stories from our teams and alumni.',
    ...(image ? { image } : {}),
  }
}
