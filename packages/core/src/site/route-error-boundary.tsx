import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

import { ErrorPage } from '../pages/error/error-page.tsx'

type Props = { children: ReactNode }

type State = { error: Error | null }

/**
 * Catches an error thrown while rendering (or a page's code failing to load) and shows
 * the branded error page instead of a blank screen. Key it by the route's path to clear
 * the error when the visitor navigates elsewhere.
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
    return this.state.error ? <ErrorPage message={this.state.error.message} /> : this.props.children
  }
}
