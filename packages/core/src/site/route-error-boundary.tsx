import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

import { ErrorPage, OfflinePage } from '../pages/error/error-page.tsx'
import { retryFailedPages } from './site-routes.tsx'

type Props = { children: ReactNode }

type State = { error: Error | null }

/** Whether the browser says it has no connection (`navigator.onLine`, false only when sure). */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * Catches an error thrown while rendering (or a page's code failing to load) and shows
 * the branded error page instead of a blank screen; offline, a page whose code could not load
 * says so and offers to try again (its code is then loaded afresh: see retryFailedPages). Key
 * it by the route's path to clear the error when the visitor navigates elsewhere. The error
 * itself goes to the console only.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(thrown: unknown): State {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    if (offline())
      return (
        <OfflinePage
          retry={() => {
            retryFailedPages()
            this.setState({ error: null })
          }}
          back={() => history.back()}
        />
      )
    return <ErrorPage />
  }
}
