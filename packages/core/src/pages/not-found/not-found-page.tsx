import { Link } from '../../ui/link.tsx'
import { paths } from '../../routing/public-paths.ts'

/** The branded page for a route, slug or team key that does not exist. */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  return (
    <div className="container section status-page">
      <p className="badge">Error 404</p>
      <h1>That page is out of the park</h1>
      <p className="lead">
        We couldn’t find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <p>
        <Link className="btn btn--primary" to={homePath}>
          Back to the home page
        </Link>{' '}
        <Link className="btn btn--outline" to={paths.programs()}>
          See our programs
        </Link>
      </p>
    </div>
  )
}
