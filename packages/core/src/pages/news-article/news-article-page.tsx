import { Fragment } from 'react'
import type { ReactNode } from 'react'

import { Link } from '../../ui/link.tsx'
import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableHtmlList } from '../../editing/editable-html-list.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { MAX_NEWS_LIST_ITEMS } from '../../entities/enums.ts'
import type { NewsBlock, NewsPost } from '../../entities/news-post.ts'
import { CLUB_NAME } from '../shared/club-names.ts'
import { formatClubDate } from '../../club/club-time.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { absoluteUrl, itemMeta, notFoundMeta } from '../shared/page-meta.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { blockLabel, newParagraphBlock } from './article-blocks.ts'
import { blockColorClass } from './block-colors.ts'
import './news-article-page.css'
import { ShareAction } from '../shared/share-action.tsx'
import { paths } from '../../routing/public-paths.ts'

const IMAGE_SIZE = { width: 1200, height: 675 }
const LOGO_PATH = '/images/logo.svg'

/** Props of {@link NewsArticlePage}. */
export type NewsArticlePageProps = {
  /** The post, as stored under `postKey`. */
  post: NewsPost
  /** The key of the post's document (`news/<id>`), where edits in place are saved. */
  postKey: string
  /** The newest other posts' cards (`newsPosts`), for "More news". */
  newest: readonly NewsPost[]
}

function classes(...names: string[]): string | undefined {
  const joined = names.filter(Boolean).join(' ')
  return joined || undefined
}

function Block({
  contentKey: CONTENT_KEY,
  block,
  path,
  hasH2Before,
}: {
  contentKey: string
  block: NewsBlock
  path: readonly ['content', number]
  hasH2Before: boolean
}): ReactNode {
  const color = blockColorClass(block.colorClass)
  switch (block.type) {
    case 'heading2':
    case 'heading3':
    case 'paragraph': {
      // A third-level heading with no second-level one above it would skip a level for screen
      // readers: it is then marked up as h2, styled as h3.
      const skipsLevel = block.type === 'heading3' && !hasH2Before
      const tag =
        block.type === 'paragraph' ? 'p' : block.type === 'heading3' && !skipsLevel ? 'h3' : 'h2'
      return (
        <EditableText
          as={tag}
          className={classes(color, skipsLevel ? 'article__h3' : '')}
          contentKey={CONTENT_KEY}
          path={[...path, 'text']}
          value={block.text}
        />
      )
    }
    case 'list':
      return (
        <EditableHtmlList
          className={classes(color) || undefined}
          contentKey={CONTENT_KEY}
          path={[...path, 'items']}
          items={block.items}
          maxItems={MAX_NEWS_LIST_ITEMS}
        />
      )
    case 'button':
      return (
        <p className={classes('article__button', color)}>
          <EditableRegion contentKey={CONTENT_KEY} path={[...path, 'link']}>
            <SmartLink to={block.link} className={`btn btn--${block.variant}`}>
              <EditableText contentKey={CONTENT_KEY} path={[...path, 'text']} value={block.text} />
            </SmartLink>
          </EditableRegion>
        </p>
      )
    case 'image':
      return (
        <figure className={classes('article__figure', color)}>
          <EditableImage
            contentKey={CONTENT_KEY}
            path={[...path, 'src']}
            src={block.src}
            alt={block.alt}
            {...IMAGE_SIZE}
            sizes="(min-width: 48rem) 46rem, 100vw"
          />
          {block.caption && (
            <EditableText
              as="figcaption"
              contentKey={CONTENT_KEY}
              path={[...path, 'caption']}
              value={block.caption}
            />
          )}
        </figure>
      )
    default:
      // A block type added to the schema later shows nothing rather than breaking the page.
      return null
  }
}

/**
 * One news article (`paths.newsPost(slug)`): one article with every block of its body, and the
 * three newest other posts. (The route finds the post; an unknown address shows NotFoundPage.)
 */
