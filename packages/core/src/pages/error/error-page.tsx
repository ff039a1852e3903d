/**
 * The branded page shown when rendering fails: never a blank screen. It uses plain
 * links, not the router, because the router itself may be what failed.
 */
export function ErrorPage({ message }: { message?: string }) {
  return (
    <div className="container section status-page" role="alert">
      <p className="badge">Something went wrong</p>
      <h1>Rain delay</h1>
      <p className="lead">
        This page hit a problem while loading. Reloading usually fixes it; if not, the rest of the
        site still works.
      </p>
      {message && <p className="status-page__detail">Details: {message}</p>}
      <p>
        <a className="btn btn--primary" href="">
          Reload this page
        </a>{' '}
        <a className="btn btn--outline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  )
}
