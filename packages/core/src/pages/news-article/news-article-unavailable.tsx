import { Link } from '../../ui/link.tsx'
import { paths } from '../../routing/public-paths.ts'

/**
 * The article's place while its post is read (an older post, opened from the list or a link),
 * or when the read failed: the visitor can try again or go back to the list.
 */
export function NewsArticleUnavailable({
  failure,
  onRetry,
}: {
  /** What went wrong; undefined while the post is being read. */
  failure: string | undefined
  onRetry: () => void
}) {
  if (failure === undefined) {
    return (
      <div className="container section status-page" role="status">
        <p className="lead">Loading the story…</p>
      </div>
    )
  }
  return (
    <div className="container section status-page" role="alert">
      <h1>This story could not be loaded</h1>
      <p className="lead">The club’s site did not answer. Check your connection, then try again.</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          Try again
        </button>{' '}
        <Link className="btn btn--outline" to={paths.news()}>
          All news
        </Link>
      </p>
    </div>
  )
}
