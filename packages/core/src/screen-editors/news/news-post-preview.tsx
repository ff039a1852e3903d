import type { NewsPost } from '../../entities/news-post.ts'
import { NewsArticlePage } from '../../pages/news-article/news-article-page.tsx'
import { newsPostKey } from '../../entities/content-key-list.ts'
import { NewsCardExcerpt, NewsCardTitleLink } from '../../pages/news/news-card-text.tsx'
import { formatClubDate } from '../../club/club-time.ts'

/**
 * What the news editor's Preview shows: the post's card as the news list, the home page and
 * the carousel show it, then the article as the public page renders it (the edited post first, so it
 * wins over a stored post with the same address).
 *
 * @example
 * <NewsPostPreview post={{ ...cleaned, slug: cleaned.slug || 'preview' }} otherPosts={others} />
 */
export function NewsPostPreview({
  post: previewPost,
  otherPosts,
}: {
  post: NewsPost
  otherPosts: readonly NewsPost[]
}) {
  return (
    <>
      <section className="container section news-editor__card-preview" aria-label="Card">
        <p className="news-editor__preview-label">
          The card, on the news list, the home page and in the carousel
        </p>
        <ul className="news-editor__card-list" role="list">
          <li
            className={
              previewPost.cardImageUrl || previewPost.imageUrl
                ? 'card news-card'
                : 'card news-card news-card--text'
            }
          >
            {(previewPost.cardImageUrl || previewPost.imageUrl) && (
              <div className="news-card__media">
                <img
                  src={previewPost.cardImageUrl || previewPost.imageUrl}
                  alt=""
                  width={1200}
                  height={675}
                />
              </div>
            )}
            <div className="card__body">
              <h3 className="news-card__title">
                <NewsCardTitleLink post={previewPost} />
              </h3>
              <p className="news-card__meta">
                <time dateTime={previewPost.date}>{formatClubDate(previewPost.date)}</time>
                {previewPost.author && ` · By ${previewPost.author}`}
              </p>
              <NewsCardExcerpt post={previewPost} />
            </div>
          </li>
        </ul>
      </section>
      <p className="container news-editor__preview-label">The article</p>
      <NewsArticlePage
        post={previewPost}
        postKey={newsPostKey(previewPost.id)}
        newest={otherPosts}
      />
    </>
  )
}
