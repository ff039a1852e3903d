/**
 * The branded page shown when rendering fails: never a blank screen. It uses plain
 * links, not the router, because the router itself may be what failed. It never shows the
 * error itself: a technical message or a file name means nothing to a family (the console
 * has it).
 */
export function ErrorPage() {
  return (
    <div className="container section status-page" role="alert">
      <p className="badge">Something went wrong</p>
      <h1>Rain delay</h1>
      <p className="lead">
        This page hit a problem while loading. Reloading usually fixes it; if not, the rest of the
        site still works.
      </p>
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

/**
 * What shows in place of a page whose code could not load because the device is offline (a
 * page opened by Back, or one whose load failed after the loading screen showed): plain words,
 * and a way to try again or go back to the page before.
 */
export function OfflinePage({ retry, back }: { retry(): void; back(): void }) {
  return (
    <div className="container section status-page" role="alert">
      <p className="badge">Offline</p>
      <h1>You’re offline</h1>
      <p className="lead">
        This page can’t open until your connection is back. Pages you have opened before may still
        be saved on this device.
      </p>
      <p>
        <button type="button" className="btn btn--primary" onClick={retry}>
          Try again
        </button>{' '}
        <button type="button" className="btn btn--outline" onClick={back}>
          Go back
        </button>
      </p>
    </div>
  )
}
