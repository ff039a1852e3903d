import { Link } from '../../ui/link.tsx'
import { EditableImage, EditableText } from '../../editing/editable.tsx'
import type { NewsPost } from '../../entities/news-post.ts'
import { paths } from '../../routing/public-paths.ts'
import { newsPostKey } from '../../entities/content-key-list.ts'

/** A post's card; its edits go to the post's own document (`news/<id>`). */
type PostAt = { post: NewsPost }

/**
 * A post's card title (its `cardTitle`, else its title) as a link to the article: the same on
 * the news list, the carousel and the home page's news strip.
 */
export function NewsCardTitleLink({ post }: PostAt) {
  return (
    <Link to={paths.newsPost(post.slug)}>
      <EditableText
        contentKey={newsPostKey(post.id)}
        path={[post.cardTitle ? 'cardTitle' : 'title']}
        value={post.cardTitle || post.title}
      />
    </Link>
  )
}

/** A post's card photo: its `cardImageUrl`, else its article's photo; '' when it has neither. */
export const cardImageOf = (post: NewsPost): string => post.cardImageUrl || post.imageUrl

/**
 * A post's card photo (see {@link cardImageOf}), editable where it is stored: the same on the
 * news list, the carousel and the home page's news strip. Nothing when the post has none.
 */
export function NewsCardImage({
  post,
  sizes,
  className,
  priority,
}: PostAt & { sizes: string; className?: string; priority?: boolean }) {
  const image = cardImageOf(post)
  if (!image) return null
  return (
    <EditableImage
      contentKey={newsPostKey(post.id)}
      path={[post.cardImageUrl ? 'cardImageUrl' : 'imageUrl']}
      src={image}
      alt=""
      width={1200}
      height={675}
      sizes={sizes}
      className={className}
      priority={priority}
    />
  )
}

/** A post's card excerpt (its `cardExcerpt`, else its excerpt), as a paragraph. */
export function NewsCardExcerpt({ post, className }: PostAt & { className?: string }) {
  return (
    <EditableText
      as="p"
      className={className}
      contentKey={newsPostKey(post.id)}
      path={[post.cardExcerpt ? 'cardExcerpt' : 'excerpt']}
      value={post.cardExcerpt || post.excerpt}
    />
  )
}