export function NewsArticlePage({ post, postKey, newest }: NewsArticlePageProps) {
  const CONTENT_KEY = postKey
  const more = newest
    .filter((other) => other.id !== post.id)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, 3)
  const firstH2 = post.content.findIndex((block) => block.type === 'heading2')

  return (
    <>
      <article className="article">
        <header className="page-hero">
          <div className="container article__narrow">
            <p>
              <Link to={paths.news()} className="article__back">
                ← All news
              </Link>
            </p>
            <EditableText as="h1" contentKey={CONTENT_KEY} path={['title']} value={post.title} />
            <p className="article__byline">
              {post.author && (
                <>
                  {'By '}
                  <EditableText contentKey={CONTENT_KEY} path={['author']} value={post.author} />
                  {' · '}
                </>
              )}
              <time dateTime={post.date}>{formatClubDate(post.date)}</time>
            </p>
            <ShareAction title={post.title} path={paths.newsPost(post.slug)} tone="dark" />
          </div>
        </header>
        <div className="container article__narrow section">
          {post.imageUrl && (
            <div className="article__hero-image">
              <EditableImage
                contentKey={CONTENT_KEY}
                path={['imageUrl']}
                src={post.imageUrl}
                alt=""
                {...IMAGE_SIZE}
                priority
                sizes="(min-width: 48rem) 46rem, 100vw"
              />
            </div>
          )}
          <EditableList
            as="div"
            className="article__body"
            // Blocks are the body's own children (headings, paragraphs, figures).
            itemAs={Fragment}
            contentKey={CONTENT_KEY}
            path={['content']}
            items={post.content}
            itemKey={(block) => block.id}
            itemLabel={blockLabel}
            newItem={newParagraphBlock}
            renderItem={(block, blockIndex) => (
              <Block
                contentKey={CONTENT_KEY}
                block={block}
                path={['content', blockIndex]}
                hasH2Before={firstH2 !== -1 && firstH2 < blockIndex}
              />
            )}
          />
        </div>
      </article>
      {/* Other posts' cards: the site search finds them on their own pages, not here. */}
      {more.length > 0 && (
        <section
          className="section section--tint"
          aria-labelledby="article-more"
          data-pagefind-ignore="all"
        >
          <div className="container article__narrow">
            <h2 id="article-more">More news</h2>
            <ul className="article__more">
              {more.map((other) => (
                <li key={other.id}>
                  <Link to={paths.newsPost(other.slug)}>{other.title}</Link>{' '}
                  <time dateTime={other.date}>{formatClubDate(other.date)}</time>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  )
}

/** Head tags of an address that leads to no news post. */
export function missingNewsArticleMeta(): PageMeta {
  return notFoundMeta(
    'We could not find that news story. It may have moved or been removed; browse all league news, registration updates and announcements instead.',
  )
}

/** Head tags of one article. */
export function newsArticleMeta(post: NewsPost): PageMeta {
  return itemMeta({
    name: post.title,
    text: post.excerpt || post.cardExcerpt,
    tail: 'Read the full story and more league news for families.',
    image: post.imageUrl || post.cardImageUrl,
  })
}

/**
 * schema.org NewsArticle for one post, with absolute URLs built on `siteUrl` (e.g.
 * `https://club.example.org`). Plain data: the app serializes it into the head.
 */
export function newsArticleJsonLd(post: NewsPost, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, paths.newsPost(post.slug))
  const images = [post.imageUrl, post.cardImageUrl]
    .filter((src, position, all) => src !== '' && all.indexOf(src) === position)
    .map((src) => absoluteUrl(siteUrl, src))
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: post.title,
    description: post.excerpt || post.cardExcerpt || undefined,
    datePublished: post.date,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: post.author
      ? { '@type': 'Person', name: post.author }
      : { '@type': 'Organization', name: CLUB_NAME },
    image: images.length > 0 ? images : undefined,
    publisher: {
      '@type': 'Organization',
      name: CLUB_NAME,
      url: absoluteUrl(siteUrl, '/'),
      logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, LOGO_PATH) },
    },
  }
}
